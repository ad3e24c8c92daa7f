import { randomUUID } from 'node:crypto';
import { and, count, eq, gte, lt, sql } from 'drizzle-orm';
import type { AppContext } from '#server/context.ts';
import type { Database } from '#server/db/index.ts';
import { liveAttempts, liveReactions, liveSpectators } from '#server/db/schema.ts';
import { ApiError, conflict, notFound } from '#server/errors.ts';
import { liveAttemptRoom, publish } from '#server/lib/realtime/realtime-events.ts';
import { LIVE_REACTION_LIMIT, type LiveReaction } from '#domain/live.ts';
import { NO_ATTEMPT } from './live.ts';

// Who is watching: each node counts the sockets it holds in an attempt's room (the hub tells it on every
// join and leave) and keeps that number in live_spectators under its own name; the room hears the sum
// over every node. Writes for one room are coalesced: while one runs, later changes wait and the last wins.

const ROOM_PREFIX = liveAttemptRoom('');

/** The hub's watcher for live attempt rooms on this node (server/app.ts hands it to the hub). */
export function liveSpectatorWatcher(ctx: AppContext) {
  const node = randomUUID();
  const pending = new Map<number, number>();
  const writing = new Set<number>();
  const write = async (attemptId: number) => {
    writing.add(attemptId);
    try {
      while (pending.has(attemptId)) {
        const sockets = pending.get(attemptId)!;
        pending.delete(attemptId);
        await storeAndTell(ctx, attemptId, node, sockets);
      }
    } finally {
      writing.delete(attemptId);
    }
  };
  return (room: string, size: number) => {
    const attemptId = Number(room.slice(ROOM_PREFIX.length));
    if (!Number.isSafeInteger(attemptId) || attemptId < 1 || attemptId > 2_147_483_647) return;
    pending.set(attemptId, size);
    if (!writing.has(attemptId)) ctx.tasks.defer('live spectators', () => write(attemptId));
  };
}

async function storeAndTell(ctx: AppContext, attemptId: number, node: string, sockets: number) {
  const now = ctx.now();
  await ctx.database.db.transaction(async (t) => {
    const tx = t as unknown as Database;
    const [attempt] = await tx.select({ status: liveAttempts.status }).from(liveAttempts).where(eq(liveAttempts.id, attemptId));
    if (!attempt) return;
    if (sockets === 0) {
      await tx.delete(liveSpectators).where(and(eq(liveSpectators.attemptId, attemptId), eq(liveSpectators.node, node)));
    } else {
      await tx
        .insert(liveSpectators)
        .values({ attemptId, node, sockets, updatedAt: now })
        .onConflictDoUpdate({ target: [liveSpectators.attemptId, liveSpectators.node], set: { sockets, updatedAt: now } });
    }
    if (attempt.status !== 'live') return;
    const [total] = await tx
      .select({ n: sql<number>`coalesce(sum(${liveSpectators.sockets}), 0)::int` })
      .from(liveSpectators)
      .where(eq(liveSpectators.attemptId, attemptId));
    await publish(tx, [
      {
        to: { room: liveAttemptRoom(String(attemptId)) },
        message: { type: 'live_spectators', attempt_id: attemptId, spectators: Number(total?.n ?? 0) },
      },
    ]);
  });
}

/** A spectator's reaction to everyone watching; at most LIVE_REACTION_LIMIT per person per window. */
export async function reactToLive(ctx: AppContext, userId: number, attemptId: number, emoji: LiveReaction) {
  const now = ctx.now();
  return ctx.database.db.transaction(async (t) => {
    const tx = t as unknown as Database;
    const [attempt] = await tx.select({ status: liveAttempts.status }).from(liveAttempts).where(eq(liveAttempts.id, attemptId));
    if (!attempt) throw notFound(NO_ATTEMPT);
    if (attempt.status !== 'live') throw conflict('This live attempt has ended.');
    // One person's reactions are counted under a lock on their own row set, so two at once cannot both slip in.
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext('live_reactions'), ${userId})`);
    const since = new Date(now.getTime() - LIVE_REACTION_LIMIT.windowMs);
    const [recent] = await tx
      .select({ n: count() })
      .from(liveReactions)
      .where(and(eq(liveReactions.userId, userId), gte(liveReactions.sentAt, since)));
    if (Number(recent?.n ?? 0) >= LIVE_REACTION_LIMIT.count)
      throw new ApiError(429, `At most ${LIVE_REACTION_LIMIT.count} reactions every ${LIVE_REACTION_LIMIT.windowMs / 1000} seconds.`);
    await tx.delete(liveReactions).where(and(eq(liveReactions.userId, userId), lt(liveReactions.sentAt, since)));
    await tx.insert(liveReactions).values({ attemptId, userId, emoji, sentAt: now });
    await publish(tx, [
      { to: { room: liveAttemptRoom(String(attemptId)) }, message: { type: 'live_reaction', attempt_id: attemptId, emoji } },
    ]);
    return { sent: true };
  });
}
