import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, timestamp, uniqueIndex, uuid, varchar } from 'drizzle-orm/pg-core';
import { users } from '#server/db/schema.ts';
import { stories } from '../stories/schema.ts';

/**
 * An uploaded picture, re-encoded to WebP without metadata in the sizes of `IMAGE_SIZES`
 * (files in the image storage under its id). `kind` 'story': uploaded from the story form, a draft
 * (story_id null) until a story is published with it, then at `position` with its alt text;
 * 'avatar': the owner's profile picture (one at most). Files are written before the row and
 * deleted after it.
 */
export const images = pgTable(
  'images',
  {
    id: uuid('id').primaryKey(),
    ownerId: integer('owner_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: varchar('kind', { length: 8 }).notNull(),
    storyId: integer('story_id').references(() => stories.id, { onDelete: 'cascade' }),
    position: integer('position').notNull().default(0),
    alt: varchar('alt', { length: 300 }).notNull().default(''),
    /** Size of the largest stored rendition (what width/height attributes say, scaled). */
    width: integer('width').notNull(),
    height: integer('height').notNull(),
    /** Bytes of all stored renditions together. */
    bytes: integer('bytes').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    index('images_story_idx').on(t.storyId, t.position),
    index('images_owner_idx').on(t.ownerId, t.kind),
    uniqueIndex('images_one_avatar_idx')
      .on(t.ownerId)
      .where(sql`${t.kind} = 'avatar'`),
    check('images_kind_check', sql`${t.kind} in ('story', 'avatar')`),
  ],
);
