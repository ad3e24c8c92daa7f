import { index, integer, pgTable, primaryKey, timestamp } from 'drizzle-orm/pg-core';
import { users } from '#server/db/schema.ts';
import { battles } from './schema.ts';

/**
 * The matches of a bracket stage (domain/battles/bracket.ts; the stage is a battles row of format
 * bracket_tournament). Round 1 is drawn when the stage's seeds advance into it, each later round when the round
 * before closes; a bye has one side and its winner at once, a head-to-head's winner is set once, when its round
 * closes. Slot j of a round is fed by slots 2j and 2j+1 of the round before. A deleted account leaves its side
 * empty (set null): the opponent then goes on as after a bye.
 */
export const battleMatches = pgTable(
  'battle_matches',
  {
    battleId: integer('battle_id')
      .notNull()
      .references(() => battles.id, { onDelete: 'cascade' }),
    roundNo: integer('round_no').notNull(),
    slot: integer('slot').notNull(),
    aUserId: integer('a_user_id').references(() => users.id, { onDelete: 'set null' }),
    aSeed: integer('a_seed'),
    bUserId: integer('b_user_id').references(() => users.id, { onDelete: 'set null' }),
    bSeed: integer('b_seed'),
    winnerUserId: integer('winner_user_id'),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
  },
  (t) => [
    primaryKey({ columns: [t.battleId, t.roundNo, t.slot] }),
    index('battle_matches_a_idx').on(t.aUserId),
    index('battle_matches_b_idx').on(t.bUserId),
  ],
);
