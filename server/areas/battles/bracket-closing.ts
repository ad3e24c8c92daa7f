import { and, eq, sql } from 'drizzle-orm';
import type { Database } from '#server/db/index.ts';
import { battleMatches, battleRounds, battles, tournamentStages } from '#server/db/schema.ts';
import { publish, type RealtimeEnvelope } from '#server/lib/realtime/realtime-events.ts';
import { bracketFinalOrder, bracketRoundName, closeBracketRound, isPlayed } from '#domain/battles/index.ts';
import { notify } from '../notifications/index.ts';
import { roundAttempts } from './attempts.ts';
import { battleRoom, type BattleRow, type RoundRow } from './battles.ts';
import { drawRound, matchesOf, toMatch } from './brackets.ts';
import { advanceStage, tournamentLink } from './tournaments.ts';

// Closing a bracket round: called by closing.ts inside its transaction with the round row locked and still open.
// Every head-to-head of the round is decided from the two athletes' best attempts (domain/battles/bracket.ts), the
// losers are out (eliminated_round, with their seed as the place they fell at), the next round is drawn from the
// winners; after the final the stage's order (champion, runner-up, semi-final losers by seed, …) becomes the
// final places and advanceStage seeds the next stage from it, as after a royale stage.

const intArray = (xs: number[]) => `{${xs.join(',')}}`;

export async function closeBracketRoundIn(
  tx: Database,
  battle: BattleRow,
  round: RoundRow,
  last: number,
  now: Date,
): Promise<{ closed: boolean; eliminated: number[] }> {
  const roundNo = round.roundNo;
  const rows = await matchesOf(tx, battle.id, roundNo);
  const best = new Map((await roundAttempts(tx, battle.id, roundNo)).map((a) => [a.athleteId, a]));
  const outcome = closeBracketRound(rows.map(toMatch), best, roundNo, last);
  for (const m of outcome.decided) {
    const row = rows.find((r) => r.slot === m.slot)!;
    if (row.winnerUserId !== null || !m.winner) continue;
    await tx
      .update(battleMatches)
      .set({ winnerUserId: m.winner.athleteId, decidedAt: now })
      .where(and(eq(battleMatches.battleId, battle.id), eq(battleMatches.roundNo, roundNo), eq(battleMatches.slot, m.slot)));
  }
  const losers = outcome.losers;
  if (losers.length)
    await tx.execute(sql`
      update battle_entries e set eliminated_round = ${roundNo}, eliminated_place = v.seed
      from unnest(${intArray(losers.map((l) => l.athleteId))}::int[], ${intArray(losers.map((l) => l.seed))}::int[]) as v(user_id, seed)
      where e.battle_id = ${battle.id} and e.user_id = v.user_id`);
  const field = outcome.decided.reduce((n, m) => n + (isPlayed(m) ? 2 : m.a || m.b ? 1 : 0), 0);
  await tx
    .update(battleRounds)
    .set({ closedAt: now, fieldSize: field, eliminatedCount: losers.length })
    .where(and(eq(battleRounds.battleId, battle.id), eq(battleRounds.roundNo, roundNo)));
  const [stage] = await tx
    .select({ tournamentId: tournamentStages.tournamentId })
    .from(tournamentStages)
    .where(eq(tournamentStages.battleId, battle.id));
  const link = stage ? tournamentLink(stage.tournamentId) : `/individual-battle-royale-page?id=${battle.id}`;
  const roundName = bracketRoundName(roundNo, last);
  // The losers are told first: a runner-up who goes on to the next stage reads that last.
  for (const m of outcome.decided.filter(isPlayed)) {
    const loser = m.winner!.athleteId === m.a!.athleteId ? m.b! : m.a!;
    await notify(
      tx,
      {
        userId: loser.athleteId,
        kind: 'battle_eliminated',
        title: `Out in ${roundNo < last - 2 ? `round ${roundNo}` : `the ${roundName.toLowerCase()}`} of ${battle.name}`,
        body: `Seed ${m.winner!.seed} beat you (seed ${loser.seed}) head to head and goes on.`,
        link,
      },
      now,
    );
  }
  const finished = roundNo >= last;
  if (!finished) await drawRound(tx, battle.id, outcome.decided, roundNo + 1, last, now);
  else {
    const order = bracketFinalOrder((await matchesOf(tx, battle.id)).map(toMatch));
    if (order.length)
      await tx.execute(sql`
        update battle_entries e set final_place = v.place
        from unnest(${intArray(order.map((o) => o.athleteId))}::int[], ${intArray(order.map((o) => o.place))}::int[]) as v(user_id, place)
        where e.battle_id = ${battle.id} and e.user_id = v.user_id`);
    await tx.update(battles).set({ finishedAt: now }).where(eq(battles.id, battle.id));
    // The champion, runner-up, … enter the next stage seeded by that order (tournaments.ts), in this transaction.
    await advanceStage(tx, battle.id, now);
  }
  const envelopes: RealtimeEnvelope[] = [
    {
      to: { room: battleRoom(battle.id) },
      message: {
        type: 'battle_round_closed',
        battle_id: battle.id,
        round_no: roundNo,
        field_size: field,
        eliminated_count: losers.length,
        eliminated: losers.map((l) => l.athleteId),
        finished,
      },
    },
  ];
  if (!finished)
    envelopes.push({
      to: { room: battleRoom(battle.id) },
      message: { type: 'battle_round_opened', battle_id: battle.id, round_no: roundNo + 1 },
    });
  await publish(tx, envelopes);
  return { closed: true, eliminated: losers.map((l) => l.athleteId) };
}
