import { sql } from 'drizzle-orm';
import { bigint, boolean, index, integer, jsonb, pgTable, serial, timestamp, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { users } from '#server/db/schema.ts';
import { challenges, challengeScores } from '../challenges/schema.ts';
import { videos } from '../videos/schema.ts';

/** When a challenge asks for a video with a score (domain/judging.ts VIDEO_RULES); no row: never. */
export const challengeVideoRules = pgTable('challenge_video_rules', {
  challengeId: integer('challenge_id')
    .primaryKey()
    .references(() => challenges.id, { onDelete: 'cascade' }),
  rule: varchar('rule', { length: 8 }).notNull(),
  /** For 'top_n': the places that need a video. */
  topN: integer('top_n'),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
});

/** A certified judge: granted by an administrator, in force for a season. */
export const judgeCertificates = pgTable(
  'judge_certificates',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** 'judge' or 'senior' (a senior judge confirms major penalties and invalid verdicts). */
    level: varchar('level', { length: 8 }).notNull(),
    grantedBy: integer('granted_by').references(() => users.id, { onDelete: 'set null' }),
    grantedAt: timestamp('granted_at', { withTimezone: true }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
  },
  (t) => [index('judge_certificates_user_idx').on(t.userId, t.grantedAt.desc())],
);

/**
 * A score's video and its check: one uploaded video of the athlete's or an external link,
 * the check's state (domain/judging.ts CHECK_STATES), the claim, the verdict with its
 * no-rep marks, and one appeal. A penalty changes the score's value and key; the original
 * ones are kept here.
 */
export const scoreVideos = pgTable(
  'score_videos',
  {
    scoreId: integer('score_id')
      .primaryKey()
      .references(() => challengeScores.id, { onDelete: 'cascade' }),
    challengeId: integer('challenge_id')
      .notNull()
      .references(() => challenges.id, { onDelete: 'cascade' }),
    athleteId: integer('athlete_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    videoId: varchar('video_id', { length: 36 }).references(() => videos.id, { onDelete: 'set null' }),
    externalUrl: varchar('external_url', { length: 500 }),
    state: varchar('state', { length: 12 }).notNull().default('waiting'),
    claimedBy: integer('claimed_by').references(() => users.id, { onDelete: 'set null' }),
    claimedUntil: timestamp('claimed_until', { withTimezone: true }),
    verdict: varchar('verdict', { length: 16 }),
    penaltyPercent: integer('penalty_percent'),
    verdictReason: varchar('verdict_reason', { length: 500 }),
    repCount: integer('rep_count'),
    /** No-rep marks: [{ at_ms, note }]. */
    marks: jsonb('marks').$type<{ at_ms: number; note: string | null }[]>().notNull().default([]),
    verdictBy: integer('verdict_by').references(() => users.id, { onDelete: 'set null' }),
    verdictAt: timestamp('verdict_at', { withTimezone: true }),
    confirmedBy: integer('confirmed_by').references(() => users.id, { onDelete: 'set null' }),
    confirmedAt: timestamp('confirmed_at', { withTimezone: true }),
    /** Every judge who gave or confirmed a verdict on this score: an appeal goes to someone else. */
    judges: jsonb('judges').$type<number[]>().notNull().default([]),
    originalValue: bigint('original_value', { mode: 'number' }).notNull(),
    originalSortKey: bigint('original_sort_key', { mode: 'bigint' }).notNull(),
    /**
     * The score's sort key as it stands now while it waits in the judging queue (waiting,
     * appealed, confirming; score and challenge not deleted), else null. Kept by the triggers
     * of migration 0030_judging_queue_key.sql in the writing transaction, so the queue is read
     * from one partial index, challenge by challenge in board order.
     */
    queueKey: bigint('queue_key', { mode: 'bigint' }),
    appealReason: varchar('appeal_reason', { length: 1000 }),
    appealedAt: timestamp('appealed_at', { withTimezone: true }),
    /** When the athlete chose to show this uploaded video in the challenge's theater (null: not shown; off by default). */
    theaterShownAt: timestamp('theater_shown_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    index('score_videos_queue_idx')
      .on(t.challengeId, t.queueKey, t.athleteId)
      .where(sql`queue_key is not null`),
    index('score_videos_athlete_idx').on(t.athleteId, t.createdAt.desc()),
    uniqueIndex('score_videos_video_idx').on(t.videoId),
  ],
);

/** Every step of judging: attach, claim, verdict, confirm, appeal, certificate granted. */
export const judgingAudit = pgTable(
  'judging_audit',
  {
    id: serial('id').primaryKey(),
    scoreId: integer('score_id').references(() => challengeScores.id, { onDelete: 'cascade' }),
    actorId: integer('actor_id').references(() => users.id, { onDelete: 'set null' }),
    action: varchar('action', { length: 24 }).notNull(),
    detail: jsonb('detail').$type<Record<string, unknown>>().notNull().default({}),
    at: timestamp('at', { withTimezone: true }).notNull(),
  },
  (t) => [index('judging_audit_score_idx').on(t.scoreId, t.at)],
);

/** A reference clip of the judging test: a video with its reference rep count and no-rep marks. */
export const judgingTestClips = pgTable('judging_test_clips', {
  id: serial('id').primaryKey(),
  videoId: varchar('video_id', { length: 36 })
    .notNull()
    .references(() => videos.id, { onDelete: 'cascade' }),
  title: varchar('title', { length: 120 }).notNull(),
  reps: integer('reps').notNull(),
  /** Reference no-rep marks, in ms from the clip's start. */
  marks: jsonb('marks').$type<number[]>().notNull().default([]),
  createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
});

/**
 * A candidate's attempt at the judging test: the clips drawn for it at random from the pool
 * (domain/judging.ts TEST_CLIPS_PER_ATTEMPT), open until graded. At most one open attempt per
 * candidate; the graded ones count towards the cap and the wait after a failed one.
 */
export const judgingTestAttempts = pgTable(
  'judging_test_attempts',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    clipIds: jsonb('clip_ids').$type<number[]>().notNull(),
    drawnAt: timestamp('drawn_at', { withTimezone: true }).notNull(),
    gradedAt: timestamp('graded_at', { withTimezone: true }),
    passed: boolean('passed'),
  },
  (t) => [
    index('judging_test_attempts_user_idx').on(t.userId, t.gradedAt.desc()),
    uniqueIndex('judging_test_attempts_open_idx')
      .on(t.userId)
      .where(sql`graded_at is null`),
  ],
);
