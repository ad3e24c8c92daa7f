import { bigint, boolean, index, integer, jsonb, pgTable, primaryKey, serial, timestamp, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import { users } from '#server/db/schema.ts';
import { videos } from '../videos/schema.ts';
import type { RoundRule } from '#domain/battles/index.ts';

/** A battle (domain/battles/formats.ts): one workout scored over rounds, the field cut when each round closes. */
export const battles = pgTable(
  'battles',
  {
    id: serial('id').primaryKey(),
    name: varchar('name', { length: 120 }).notNull(),
    /** 'battle_royale' or 'squad_decimation' (brackets reuse the table later). */
    format: varchar('format', { length: 24 }).notNull(),
    creatorId: integer('creator_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    description: varchar('description', { length: 2000 }).notNull().default(''),
    scoreType: varchar('score_type', { length: 16 }).notNull(),
    timeCapMs: integer('time_cap_ms'),
    repsPerRound: integer('reps_per_round'),
    hasTiebreak: boolean('has_tiebreak').notNull().default(false),
    /** Every attempt needs the athlete's own uploaded video and counts only once a judge verifies it (attempts.ts, judging). */
    judgedVideo: boolean('judged_video').notNull().default(false),
    attemptsPerRound: integer('attempts_per_round').notNull(),
    /** Squad decimation only: members per squad, and how many of each squad fall per round. */
    squadSize: integer('squad_size'),
    cutPerSquad: integer('cut_per_squad'),
    /** Entry closes and the first round opens. */
    startsAt: timestamp('starts_at', { withTimezone: true }).notNull(),
    /** The last round's close. */
    endsAt: timestamp('ends_at', { withTimezone: true }).notNull(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('battles_ends_idx').on(t.endsAt, t.id), index('battles_starts_idx').on(t.startsAt, t.id)],
);

/** The rounds of a battle, 1 … n, back to back; closed_at is set once, by the closing job. */
export const battleRounds = pgTable(
  'battle_rounds',
  {
    battleId: integer('battle_id')
      .notNull()
      .references(() => battles.id, { onDelete: 'cascade' }),
    roundNo: integer('round_no').notNull(),
    opensAt: timestamp('opens_at', { withTimezone: true }).notNull(),
    closesAt: timestamp('closes_at', { withTimezone: true }).notNull(),
    cut: jsonb('cut').$type<RoundRule>().notNull(),
    closedAt: timestamp('closed_at', { withTimezone: true }),
    fieldSize: integer('field_size'),
    eliminatedCount: integer('eliminated_count'),
    /** Set once the fallen of a battle royale round have been told (the notices job after the close, closing.ts). */
    notifiedAt: timestamp('notified_at', { withTimezone: true }),
  },
  (t) => [primaryKey({ columns: [t.battleId, t.roundNo] })],
);

/**
 * Who entered; eliminated_round/place say where they fell; final_place once the battle is over. Those three columns
 * are in no index and the table keeps half of each page free (fillfactor 50, migrations 0074 and 0082), so a round's
 * close updates them in place (heap-only tuples) instead of writing an entry in every index per fallen athlete.
 */
export const battleEntries = pgTable(
  'battle_entries',
  {
    battleId: integer('battle_id')
      .notNull()
      .references(() => battles.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    enteredAt: timestamp('entered_at', { withTimezone: true }).notNull(),
    eliminatedRound: integer('eliminated_round'),
    eliminatedPlace: integer('eliminated_place'),
    finalPlace: integer('final_place'),
    /** Squad decimation: the team (battle_squads.team_id) the athlete fights for. */
    squadTeamId: integer('squad_team_id'),
  },
  (t) => [
    primaryKey({ columns: [t.battleId, t.userId] }),
    // Squad decimation entries only (migration 0082): a battle royale's entries stay out of it.
    index('battle_entries_squad_idx')
      .on(t.battleId, t.squadTeamId)
      .where(sql`squad_team_id is not null`),
    index('battle_entries_user_idx').on(t.userId, t.battleId),
  ],
);

/**
 * Every attempt; the best per athlete and round counts (smallest sort key, then earliest). In a battle with judged
 * video an attempt carries its video and `judging` ('waiting', 'verified', 'rejected'; null in other battles): only
 * null or 'verified' attempts count. A judge's adjustment (a penalty) changes value and sort key; the submitted value
 * is kept in original_value.
 */
export const battleAttempts = pgTable(
  'battle_attempts',
  {
    id: serial('id').primaryKey(),
    battleId: integer('battle_id')
      .notNull()
      .references(() => battles.id, { onDelete: 'cascade' }),
    roundNo: integer('round_no').notNull(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    status: varchar('status', { length: 12 }).notNull(),
    value: bigint('value', { mode: 'number' }).notNull(),
    tiebreakMs: integer('tiebreak_ms'),
    sortKey: bigint('sort_key', { mode: 'bigint' }).notNull(),
    submittedAt: timestamp('submitted_at', { withTimezone: true }).notNull(),
    videoId: varchar('video_id', { length: 36 }).references(() => videos.id, { onDelete: 'set null' }),
    judging: varchar('judging', { length: 12 }),
    originalValue: bigint('original_value', { mode: 'number' }),
    penaltyPercent: integer('penalty_percent'),
    verdictReason: varchar('verdict_reason', { length: 500 }),
    verdictBy: integer('verdict_by').references(() => users.id, { onDelete: 'set null' }),
    verdictAt: timestamp('verdict_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('battle_attempts_video_idx').on(t.videoId),
    index('battle_attempts_waiting_idx')
      .on(t.submittedAt, t.id)
      .where(sql`judging = 'waiting'`),
    // The round's board and close: best attempt per athlete by DISTINCT ON (user) in key order; `judging` last so
    // that reading only the attempts that count stays an index-only scan (migration 0079).
    index('battle_attempts_round_user_idx').on(t.battleId, t.roundNo, t.userId, t.sortKey, t.submittedAt, t.judging),
    index('battle_attempts_user_idx').on(t.userId, t.submittedAt.desc()),
  ],
);

/**
 * The squads of a squad decimation: an existing team entered by its captain with exactly the battle's squad size
 * (the members are battle_entries rows with squad_team_id). The team's name is kept as it was at entry, and the
 * squad outlives the team. out_round/out_place say where the squad fell (out_place its order among the squads
 * that fell that round, or among those standing at the end); final_place once the battle is over.
 */
export const battleSquads = pgTable(
  'battle_squads',
  {
    battleId: integer('battle_id')
      .notNull()
      .references(() => battles.id, { onDelete: 'cascade' }),
    teamId: integer('team_id').notNull(),
    name: varchar('name', { length: 60 }).notNull(),
    captainId: integer('captain_id').references(() => users.id, { onDelete: 'set null' }),
    enteredAt: timestamp('entered_at', { withTimezone: true }).notNull(),
    outRound: integer('out_round'),
    outPlace: integer('out_place'),
    finalPlace: integer('final_place'),
  },
  (t) => [primaryKey({ columns: [t.battleId, t.teamId] })],
);

// Tournaments (stages of battle royales): their own file.
export * from './schema-tournaments.ts';
// Bracket stages' matches: their own file.
export * from './schema-brackets.ts';
