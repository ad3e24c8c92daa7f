import { index, integer, pgTable, primaryKey, serial, timestamp, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { users } from '#server/db/schema.ts';
import { battles } from './schema.ts';

/**
 * A tournament (domain/battles/tournaments.ts): stages played one after another, each stage a battle royale of its
 * own (a battles row with its rounds, attempts and closing jobs). The workout is the tournament's: every stage is
 * scored the same way.
 */
export const tournaments = pgTable(
  'tournaments',
  {
    id: serial('id').primaryKey(),
    name: varchar('name', { length: 120 }).notNull(),
    description: varchar('description', { length: 2000 }).notNull().default(''),
    creatorId: integer('creator_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    scoreType: varchar('score_type', { length: 16 }).notNull(),
    /** Stage 1 opens; the final's last round closes. */
    startsAt: timestamp('starts_at', { withTimezone: true }).notNull(),
    endsAt: timestamp('ends_at', { withTimezone: true }).notNull(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('tournaments_starts_idx').on(t.startsAt, t.id), index('tournaments_ends_idx').on(t.endsAt, t.id)],
);

/** The stages in order; `advance` of them go on (null for the final); advanced_at is set once, when they did. */
export const tournamentStages = pgTable(
  'tournament_stages',
  {
    tournamentId: integer('tournament_id')
      .notNull()
      .references(() => tournaments.id, { onDelete: 'cascade' }),
    stageNo: integer('stage_no').notNull(),
    name: varchar('name', { length: 40 }).notNull(),
    battleId: integer('battle_id')
      .notNull()
      .references(() => battles.id, { onDelete: 'cascade' }),
    advance: integer('advance'),
    advancedAt: timestamp('advanced_at', { withTimezone: true }),
  },
  (t) => [primaryKey({ columns: [t.tournamentId, t.stageNo] }), uniqueIndex('tournament_stages_battle_idx').on(t.battleId)],
);

/** Who advanced into a stage, with the seed their place in the stage before gave them. */
export const tournamentSeeds = pgTable(
  'tournament_seeds',
  {
    tournamentId: integer('tournament_id')
      .notNull()
      .references(() => tournaments.id, { onDelete: 'cascade' }),
    stageNo: integer('stage_no').notNull(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    seed: integer('seed').notNull(),
    fromPlace: integer('from_place').notNull(),
  },
  (t) => [primaryKey({ columns: [t.tournamentId, t.stageNo, t.userId] }), index('tournament_seeds_user_idx').on(t.userId)],
);
