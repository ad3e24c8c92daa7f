import { and, eq, lt, sql } from 'drizzle-orm';
import type { AppContext } from '#server/context.ts';
import type { Database } from '#server/db/index.ts';
import { liveAttempts } from '#server/db/schema.ts';
import { ApiError, conflict } from '#server/errors.ts';
import type { JobHandlers } from '#server/lib/jobs.ts';
import { liveAttemptRoom, publish } from '#server/lib/realtime/realtime-events.ts';
import { applyLiveUpdate, liveScoreBody } from '#domain/live.ts';
import { LIVE_GONE_MS, LIVE_GONE_TEXT } from '#domain/live-stream.ts';
import { rulesOf, submitScore } from '../challenges/index.ts';
import { closeStream } from './live-segments-recording.ts';
import { LIVE_CAP_JOB, elapsedOf, loadAttempt, ownedBy, presentAttempt, type AttemptRow } from './live.ts';

// Ending a live attempt: its count (and clock) become a score through the challenges area's normal
// submission, with one Idempotency-Key per attempt, so the athlete's end and the cap's job racing, or a
// crash between the score and the attempt's row, submit one score; the attempt's row is closed once.

type EndReason = 'finished' | 'stopped' | 'capped';

/** The key that makes the attempt's score submission happen once however often the end runs. */
const submissionKey = (id: number) => ({ operation: 'endLiveAttempt', key: `live-attempt-${id}`, hash: `live-attempt-${id}` });

/** Closed without a score: the athlete abandoned it, or was gone too long (`inactive`). */
const unscored = (reason: string) => reason === 'abandoned' || reason === 'inactive';

async function closeAttempt(
  ctx: AppContext,
  id: number,
  end: { reason: EndReason | 'abandoned' | 'inactive'; endedAt: Date; count: number; elapsedMs: number },
  score: { id: number | null; text: string | null; problem: string | null },
  /** Closes only while nothing was heard from the athlete since (the gone rule). */
  quietSince?: Date,
): Promise<boolean> {
  return ctx.database.db.transaction(async (t) => {
    const tx = t as unknown as Database;
    const [closed] = await tx
      .update(liveAttempts)
      .set({
        status: unscored(end.reason) ? 'abandoned' : 'ended',
        endedAt: end.endedAt,
        endReason: end.reason,
        scoreId: score.id,
        scoreText: score.text,
        scoreProblem: score.problem,
        updatedAt: end.endedAt,
      })
      .where(
        and(
          eq(liveAttempts.id, id),
          eq(liveAttempts.status, 'live'),
          quietSince ? lt(liveAttempts.updatedAt, quietSince) : undefined,
          quietSince
            ? sql`not exists (select 1 from live_streams s where s.attempt_id = ${id} and s.updated_at >= ${quietSince.toISOString()})`
            : undefined,
        ),
      )
      .returning({ id: liveAttempts.id });
    if (!closed) return false;
    await closeStream(tx, id, !unscored(end.reason), end.endedAt);
    await publish(tx, [
      {
        to: { room: liveAttemptRoom(String(id)) },
        message: {
          type: 'live_ended',
          attempt_id: id,
          status: unscored(end.reason) ? 'abandoned' : 'ended',
          end_reason: end.reason,
          count: end.count,
          elapsed_ms: end.elapsedMs,
          score_text: score.text,
        },
      },
    ]);
    return true;
  });
}

/**
 * Ends a live attempt as a score. The athlete's end may carry a last update (applied by the same rule
 * as any update); `finished` says a for-time workout was completed. The cap's end uses the count as
 * it stood. A submission the challenge refuses (its video rule, an impossible result) still ends the
 * attempt, with the refusal kept for the athlete to read.
 */
