import { and, eq, sql } from 'drizzle-orm';
import type { AppContext } from '#server/context.ts';
import type { Database } from '#server/db/index.ts';
import { rowsOf } from '#server/db/rows.ts';
import { battleAttempts, battleRounds, battles } from '#server/db/schema.ts';
import type { JobHandler } from '#server/lib/jobs.ts';
import { publish, type RealtimeEnvelope } from '#server/lib/realtime/realtime-events.ts';
import { closeRoyaleRound, isBracketRound, isSquadCut, type AttemptJudging } from '#domain/battles/index.ts';
import { noteBattleRound } from '../commentary/index.ts';
import { notifyMany } from '../notifications/index.ts';
import { roundAttempts } from './attempts.ts';
import { battleRoom, ROUND_CLOSE_JOB } from './battles.ts';
import { dropKeptBoards } from './board-kept.ts';
import { closeSquadRoundIn } from './squad-closing.ts';
import { closeBracketRoundIn } from './bracket-closing.ts';
import { BRACKET_FORMAT } from './brackets.ts';
import { advanceStage } from './tournaments.ts';

// Closing a round: the job queued at the round's close (battles.ts scheduleRoundCloses) ranks the living field,
// cuts it with the engine, records who fell, tells each of them (inbox) and the battle's room (socket), and after
// the last round writes the final places. In a judged-video battle only verified attempts count (attempts.ts
// roundAttempts): those still waiting for a verdict are marked expired here, in the same transaction. One transaction; the round row is locked and closed once, so running
// the job twice, or on two nodes at once, changes nothing the second time. Once the close has committed, its
// moments (who fell, the round's winner, …) become commentary (the commentary area, off this job's transaction).

/** Round ids in the room message up to this many; past it the page reloads the board instead. */
const MAX_LISTED = 200;

const intArray = (xs: number[]) => `{${xs.join(',')}}`;

export async function closeRound(ctx: AppContext, battleId: number, roundNo: number): Promise<{ closed: boolean; eliminated: number[] }> {
  const result = await closeRoundIn(ctx, battleId, roundNo);
  if (result.closed) noteBattleRound(ctx, { battleId, roundNo });
  return result;
}

