import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm';
import type { AppContext } from '#server/context.ts';
import type { Database } from '#server/db/index.ts';
import { challenges, liveAttempts, users } from '#server/db/schema.ts';
import { conflict } from '#server/errors.ts';
import { liveAttemptRoom, publish } from '#server/lib/realtime/realtime-events.ts';
import type { Division } from '#domain/scoring/index.ts';
import { applyLiveUpdate } from '#domain/live.ts';
import { elapsedOf, loadAttempt, ownedBy, participantOf, presentAttempt, projectedPlace } from './live.ts';
import { settleIfDue } from './live-end.ts';
import { followeesOf } from '../follows/index.ts';
import { noteLiveCount } from '../commentary/index.ts';

// The counter's updates and the reads of live attempts (an attempt past its cap is settled as it is read).

/**
 * The counter's update: applied when its sequence number is newer (domain/live.ts applyLiveUpdate),
 * answered unchanged when it replays the last one, refused otherwise; spectators get the new count.
 * An attempt past its cap ends instead (the caller then sees it ended). `answered` runs its work once the answer has
 * gone out (the handler's `whenAnswered`): an applied update's commentary starts there, never before the answer.
 */
export async function updateLive(
  ctx: AppContext,
  userId: number,
  id: number,
  update: { seq: number; count: number },
  answered: (then: () => void) => void,
) {
  const now = ctx.now();
  const outcome = await ctx.database.db.transaction(async (t) => {
    const tx = t as unknown as Database;
    const loaded = await loadAttempt(tx, id, { lock: true });
    const a = loaded.attempt;
    ownedBy(a, userId);
    if (a.status !== 'live') throw conflict('This live attempt has ended; its count can no longer change.');
    if (now >= a.endsBy) return { due: true as const };
    const applied = applyLiveUpdate({ seq: a.seq, count: a.count }, update);
    if (applied.kind === 'refused') throw conflict(applied.detail);
    const elapsed = elapsedOf(a, now);
    const participant = await participantOf(tx, a.challengeId, userId);
    const next = { ...a, ...applied.state };
    const place = await projectedPlace(tx, loaded.challenge, next, elapsed, (participant?.division as Division | undefined) ?? null);
    if (applied.kind === 'applied') {
      await tx.update(liveAttempts).set({ seq: next.seq, count: next.count, updatedAt: now }).where(eq(liveAttempts.id, id));
      await publish(tx, [
        {
          to: { room: liveAttemptRoom(String(id)) },
          message: { type: 'live_count', attempt_id: id, seq: next.seq, count: next.count, elapsed_ms: elapsed, projected_place: place },
        },
      ]);
    }
    return {
      due: false as const,
      previousCount: applied.kind === 'applied' ? a.count : null,
      echo: { attempt_id: id, status: 'live' as const, seq: next.seq, count: next.count, elapsed_ms: elapsed, projected_place: place },
    };
  });
  if (outcome.due) {
    await settleIfDue(ctx, id);
    throw conflict('The time cap was reached; this live attempt has ended.');
  }
  // A moment worth commentary is looked for once the answer has gone out (the commentary area's hook): the answer
  // waits in onSend for its board's NOTIFY round trip, and a task deferred from here would start while it waits.
  if (outcome.previousCount !== null) {
    const move = { attemptId: id, previousCount: outcome.previousCount, count: outcome.echo.count, elapsedMs: outcome.echo.elapsed_ms };
    answered(() => noteLiveCount(ctx, move));
  }
  return outcome.echo;
}

/** Attempts live now, longest running first (one challenge's, or followed athletes', when asked); ones past their cap are settled first. */
export async function listLive(ctx: AppContext, opts: { challengeId?: number; followedBy?: number; limit: number }) {
  const db = ctx.database.db;
  const now = ctx.now();
  const where = and(
    eq(liveAttempts.status, 'live'),
    opts.challengeId ? eq(liveAttempts.challengeId, opts.challengeId) : undefined,
    // "People I follow" on /live-spectating (the follows area's list of whom the caller follows).
    opts.followedBy ? inArray(liveAttempts.userId, followeesOf(opts.followedBy)) : undefined,
  );
  const rows = await db
    .select({ attempt: liveAttempts, challenge: challenges, displayName: users.displayName })
    .from(liveAttempts)
    .innerJoin(challenges, eq(challenges.id, liveAttempts.challengeId))
    .innerJoin(users, eq(users.id, liveAttempts.userId))
    .where(where)
    .orderBy(asc(liveAttempts.startedAt), asc(liveAttempts.id))
    .limit(opts.limit);
  const due = rows.filter((r) => now >= r.attempt.endsBy);
  if (due.length) {
    for (const r of due) await settleIfDue(ctx, r.attempt.id);
  }
  const items = await Promise.all(rows.filter((r) => now < r.attempt.endsBy).map((r) => presentAttempt(ctx, r)));
  return { items, server_time: now.toISOString() };
}

/** One attempt (settled first when past its cap). */
export async function getLive(ctx: AppContext, id: number) {
  const loaded = await loadAttempt(ctx.database.db, id);
  if (loaded.attempt.status === 'live' && ctx.now() >= loaded.attempt.endsBy) {
    await settleIfDue(ctx, id);
    return presentAttempt(ctx, await loadAttempt(ctx.database.db, id));
  }
  return presentAttempt(ctx, loaded);
}

/** The caller's attempt live now, else their latest on the challenge asked about. */
export async function myLive(ctx: AppContext, userId: number, challengeId?: number) {
  const db = ctx.database.db;
  const where = challengeId
    ? and(eq(liveAttempts.userId, userId), eq(liveAttempts.challengeId, challengeId))
    : and(eq(liveAttempts.userId, userId), eq(liveAttempts.status, 'live'));
  const [row] = await db
    .select({ id: liveAttempts.id })
    .from(liveAttempts)
    .where(where)
    .orderBy(sql`(${liveAttempts.status} = 'live') desc`, desc(liveAttempts.startedAt))
    .limit(1);
  return { attempt: row ? await getLive(ctx, row.id) : null };
}