async function finishAttempt(
  ctx: AppContext,
  id: number,
  how: { reason: EndReason; finished: boolean; userId?: number; last?: { seq: number; count: number } },
) {
  const now = ctx.now();
  const db = ctx.database.db;
  const ready = await db.transaction(async (t) => {
    const tx = t as unknown as Database;
    const loaded = await loadAttempt(tx, id, { lock: true });
    const a = loaded.attempt;
    if (how.userId !== undefined) ownedBy(a, how.userId);
    if (a.status !== 'live') {
      if (how.userId !== undefined) throw conflict('This live attempt has ended already.');
      return null;
    }
    const capped = now >= a.endsBy;
    let { seq, count } = a;
    if (how.last && !capped) {
      const applied = applyLiveUpdate({ seq, count }, how.last);
      if (applied.kind === 'refused') throw conflict(applied.detail);
      ({ seq, count } = applied.state);
    }
    const rules = rulesOf(loaded.challenge);
    const elapsedMs = elapsedOf(a, now);
    const reason: EndReason = capped ? 'capped' : how.reason;
    const body = liveScoreBody(rules, { count, elapsedMs, finished: how.finished && !capped });
    if (!body && how.userId !== undefined && !capped)
      throw new ApiError(422, 'A for-time workout without a time cap scores only when you finish it: end it as finished, or abandon it.');
    if (seq !== a.seq) await tx.update(liveAttempts).set({ seq, count, updatedAt: now }).where(eq(liveAttempts.id, id));
    return { a, body, reason, count, elapsedMs, endedAt: capped ? a.endsBy : now };
  });
  if (!ready) return;
  let score: { id: number | null; text: string | null; problem: string | null };
  if (!ready.body) {
    score = { id: null, text: null, problem: 'The workout ran to its limit without being finished, so there is no time to score.' };
  } else {
    try {
      const submitted = await submitScore(ctx, ready.a.userId, ready.a.challengeId, ready.body, submissionKey(id));
      score = { id: submitted.score.id, text: submitted.score.display, problem: null };
    } catch (error) {
      const status = (error as { statusCode?: number }).statusCode;
      if (!status || status >= 500) throw error;
      score = { id: null, text: null, problem: (error as Error).message };
    }
  }
  await closeAttempt(ctx, id, ready, score);
}

/** The athlete ends their attempt. */
export async function endLive(ctx: AppContext, userId: number, id: number, body: { finished?: boolean; seq?: number; count?: number }) {
  if ((body.seq === undefined) !== (body.count === undefined)) throw new ApiError(400, 'A last update needs both seq and count.');
  const last = body.seq !== undefined ? { seq: body.seq, count: body.count! } : undefined;
  await finishAttempt(ctx, id, { reason: body.finished ? 'finished' : 'stopped', finished: body.finished === true, userId, last });
  return presentAttempt(ctx, await loadAttempt(ctx.database.db, id));
}

/** An attempt past its cap ends itself (from a read, an update or the cap's job; ending twice changes nothing). */
export async function settleIfDue(ctx: AppContext, id: number): Promise<boolean> {
  const { attempt } = await loadAttempt(ctx.database.db, id);
  if (attempt.status !== 'live' || ctx.now() < attempt.endsBy) return false;
  await finishAttempt(ctx, id, { reason: 'capped', finished: false });
  return true;
}

/** The athlete stops without a score. */
export async function abandonLive(ctx: AppContext, userId: number, id: number) {
  const now = ctx.now();
  const { attempt } = await loadAttempt(ctx.database.db, id);
  ownedBy(attempt, userId);
  if (attempt.status !== 'live') throw conflict('This live attempt has ended already.');
  if (now >= attempt.endsBy) await settleIfDue(ctx, id);
  else
    await closeAttempt(
      ctx,
      id,
      { reason: 'abandoned', endedAt: now, count: attempt.count, elapsedMs: elapsedOf(attempt, now) },
      { id: null, text: null, problem: null },
    );
  return presentAttempt(ctx, await loadAttempt(ctx.database.db, id));
}

/**
 * The athlete is gone: nothing heard (no update since `updatedAt`, checked again as the row closes) for
 * LIVE_GONE_MS. The attempt closes as abandoned with end reason `inactive`, saying why; answers whether it closed.
 */
export async function closeGone(ctx: AppContext, attempt: AttemptRow): Promise<boolean> {
  const now = ctx.now();
  return closeAttempt(
    ctx,
    attempt.id,
    { reason: 'inactive', endedAt: now, count: attempt.count, elapsedMs: elapsedOf(attempt, now) },
    { id: null, text: null, problem: LIVE_GONE_TEXT },
    new Date(now.getTime() - LIVE_GONE_MS),
  );
}

/** The job queued at start for the attempt's cap. */
export const liveJobHandlers: JobHandlers = {
  [LIVE_CAP_JOB]: async (ctx, payload) => {
    const id = Number(payload.attempt_id);
    try {
      await settleIfDue(ctx, id);
    } catch (error) {
      // The attempt was deleted with its challenge or account: nothing left to end.
      if ((error as { statusCode?: number }).statusCode === 404) return;
      throw error;
    }
  },
};
