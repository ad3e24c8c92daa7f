import { and, asc, eq, or } from 'drizzle-orm';
import type { Database } from '#server/db/index.ts';
import { battleMatches } from '#server/db/schema.ts';
import { conflict } from '#server/errors.ts';
import { firstRound, isBye, nextRound, type BracketMatch, type BracketSide } from '#domain/battles/index.ts';

// Bracket stages (domain/battles/bracket.ts): the stage is a battles row of format bracket_tournament whose rounds
// are head-to-head rounds. Round 1 is drawn here when the seeds advance into the stage (tournaments.ts
// advanceStage, in its transaction); bracket-closing.ts decides each round at its close and draws the next;
// bracket-view.ts shows it.

export const BRACKET_FORMAT = 'bracket_tournament';

export type MatchRow = typeof battleMatches.$inferSelect;

const sideOf = (userId: number | null, seed: number | null): BracketSide | null =>
  userId === null || seed === null ? null : { athleteId: userId, seed };

export function toMatch(r: MatchRow): BracketMatch {
  const a = sideOf(r.aUserId, r.aSeed);
  const b = sideOf(r.bUserId, r.bSeed);
  const winner = r.winnerUserId === null ? null : a?.athleteId === r.winnerUserId ? a : b?.athleteId === r.winnerUserId ? b : null;
  return { round: r.roundNo, slot: r.slot, a, b, winner };
}

export const toRow = (battleId: number, m: BracketMatch, now: Date) => ({
  battleId,
  roundNo: m.round,
  slot: m.slot,
  aUserId: m.a?.athleteId ?? null,
  aSeed: m.a?.seed ?? null,
  bUserId: m.b?.athleteId ?? null,
  bSeed: m.b?.seed ?? null,
  winnerUserId: m.winner?.athleteId ?? null,
  decidedAt: m.winner ? now : null,
});

export async function matchesOf(db: Database, battleId: number, roundNo?: number): Promise<MatchRow[]> {
  return db
    .select()
    .from(battleMatches)
    .where(
      roundNo === undefined
        ? eq(battleMatches.battleId, battleId)
        : and(eq(battleMatches.battleId, battleId), eq(battleMatches.roundNo, roundNo)),
    )
    .orderBy(asc(battleMatches.roundNo), asc(battleMatches.slot));
}

/** Draws round 1 from the seeds (byes decided at once); a second draw changes nothing. */
export async function drawFirstRound(tx: Database, battleId: number, seeds: BracketSide[], rounds: number, now: Date) {
  const matches = firstRound(seeds, rounds);
  if (matches.length)
    await tx
      .insert(battleMatches)
      .values(matches.map((m) => toRow(battleId, m, now)))
      .onConflictDoNothing();
}

/** Stores a round drawn from the one before (bracket-closing.ts). */
export async function drawRound(tx: Database, battleId: number, decided: BracketMatch[], round: number, rounds: number, now: Date) {
  const matches = nextRound(decided, round, rounds);
  if (matches.length)
    await tx
      .insert(battleMatches)
      .values(matches.map((m) => toRow(battleId, m, now)))
      .onConflictDoNothing();
}

/** Why this athlete may not submit to this bracket round (no match of theirs, or a bye), or nothing. */
export async function checkBracketAttempt(tx: Database, battleId: number, roundNo: number, userId: number) {
  const [row] = await tx
    .select()
    .from(battleMatches)
    .where(
      and(
        eq(battleMatches.battleId, battleId),
        eq(battleMatches.roundNo, roundNo),
        or(eq(battleMatches.aUserId, userId), eq(battleMatches.bUserId, userId)),
      ),
    );
  if (!row) throw conflict(`You have no match in round ${roundNo} of this bracket.`);
  if (isBye(toMatch(row))) throw conflict(`You have a bye in round ${roundNo}: you go through without playing.`);
}
