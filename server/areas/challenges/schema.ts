import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  index,
  integer,
  jsonb,
  text,
  pgTable,
  primaryKey,
  serial,
  smallint,
  timestamp,
  uniqueIndex,
  varchar,
  type AnyPgColumn,
} from 'drizzle-orm/pg-core';
import { users } from '#server/db/schema.ts';
import { tests } from '../athletes/schema.ts';
import { gyms } from '../gyms/schema.ts';

/** A challenge: a workout, how it is scored, who may enter, and when. */
export const challenges = pgTable(
  'challenges',
  {
    id: serial('id').primaryKey(),
    title: varchar('title', { length: 120 }).notNull(),
    description: varchar('description', { length: 10_000 }).notNull().default(''),
    creatorId: integer('creator_id')
      .notNull()
      .references(() => users.id),
    kind: varchar('kind', { length: 16 }).notNull().default('individual'),
    scoreType: varchar('score_type', { length: 16 }).notNull(),
    timeCapMs: integer('time_cap_ms'),
    repsPerRound: integer('reps_per_round'),
    hasTiebreak: boolean('has_tiebreak').notNull().default(false),
    tiebreakLabel: varchar('tiebreak_label', { length: 80 }),
    startsAt: timestamp('starts_at', { withTimezone: true }).notNull(),
    endsAt: timestamp('ends_at', { withTimezone: true }).notNull(),
    visibility: varchar('visibility', { length: 16 }).notNull().default('public'),
    participantCap: integer('participant_cap'),
    requiresWaiver: boolean('requires_waiver').notNull().default(false),
    coverImageUrl: varchar('cover_image_url', { length: 500 }),
    /** Team challenges only: how a team's members' bests combine ('sum', 'average', 'best_n'). */
    teamRule: varchar('team_rule', { length: 16 }),
    /** For 'best_n': how many of each team's best members count. */
    teamBestN: integer('team_best_n'),
    teamSizeMax: integer('team_size_max'),
    /** Multi-gym events (domain/gym-events.ts): how gyms rank by their athletes' results; null for no gym board. */
    gymRule: varchar('gym_rule', { length: 16 }),
    /** How many of each gym's best athletes count. */
    gymBestN: integer('gym_best_n'),
    participantCount: integer('participant_count').notNull().default(0),
    /** How many athletes are on each division's board (kept with challenge_entries, so a page needs no count over it). */
    rxEntries: integer('rx_entries').notNull().default(0),
    scaledEntries: integer('scaled_entries').notNull().default(0),
    /** Divisions (domain/divisions.ts): 'open' (one board for everyone) or 'split' (men and women). */
    sexDivisions: varchar('sex_divisions', { length: 8 }).notNull().default('open'),
    /** The age groups the board splits by: 'none', 'masters' or 'teens'. */
    ageScheme: varchar('age_scheme', { length: 8 }).notNull().default('none'),
    /** Whether a combined board of every category (Rx above Scaled) is offered beside the divisions. */
    overallBoard: boolean('overall_board').notNull().default(true),
    /** Loads and standards stated per category id ('' for the combined board). */
    /** The catalogue test this challenge is (Fran ↔ Fran): results outside its bounds are refused at entry. */
    testId: integer('test_id').references((): AnyPgColumn => tests.id, { onDelete: 'set null' }),
    standards: jsonb('standards').$type<Record<string, string>>().notNull().default({}),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
    deletedBy: integer('deleted_by').references(() => users.id),
    deletionReason: varchar('deletion_reason', { length: 1000 }),
    /** When every athlete's final place went on their timeline (after the challenge closed). */
    standingsPostedAt: timestamp('standings_posted_at', { withTimezone: true }),
    /** Hidden by moderators (server/areas/moderation/moderation.ts): gone from every public list; the author still sees it. */
    hiddenAt: timestamp('hidden_at', { withTimezone: true }),
  },
  (t) => [
    index('challenges_public_idx').on(t.visibility, t.endsAt, t.id),
    index('challenges_creator_idx').on(t.creatorId, t.createdAt.desc()),
    index('challenges_deleted_idx').on(t.deletedAt),
    // Closed challenges still waiting for their final standings (server/areas/challenges/final-standings.ts).
    index('challenges_standings_due_idx')
      .on(t.endsAt)
      .where(sql`${t.standingsPostedAt} is null and ${t.deletedAt} is null`),
  ],
);

