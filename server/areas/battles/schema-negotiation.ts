import { index, integer, pgTable, serial, timestamp, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { users } from '#server/db/schema.ts';
import { battles } from './schema.ts';

// Negotiation politics in a squad decimation (domain/battles/negotiation.ts): a battle plays it when it has a
// battle_negotiation row. Tokens and pacts name squads by team id (battle_squads.team_id).

/** A squad battle with immunity tokens, and how many trades each squad may make per round. */
export const battleNegotiation = pgTable('battle_negotiation', {
  battleId: integer('battle_id')
    .primaryKey()
    .references(() => battles.id, { onDelete: 'cascade' }),
  tradesPerRound: integer('trades_per_round').notNull(),
});

/**
 * Immunity tokens: one per round at most (the unique index makes awarding it idempotent), held by a squad;
 * 'declared' for used_round on used_on, then 'spent' when that round closes.
 */
export const battleTokens = pgTable(
  'battle_tokens',
  {
    id: serial('id').primaryKey(),
    battleId: integer('battle_id')
      .notNull()
      .references(() => battles.id, { onDelete: 'cascade' }),
    holderTeamId: integer('holder_team_id').notNull(),
    earnedTeamId: integer('earned_team_id').notNull(),
    earnedRound: integer('earned_round').notNull(),
    status: varchar('status', { length: 12 }).notNull(),
    usedRound: integer('used_round'),
    usedOn: integer('used_on').references(() => users.id, { onDelete: 'set null' }),
  },
  (t) => [
    uniqueIndex('battle_tokens_round_idx').on(t.battleId, t.earnedRound),
    index('battle_tokens_holder_idx').on(t.battleId, t.holderTeamId),
  ],
);

/** Proposals between two squads' captains: an offer gives one of the proposer's tokens, a request asks for one. */
export const battlePacts = pgTable(
  'battle_pacts',
  {
    id: serial('id').primaryKey(),
    battleId: integer('battle_id')
      .notNull()
      .references(() => battles.id, { onDelete: 'cascade' }),
    roundNo: integer('round_no').notNull(),
    kind: varchar('kind', { length: 8 }).notNull(),
    fromTeamId: integer('from_team_id').notNull(),
    toTeamId: integer('to_team_id').notNull(),
    note: varchar('note', { length: 200 }).notNull().default(''),
    status: varchar('status', { length: 12 }).notNull(),
    /** The token an accepted pact moved. */
    tokenId: integer('token_id'),
    proposedBy: integer('proposed_by').references(() => users.id, { onDelete: 'set null' }),
    answeredBy: integer('answered_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    answeredAt: timestamp('answered_at', { withTimezone: true }),
  },
  (t) => [index('battle_pacts_battle_idx').on(t.battleId, t.roundNo, t.status)],
);

/** The public, append-only negotiation log: every token earned, proposal, answer, declaration and use. */
export const battleNegotiationLog = pgTable(
  'battle_negotiation_log',
  {
    id: serial('id').primaryKey(),
    battleId: integer('battle_id')
      .notNull()
      .references(() => battles.id, { onDelete: 'cascade' }),
    roundNo: integer('round_no').notNull(),
    /** token_earned, pact_proposed, pact_accepted, pact_declined, pact_withdrawn, pact_expired, immunity_declared, immunity_used, token_spent */
    kind: varchar('kind', { length: 20 }).notNull(),
    actorId: integer('actor_id').references(() => users.id, { onDelete: 'set null' }),
    teamId: integer('team_id').notNull(),
    otherTeamId: integer('other_team_id'),
    memberId: integer('member_id').references(() => users.id, { onDelete: 'set null' }),
    pactId: integer('pact_id'),
    text: varchar('text', { length: 400 }).notNull(),
    at: timestamp('at', { withTimezone: true }).notNull(),
  },
  (t) => [index('battle_negotiation_log_idx').on(t.battleId, t.id)],
);
