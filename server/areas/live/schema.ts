import { index, integer, pgTable, primaryKey, serial, timestamp, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import { challenges, users } from '#server/db/schema.ts';

/**
 * A live attempt: an athlete doing a challenge's workout now, counted from the tap screen. The clock is
 * the server's (started_at; ends_by at the time cap); seq/count are the newest update (domain/live.ts).
 * Once ended, score_id is the submission it became.
 */
export const liveAttempts = pgTable(
  'live_attempts',
  {
    id: serial('id').primaryKey(),
    challengeId: integer('challenge_id')
      .notNull()
      .references(() => challenges.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** 'live', 'ended' (scored) or 'abandoned'. */
    status: varchar('status', { length: 12 }).notNull(),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull(),
    /** When it ends itself: the time cap, or the longest a live attempt may run. */
    endsBy: timestamp('ends_by', { withTimezone: true }).notNull(),
    endedAt: timestamp('ended_at', { withTimezone: true }),
    /** 'finished', 'stopped', 'capped' or 'abandoned'. */
    endReason: varchar('end_reason', { length: 12 }),
    seq: integer('seq').notNull().default(0),
    count: integer('count').notNull().default(0),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
    scoreId: integer('score_id'),
    scoreText: varchar('score_text', { length: 80 }),
    /** Why the end did not become a score (the submission's refusal), shown to the athlete. */
    scoreProblem: varchar('score_problem', { length: 300 }),
  },
  (t) => [
    // One live attempt at a time per athlete.
    uniqueIndex('live_attempts_one_live_idx')
      .on(t.userId)
      .where(sql`status = 'live'`),
    index('live_attempts_live_idx').on(t.status, t.challengeId, t.startedAt),
    index('live_attempts_user_idx').on(t.userId, t.startedAt.desc()),
  ],
);

/** Spectators of an attempt by server node (each node counts the sockets it holds in the attempt's room). */
export const liveSpectators = pgTable(
  'live_spectators',
  {
    attemptId: integer('attempt_id')
      .notNull()
      .references(() => liveAttempts.id, { onDelete: 'cascade' }),
    node: varchar('node', { length: 40 }).notNull(),
    sockets: integer('sockets').notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.attemptId, t.node] })],
);

/** Reactions sent, kept only for the per-person rate limit window. */
export const liveReactions = pgTable(
  'live_reactions',
  {
    id: serial('id').primaryKey(),
    attemptId: integer('attempt_id')
      .notNull()
      .references(() => liveAttempts.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    emoji: varchar('emoji', { length: 8 }).notNull(),
    sentAt: timestamp('sent_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('live_reactions_user_idx').on(t.userId, t.sentAt)],
);