/** Who joined which challenge, in which division. */
export const challengeParticipants = pgTable(
  'challenge_participants',
  {
    challengeId: integer('challenge_id')
      .notNull()
      .references(() => challenges.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    division: varchar('division', { length: 8 }).notNull(),
    sex: varchar('sex', { length: 8 }),
    /** The athlete's age group in the challenge's scheme, from the profile at join time (null: the scheme has none). */
    ageGroup: varchar('age_group', { length: 8 }),
    /** Sex × age group (domain/divisions.ts categoryOf): the board the athlete is placed on; '' when the challenge has one. */
    category: varchar('category', { length: 24 }).notNull().default(''),
    /** The athlete's team in a team challenge (every participant of one has a team). */
    teamId: integer('team_id').references((): AnyPgColumn => challengeTeams.id, { onDelete: 'set null' }),
    /** The gym on the athlete's profile when they joined: the gym they count for on a gym board (a later profile change moves nothing). */
    gymId: integer('gym_id').references((): AnyPgColumn => gyms.id, { onDelete: 'set null' }),
    joinedAt: timestamp('joined_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.challengeId, t.userId] }),
    index('participants_user_idx').on(t.userId, t.joinedAt.desc()),
    index('participants_team_idx').on(t.teamId),
    index('participants_gym_idx').on(t.challengeId, t.gymId),
  ],
);

/** A team in a team challenge; names are unique per challenge whatever their case. */
export const challengeTeams = pgTable(
  'challenge_teams',
  {
    id: serial('id').primaryKey(),
    challengeId: integer('challenge_id')
      .notNull()
      .references(() => challenges.id, { onDelete: 'cascade' }),
    name: varchar('name', { length: 60 }).notNull(),
    captainId: integer('captain_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('challenge_teams_name_idx').on(t.challengeId, sql`lower(${t.name})`)],
);

/** Every score submitted; the history a replay plays back. */
export const challengeScores = pgTable(
  'challenge_scores',
  {
    id: serial('id').primaryKey(),
    challengeId: integer('challenge_id')
      .notNull()
      .references(() => challenges.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    division: varchar('division', { length: 8 }).notNull(),
    status: varchar('status', { length: 16 }).notNull(),
    value: bigint('value', { mode: 'number' }).notNull(),
    tiebreakMs: integer('tiebreak_ms'),
    sortKey: bigint('sort_key', { mode: 'bigint' }).notNull(),
    /** verified scores rank; unverified ones wait for review. */
    verification: varchar('verification', { length: 16 }).notNull().default('verified'),
    note: varchar('note', { length: 500 }),
    /** Why the score was held for review (set when it is held), and the judge's reason when rejected. */
    heldReason: varchar('held_reason', { length: 300 }),
    reviewReason: varchar('review_reason', { length: 1000 }),
    reviewedAt: timestamp('reviewed_at', { withTimezone: true }),
    submittedAt: timestamp('submitted_at', { withTimezone: true }).notNull(),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
    /** Hidden by moderators (server/areas/moderation/moderation.ts): gone from every public list; the author still sees it. */
    hiddenAt: timestamp('hidden_at', { withTimezone: true }),
  },
  (t) => [
    index('scores_challenge_time_idx').on(t.challengeId, t.submittedAt),
    index('scores_user_idx').on(t.userId, t.submittedAt.desc()),
    // Submissions today (the admin dashboard) and the judges' queue.
    index('scores_submitted_idx').on(t.submittedAt),
    index('scores_unverified_idx')
      .on(t.submittedAt)
      .where(sql`${t.verification} = 'unverified' and ${t.deletedAt} is null`),
  ],
);

/**
 * The leaderboard: each athlete's best verified score per challenge, kept up to
 * date in the same transaction as every score change. Ranked by sort_key alone.
 */
export const challengeEntries = pgTable(
  'challenge_entries',
  {
    challengeId: integer('challenge_id')
      .notNull()
      .references(() => challenges.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    scoreId: integer('score_id')
      .notNull()
      .references(() => challengeScores.id, { onDelete: 'cascade' }),
    division: varchar('division', { length: 8 }).notNull(),
    sex: varchar('sex', { length: 8 }),
    ageGroup: varchar('age_group', { length: 8 }),
    /** The athlete's category (copied from challenge_participants): its own places, from its own rank slices. */
    category: varchar('category', { length: 24 }).notNull().default(''),
    status: varchar('status', { length: 16 }).notNull(),
    value: bigint('value', { mode: 'number' }).notNull(),
    tiebreakMs: integer('tiebreak_ms'),
    sortKey: bigint('sort_key', { mode: 'bigint' }).notNull(),
    submittedAt: timestamp('submitted_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.challengeId, t.userId] }),
    index('entries_board_idx').on(t.challengeId, t.sortKey, t.submittedAt, t.userId),
    index('entries_division_idx').on(t.challengeId, t.division, t.sortKey, t.submittedAt, t.userId),
    index('entries_category_idx').on(t.challengeId, t.category, t.sortKey, t.submittedAt, t.userId),
  ],
);

/**
 * How many board entries fall in each slice of sort keys, at several widths (level L
 * holds key >> RANK_LEVEL_SHIFTS[L]; each slice spans 256 of the level below, and the
 * finest holds one result). A place is a few short sums of slices (at most 256 per
 * level) plus a count among entries with the same result, never a count over everyone
 * ahead. Rx/Scaled needs no column: it is the key's top bit. Category '' counts the whole
 * board; an entry in a category (sex × age group) is also counted in that category's slices.
 */
export const challengeRankSlices = pgTable(
  'challenge_rank_slices',
  {
    challengeId: integer('challenge_id')
      .notNull()
      .references(() => challenges.id, { onDelete: 'cascade' }),
    category: varchar('category', { length: 24 }).notNull().default(''),
    level: smallint('level').notNull(),
    slice: bigint('slice', { mode: 'bigint' }).notNull(),
    entries: integer('entries').notNull(),
  },
  (t) => [primaryKey({ columns: [t.challengeId, t.category, t.level, t.slice] })],
);

/**
 * Idempotency keys of writes a client may retry (score and record submission, server/lib/idempotency.ts):
 * the first successful answer to a key, kept 24 hours, stored in the same transaction as the write.
 * `request_hash` is the SHA-256 of what was asked, so the same key with another body is refused.
 */
export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    operation: varchar('operation', { length: 40 }).notNull(),
    key: varchar('key', { length: 64 }).notNull(),
    requestHash: varchar('request_hash', { length: 64 }).notNull(),
    status: smallint('status'),
    /** The answer's JSON exactly as sent (text, not jsonb, so a replay is byte for byte the same). */
    response: text('response'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.operation, t.key] }), index('idempotency_keys_created_idx').on(t.createdAt)],
);
