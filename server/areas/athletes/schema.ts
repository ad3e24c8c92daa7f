import { sql } from 'drizzle-orm';
import {
  date,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import type { Standard } from '#domain/measures.ts';
import { challenges } from '../challenges/schema.ts';
import { users } from '#server/db/schema.ts';
import { gyms } from '../gyms/schema.ts';
import { videos } from '../videos/schema.ts';

/** Who may see a profile field: everyone, or only the athlete. */
export type FieldPrivacy = 'public' | 'private';
export interface ProfilePrivacy {
  sex: FieldPrivacy;
  birth_year: FieldPrivacy;
  bodyweight: FieldPrivacy;
  gym: FieldPrivacy;
  bio: FieldPrivacy;
  records: FieldPrivacy;
}

/** The privacy an athlete gets until they choose: who they are and where they train is public, their body is not. */
export const DEFAULT_PRIVACY: ProfilePrivacy = {
  sex: 'public',
  birth_year: 'private',
  bodyweight: 'private',
  gym: 'public',
  bio: 'public',
  records: 'public',
};

/** An athlete's profile; the display name and time zone live on users. */
export const athleteProfiles = pgTable(
  'athlete_profiles',
  {
    userId: integer('user_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    sex: varchar('sex', { length: 8 }),
    birthYear: integer('birth_year'),
    bodyweightKg: doublePrecision('bodyweight_kg'),
    /** The gym's name as shown (kept equal to gyms.name while gym_id is set): boards filter and show it. */
    gym: varchar('gym', { length: 120 }),
    gymId: integer('gym_id').references(() => gyms.id, { onDelete: 'set null' }),
    units: varchar('units', { length: 8 }).notNull().default('metric'),
    bio: varchar('bio', { length: 1000 }).notNull().default(''),
    avatarUrl: varchar('avatar_url', { length: 500 }),
    privacy: jsonb('privacy').$type<ProfilePrivacy>().notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    /** Hidden by moderators (server/areas/moderation/moderation.ts): gone from every public list; the author still sees it. */
    hiddenAt: timestamp('hidden_at', { withTimezone: true }),
  },
  (t) => [
    index('athlete_profiles_gym_idx').on(t.gym),
    index('athlete_profiles_gym_id_idx').on(t.gymId),
    index('athlete_profiles_gym_prefix_idx').on(sql`lower(${t.gym}) text_pattern_ops`),
  ],
);

/** The catalogue of standard tests (master tests). `standards` map a raw result to 0–1000. */
export const tests = pgTable(
  'tests',
  {
    id: serial('id').primaryKey(),
    name: varchar('name', { length: 120 }).notNull(),
    nameNormalized: varchar('name_normalized', { length: 120 }).notNull(),
    description: varchar('description', { length: 2000 }).notNull().default(''),
    category: varchar('category', { length: 24 }).notNull(),
    movement: varchar('movement', { length: 24 }).notNull(),
    unit: varchar('unit', { length: 16 }).notNull(),
    direction: varchar('direction', { length: 8 }).notNull(),
    minValue: doublePrecision('min_value').notNull(),
    maxValue: doublePrecision('max_value').notNull(),
    standards: jsonb('standards').$type<Standard[]>().notNull(),
    status: varchar('status', { length: 8 }).notNull().default('draft'),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('tests_name_idx').on(t.nameNormalized), index('tests_status_idx').on(t.status, t.nameNormalized)],
);

/**
 * A personal-record submission (or a historical result tied to an account). Pending until an
 * admin or editor approves or rejects it; approved ones count. `value` is in the test's unit.
 */
export const personalRecords = pgTable(
  'personal_records',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    testId: integer('test_id')
      .notNull()
      .references(() => tests.id, { onDelete: 'cascade' }),
    value: doublePrecision('value').notNull(),
    rawValue: varchar('raw_value', { length: 32 }).notNull(),
    rawUnit: varchar('raw_unit', { length: 8 }).notNull(),
    achievedOn: date('achieved_on', { mode: 'string' }).notNull(),
    evidenceUrl: varchar('evidence_url', { length: 500 }),
    note: varchar('note', { length: 500 }),
    /** Set for a qualifying attempt: the challenge it qualifies the athlete for. */
    challengeId: integer('challenge_id').references(() => challenges.id, { onDelete: 'set null' }),
    /** The athlete's own uploaded video of the attempt, watched by the reviewer (an evidence link may be given beside it). */
    videoId: varchar('video_id', { length: 36 }).references(() => videos.id, { onDelete: 'set null' }),
    source: varchar('source', { length: 12 }).notNull().default('submission'),
    historicalId: integer('historical_id'),
    status: varchar('status', { length: 10 }).notNull().default('pending'),
    normalizedScore: integer('normalized_score'),
    reviewReason: varchar('review_reason', { length: 500 }),
    reviewedBy: integer('reviewed_by').references(() => users.id, { onDelete: 'set null' }),
    reviewedAt: timestamp('reviewed_at', { withTimezone: true }),
    submittedAt: timestamp('submitted_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('personal_records_status_idx').on(t.status, t.submittedAt),
    index('personal_records_user_test_idx').on(t.userId, t.testId, t.achievedOn),
    // One record per video (the service says so first; this holds under two submissions at once).
    uniqueIndex('personal_records_video_idx').on(t.videoId),
  ],
);

/**
 * Each athlete's best approved result per test. `rankValue` is the value turned so that higher
 * is always better (the value, or its negation for lower-is-better tests): one index serves
 * every test's board.
 */
export const testBests = pgTable(
  'test_bests',
  {
    testId: integer('test_id')
      .notNull()
      .references(() => tests.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    recordId: integer('record_id').notNull(),
    value: doublePrecision('value').notNull(),
    rankValue: doublePrecision('rank_value').notNull(),
    normalizedScore: integer('normalized_score').notNull(),
    achievedOn: date('achieved_on', { mode: 'string' }).notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.testId, t.userId] }),
    index('test_bests_rank_idx').on(t.testId, t.rankValue.desc(), t.achievedOn, t.userId),
    /** An athlete's bests (profiles, global score refresh). */
    index('test_bests_user_idx').on(t.userId),
  ],
);