async function closeRoundIn(ctx: AppContext, battleId: number, roundNo: number): Promise<{ closed: boolean; eliminated: number[] }> {
  const now = ctx.now();
  const result = await ctx.database.db.transaction(async (t) => {
    const tx = t as unknown as Database;
    const [round] = await tx
      .select()
      .from(battleRounds)
      .where(and(eq(battleRounds.battleId, battleId), eq(battleRounds.roundNo, roundNo)))
      .for('update');
    if (!round || round.closedAt) return { closed: false, eliminated: [] };
    if (now < round.closesAt) throw new Error(`Round ${roundNo} of battle ${battleId} closes at ${round.closesAt.toISOString()}`);
    const [battle] = await tx.select().from(battles).where(eq(battles.id, battleId));
    const [{ last } = { last: roundNo }] = await rowsOf<{ last: number }>(
      tx,
      sql`select max(round_no)::int as last from battle_rounds where battle_id = ${battleId}`,
    );
    // Judged video: what still waits for a verdict now does not count (domain/battles/judged.ts); it is marked so.
    if (battle!.judgedVideo)
      await tx
        .update(battleAttempts)
        .set({ judging: 'expired' satisfies AttemptJudging })
        .where(and(eq(battleAttempts.battleId, battleId), eq(battleAttempts.roundNo, roundNo), eq(battleAttempts.judging, 'waiting')));
    if (battle!.format === BRACKET_FORMAT || isBracketRound(round.cut)) return closeBracketRoundIn(tx, battle!, round, last, now);
    if (isSquadCut(round.cut) || battle!.format === 'squad_decimation') return closeSquadRoundIn(tx, battle!, round, last, now);
    // Entry times as epoch ms from the database (a field of 100,000 parses no dates).
    const field = await rowsOf<{ user_id: number; entered_ms: number }>(
      tx,
      sql`select user_id, floor(extract(epoch from entered_at) * 1000)::float8 as entered_ms
          from battle_entries where battle_id = ${battleId} and eliminated_round is null`,
    );
    const attempts = await roundAttempts(tx, battleId, roundNo);
    const outcome = closeRoyaleRound(
      field.map((f) => ({ athleteId: f.user_id, enteredAt: Number(f.entered_ms) })),
      attempts,
      round.cut,
    );
    const placeOf = new Map(outcome.ranking.map((r) => [r.athleteId, r.place]));
    if (outcome.eliminated.length)
      await tx.execute(sql`
        update battle_entries e set eliminated_round = ${roundNo}, eliminated_place = v.place
        from unnest(${intArray(outcome.eliminated)}::int[], ${intArray(outcome.eliminated.map((id) => placeOf.get(id)!))}::int[]) as v(user_id, place)
        where e.battle_id = ${battleId} and e.user_id = v.user_id`);
    await tx
      .update(battleRounds)
      .set({ closedAt: now, fieldSize: field.length, eliminatedCount: outcome.eliminated.length })
      .where(and(eq(battleRounds.battleId, battleId), eq(battleRounds.roundNo, roundNo)));
    const finished = roundNo >= last;
    if (finished) {
      // Survivors by the last round's order, then the fallen: later rounds first, by their place in that round.
      await tx.execute(sql`
        update battle_entries e set final_place = f.final_place
        from (
          select user_id, (row_number() over (order by coalesce(s.place, 0) = 0, s.place,
                  eliminated_round desc nulls first, eliminated_place, user_id))::int as final_place
          from battle_entries be
          left join unnest(${intArray(outcome.survivors)}::int[], ${intArray(outcome.survivors.map((id) => placeOf.get(id)!))}::int[]) as s(uid, place)
            on s.uid = be.user_id
          where be.battle_id = ${battleId}
        ) f
        where e.battle_id = ${battleId} and e.user_id = f.user_id`);
      await tx.update(battles).set({ finishedAt: now }).where(eq(battles.id, battleId));
      // A tournament stage: its top K enter the next stage, in this same transaction (tournaments.ts).
      await advanceStage(tx, battleId, now);
    }
    const link = `/individual-battle-royale-page?id=${battleId}`;
    // Everyone who fell, told in a few statements per 2,000 (a round at 100,000 cuts 25,000).
    await notifyMany(
      tx,
      outcome.eliminated.map((athleteId) => ({
        userId: athleteId,
        kind: 'battle_eliminated' as const,
        title: `Eliminated in round ${roundNo} of ${battle!.name}`,
        body: `You placed ${placeOf.get(athleteId)} of ${field.length}; ${outcome.survivors.length} went through.`,
        link,
      })),
      now,
    );
    const envelopes: RealtimeEnvelope[] = [
      {
        to: { room: battleRoom(battleId) },
        message: {
          type: 'battle_round_closed',
          battle_id: battleId,
          round_no: roundNo,
          field_size: field.length,
          eliminated_count: outcome.eliminated.length,
          eliminated: outcome.eliminated.length <= MAX_LISTED ? outcome.eliminated : [],
          finished,
        },
      },
    ];
    if (!finished)
      envelopes.push({
        to: { room: battleRoom(battleId) },
        message: { type: 'battle_round_opened', battle_id: battleId, round_no: roundNo + 1 },
      });
    await publish(tx, envelopes);
    return { closed: true, eliminated: outcome.eliminated };
  });
  // This node's kept boards now behind (every node drops its own on the room message).
  if (result.closed) dropKeptBoards(ctx, null);
  return result;
}

export const battleJobHandlers: Record<string, JobHandler> = {
  [ROUND_CLOSE_JOB]: async (ctx, payload) => {
    await closeRound(ctx, Number(payload.battle_id), Number(payload.round_no));
  },
};
