import { and, eq, sql } from 'drizzle-orm';
import type { AppContext } from '#server/context.ts';
import type { Database } from '#server/db/index.ts';
import { rowsOf } from '#server/db/rows.ts';
import { battleAttempts, battleRounds, battles } from '#server/db/schema.ts';
import { enqueueJob, type JobHandler } from '#server/lib/jobs.ts';
import { publish, type RealtimeEnvelope } from '#server/lib/realtime/realtime-events.ts';
import { isBracketRound, isSquadCut, type AttemptJudging } from '#domain/battles/index.ts';
import { noteBattleRound } from '../commentary/index.ts';
import { notifyEach, notifyMany } from '../notifications/index.ts';
import { battleRoom, ROUND_CLOSE_JOB, squadBattleLink, type BattleRow } from './battles.ts';
import { dropKeptBoards } from './board-kept.ts';
import { closeSquadRoundIn } from './squad-closing.ts';
import { closeBracketRoundIn } from './bracket-closing.ts';
import { BRACKET_FORMAT } from './brackets.ts';
import { advanceStage } from './tournaments.ts';
import { cutRoyaleRound } from './royale-closing.ts';

/** Tells the fallen of a closed battle royale round (queued by its close). */
export const ROUND_NOTICES_JOB = 'battle_round_notices';

// Closing a round: the job queued at the round's close (battles.ts scheduleRoundCloses) ranks the living field,
// cuts it by the engine's rules (one statement, royale-closing.ts), records who fell, tells the battle's room
// (socket) and after the last round writes the final places. In a judged-video battle only verified attempts count
// (attempts.ts roundAttempts, royale-closing.ts): those still waiting for a verdict are marked expired here, in the
// same transaction. One transaction; the round row is locked and closed once, so running the job twice, or on two
// nodes at once, changes nothing the second time. The fallen's notices (inbox, socket push, mail) are a job queued in
// that transaction (ROUND_NOTICES_JOB), run after the commit. Once the close has committed, its moments (who fell,
// the round's winner, …) become commentary (the commentary area).

/** Round ids in the room message up to this many; past it the page reloads the board instead. */
const MAX_LISTED = 200;

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
    // Judged video: what still waits for a verdict now does not count (domain/battles/judged.ts); it is marked so,
    // and its athletes are told (expiredNotices).
    if (battle!.judgedVideo) {
      const expired = await tx
        .update(battleAttempts)
        .set({ judging: 'expired' satisfies AttemptJudging })
        .where(and(eq(battleAttempts.battleId, battleId), eq(battleAttempts.roundNo, roundNo), eq(battleAttempts.judging, 'waiting')))
        .returning({ userId: battleAttempts.userId });
      await notifyMany(tx, expiredNotices(battle!, roundNo, expired), now);
    }
    if (battle!.format === BRACKET_FORMAT || isBracketRound(round.cut)) return closeBracketRoundIn(tx, battle!, round, last, now);
    if (isSquadCut(round.cut) || battle!.format === 'squad_decimation') return closeSquadRoundIn(tx, battle!, round, last, now);
    const finished = roundNo >= last;
    // Rank + cut (and after the last round every final place) in the database: royale-closing.ts.
    const cut = await cutRoyaleRound(tx, battleId, roundNo, round.cut, finished);
    const eliminated = cut.eliminated.map((f) => f.userId);
    await tx
      .update(battleRounds)
      .set({ closedAt: now, fieldSize: cut.field, eliminatedCount: eliminated.length })
      .where(and(eq(battleRounds.battleId, battleId), eq(battleRounds.roundNo, roundNo)));
    if (finished) {
      await tx.update(battles).set({ finishedAt: now }).where(eq(battles.id, battleId));
      // A tournament stage: its top K enter the next stage, in this same transaction (tournaments.ts).
      await advanceStage(tx, battleId, now);
    }
    // Everyone who fell is told by a job queued here, so it exists once the cut has committed and runs after it
    // (tellTheFallen): 25,000 notices, their socket pushes and mails are most of a large round's close.
    if (eliminated.length)
      await enqueueJob(
        tx,
        ROUND_NOTICES_JOB,
        {
          battle_id: battleId,
          round_no: roundNo,
          title: `Eliminated in round ${roundNo} of ${battle!.name}`,
          rest: ` of ${cut.field}; ${cut.keep} went through.`,
        },
        now,
      );
    const envelopes: RealtimeEnvelope[] = [
      {
        to: { room: battleRoom(battleId) },
        message: {
          type: 'battle_round_closed',
          battle_id: battleId,
          round_no: roundNo,
          field_size: cut.field,
          eliminated_count: eliminated.length,
          eliminated: eliminated.length <= MAX_LISTED ? eliminated : [],
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
    return { closed: true, eliminated };
  });
  // This node's kept boards now behind (every node drops its own on the room message).
  if (result.closed) dropKeptBoards(ctx, null);
  return result;
}

/**
 * One inbox notice per athlete whose attempts of the round were still waiting for a verdict at its close (the
 * verdict's kind, score_judged: the outcome of their attempt's judging is that it was never judged).
 */
function expiredNotices(battle: BattleRow, roundNo: number, expired: { userId: number }[]) {
  const counts = new Map<number, number>();
  for (const { userId } of expired) counts.set(userId, (counts.get(userId) ?? 0) + 1);
  const link = battle.format === 'squad_decimation' ? squadBattleLink(battle.id) : `/individual-battle-royale-page?id=${battle.id}`;
  return [...counts].map(([userId, n]) => ({
    userId,
    kind: 'score_judged' as const,
    title:
      n === 1
        ? `Your round ${roundNo} attempt in ${battle.name} was not judged in time`
        : `${n} of your round ${roundNo} attempts in ${battle.name} were not judged in time`,
    body: `Round ${roundNo} closed before a judge gave a verdict, so ${n === 1 ? 'it does' : 'they do'} not count.`,
    link,
  }));
}

/**
 * The notices of a closed round: one statement tells everyone who fell in it (inbox, socket, mail). The round's
 * notified_at, set in the same transaction, makes a second run (a retried job) change nothing.
 */
export async function tellTheFallen(ctx: AppContext, payload: Record<string, unknown>): Promise<void> {
  const battleId = Number(payload.battle_id);
  const roundNo = Number(payload.round_no);
  const now = ctx.now();
  await ctx.database.db.transaction(async (t) => {
    const tx = t as unknown as Database;
    const claimed = await rowsOf(
      tx,
      sql`update battle_rounds set notified_at = ${now.toISOString()}::timestamptz
          where battle_id = ${battleId} and round_no = ${roundNo} and closed_at is not null and notified_at is null returning 1`,
    );
    if (!claimed.length) return;
    await notifyEach(
      tx,
      {
        kind: 'battle_eliminated',
        link: `/individual-battle-royale-page?id=${battleId}`,
        rows: sql`select user_id, ${String(payload.title)}::text, 'You placed ' || eliminated_place || ${String(payload.rest)}::text
                  from battle_entries where battle_id = ${battleId} and eliminated_round = ${roundNo}`,
      },
      now,
    );
  });
}

export const battleJobHandlers: Record<string, JobHandler> = {
  [ROUND_CLOSE_JOB]: async (ctx, payload) => {
    await closeRound(ctx, Number(payload.battle_id), Number(payload.round_no));
  },
  [ROUND_NOTICES_JOB]: tellTheFallen,
};