/** The global ranking: per athlete, the sum of the normalized scores of their bests. */
export const globalScores = pgTable(
  'global_scores',
  {
    userId: integer('user_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    total: integer('total').notNull(),
    testsCount: integer('tests_count').notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('global_scores_rank_idx').on(t.total.desc(), t.testsCount, t.userId)],
);

/**
 * How many athletes have a global total in each bucket of GLOBAL_BUCKET_WIDTH points, kept in
 * step with global_scores in the same transaction: a place is the athletes of the buckets above
 * plus a short count inside one bucket, never a count over the whole ranking.
 */
export const globalScoreBuckets = pgTable('global_score_buckets', {
  bucket: integer('bucket').primaryKey(),
  athletes: integer('athletes').notNull(),
});

/**
 * How many athletes of a ranking (board 0: the global ranking; otherwise a test's id) show each
 * public profile value a board filters by (field: sex, birth_year, bodyweight, gym, and sex with
 * each other one, as 'sex+gym'; `n` the number for the numeric ones), kept by triggers in the
 * writing transaction (migration 0037), so a filtered board's total is a sum over a few rows rather
 * than a count joining every matching profile.
 */
export const rankingFilterCounts = pgTable(
  'ranking_filter_counts',
  {
    board: integer('board').notNull(),
    field: varchar('field', { length: 16 }).notNull(),
    value: varchar('value', { length: 160 }).notNull(),
    n: doublePrecision('n'),
    athletes: integer('athletes').notNull(),
  },
  (t) => [primaryKey({ columns: [t.board, t.field, t.value] })],
);

/** One uploaded CSV of historical results. */
export const historicalBatches = pgTable('historical_batches', {
  id: serial('id').primaryKey(),
  uploadedBy: integer('uploaded_by').references(() => users.id, { onDelete: 'set null' }),
  filename: varchar('filename', { length: 200 }).notNull(),
  rowCount: integer('row_count').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/** A historical result; `userId` is set when it is tied to an account (by email at import, or by an approved claim). */
export const historicalResults = pgTable(
  'historical_results',
  {
    id: serial('id').primaryKey(),
    batchId: integer('batch_id')
      .notNull()
      .references(() => historicalBatches.id, { onDelete: 'cascade' }),
    athleteName: varchar('athlete_name', { length: 120 }).notNull(),
    nameNormalized: varchar('name_normalized', { length: 120 }).notNull(),
    email: varchar('email', { length: 254 }),
    testId: integer('test_id')
      .notNull()
      .references(() => tests.id, { onDelete: 'cascade' }),
    value: doublePrecision('value').notNull(),
    rawValue: varchar('raw_value', { length: 32 }).notNull(),
    rawUnit: varchar('raw_unit', { length: 8 }).notNull(),
    achievedOn: date('achieved_on', { mode: 'string' }).notNull(),
    source: varchar('source', { length: 200 }).notNull(),
    /** name|email, test, date and value: the same result is imported once. */
    dedupeKey: varchar('dedupe_key', { length: 500 }).notNull(),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('historical_results_dedupe_idx').on(t.dedupeKey),
    index('historical_results_name_idx').using('btree', t.nameNormalized.op('text_pattern_ops')),
    index('historical_results_user_idx').on(t.userId),
  ],
);

/** An athlete's claim that a historical result is theirs; an admin approves it. */
export const performanceClaims = pgTable(
  'performance_claims',
  {
    id: serial('id').primaryKey(),
    historicalId: integer('historical_id')
      .notNull()
      .references(() => historicalResults.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    message: varchar('message', { length: 500 }).notNull().default(''),
    status: varchar('status', { length: 10 }).notNull().default('pending'),
    reviewReason: varchar('review_reason', { length: 500 }),
    reviewedBy: integer('reviewed_by').references(() => users.id, { onDelete: 'set null' }),
    reviewedAt: timestamp('reviewed_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('performance_claims_unique_idx').on(t.historicalId, t.userId),
    index('performance_claims_status_idx').on(t.status, t.createdAt),
    index('performance_claims_user_idx').on(t.userId, t.createdAt.desc()),
  ],
);

/** Our own timeline (personal records, challenges joined, rankings); forwarded to the community site when configured. */
export const timelinePosts = pgTable(
  'timeline_posts',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: varchar('kind', { length: 24 }).notNull(),
    body: text('body').notNull(),
    payload: jsonb('payload').$type<Record<string, unknown>>().notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    deliveredAt: timestamp('delivered_at', { withTimezone: true }),
    deliveryError: varchar('delivery_error', { length: 500 }),
  },
  (t) => [index('timeline_posts_user_idx').on(t.userId, t.createdAt.desc())],
);
