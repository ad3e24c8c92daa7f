import { sql } from 'drizzle-orm';
import { boolean, index, integer, pgTable, serial, timestamp, varchar } from 'drizzle-orm/pg-core';
import { users } from '#server/db/schema.ts';
import { challenges } from '../challenges/schema.ts';
import { creatorTiers } from '../creators/schema.ts';
import { videos } from '../videos/schema.ts';

/**
 * An athlete's story: a title, a body (plain text or safe Markdown), optionally one of their own ready
 * videos and a challenge it is about. Moderators hide it (`hidden_at`); hidden, it shows to its author
 * alone, marked. The author deletes it outright (its comments go with it).
 */
export const stories = pgTable(
  'stories',
  {
    id: serial('id').primaryKey(),
    authorId: integer('author_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    title: varchar('title', { length: 120 }).notNull(),
    body: varchar('body', { length: 5000 }).notNull(),
    videoId: varchar('video_id', { length: 36 }).references(() => videos.id, { onDelete: 'set null' }),
    challengeId: integer('challenge_id').references(() => challenges.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
    hiddenAt: timestamp('hidden_at', { withTimezone: true }),
    /** For the author's subscribers only: others get the title and a teaser (domain/stories.ts readsInFull). */
    subscribersOnly: boolean('subscribers_only').notNull().default(false),
    /** The tier it is for (that tier's price or higher); null: any of the author's tiers. */
    subscriberTierId: integer('subscriber_tier_id').references(() => creatorTiers.id, { onDelete: 'set null' }),
  },
  (t) => [
    // The Community feed: visible stories, newest first.
    index('stories_feed_idx')
      .on(t.createdAt.desc(), t.id.desc())
      .where(sql`${t.hiddenAt} is null`),
    // My Stories: one author's, newest first.
    index('stories_author_idx').on(t.authorId, t.createdAt.desc(), t.id.desc()),
    index('stories_video_idx').on(t.videoId),
  ],
);

/** A signed-in user's comment under a story; moderators hide it like a story. */
export const storyComments = pgTable(
  'story_comments',
  {
    id: serial('id').primaryKey(),
    storyId: integer('story_id')
      .notNull()
      .references(() => stories.id, { onDelete: 'cascade' }),
    authorId: integer('author_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    body: varchar('body', { length: 1000 }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    hiddenAt: timestamp('hidden_at', { withTimezone: true }),
  },
  (t) => [index('story_comments_story_idx').on(t.storyId, t.createdAt, t.id), index('story_comments_author_idx').on(t.authorId)],
);
