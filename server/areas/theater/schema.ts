import { check, index, integer, pgTable, primaryKey, smallint, timestamp } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import { users } from '#server/db/schema.ts';
import { challenges, challengeScores } from '../challenges/schema.ts';

/**
 * Spectator votes in the community theater: one thumbs-up (+1) or thumbs-down (-1) per user per
 * score with a video, changeable and removable. challenge_id is copied from the score so a
 * challenge's vote tallies read from one index.
 */
export const videoVotes = pgTable(
  'video_votes',
  {
    scoreId: integer('score_id')
      .notNull()
      .references(() => challengeScores.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    challengeId: integer('challenge_id')
      .notNull()
      .references(() => challenges.id, { onDelete: 'cascade' }),
    value: smallint('value').notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.scoreId, t.userId] }),
    index('video_votes_challenge_idx').on(t.challengeId, t.scoreId),
    index('video_votes_user_idx').on(t.userId),
    check('video_votes_value_check', sql`${t.value} in (-1, 1)`),
  ],
);
