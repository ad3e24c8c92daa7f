import { and, eq, inArray } from 'drizzle-orm';
import type { Database } from '#server/db/index.ts';
import { battleNegotiation, battleTokens } from '#server/db/schema.ts';
import type { Token, TokenStatus } from '#domain/battles/index.ts';

// Which squad battles play immunity tokens (and their trades per round), and a battle's tokens in the domain's
// shape: read by the squad pages (squads.ts), the board, the negotiation calls and round closing.

/** Trades per round by battle id, for the battles that play immunity. */
export async function negotiationRules(db: Database, ids: number[]): Promise<Map<number, number>> {
  if (!ids.length) return new Map();
  const rows = await db.select().from(battleNegotiation).where(inArray(battleNegotiation.battleId, ids));
  return new Map(rows.map((r) => [r.battleId, r.tradesPerRound]));
}

export async function tokensOf(db: Database, battleId: number): Promise<Token[]> {
  const rows = await db.select().from(battleTokens).where(eq(battleTokens.battleId, battleId)).orderBy(battleTokens.id);
  return rows.map((t) => ({
    id: t.id,
    holder: t.holderTeamId,
    earnedBy: t.earnedTeamId,
    earnedRound: t.earnedRound,
    status: t.status as TokenStatus,
    usedRound: t.usedRound,
    usedOn: t.usedOn,
  }));
}

/** Members declared immune for a round (shown on the squad board). */
export async function protectedIn(db: Database, battleId: number, roundNo: number): Promise<Set<number>> {
  const rows = await db
    .select({ userId: battleTokens.usedOn })
    .from(battleTokens)
    .where(and(eq(battleTokens.battleId, battleId), eq(battleTokens.usedRound, roundNo)));
  return new Set(rows.flatMap((r) => (r.userId === null ? [] : [r.userId])));
}
