import { and, asc, count, desc, eq, gt, sql } from 'drizzle-orm';
import type { AppContext } from '#server/context.ts';
import type { Database } from '#server/db/index.ts';
import { liveAttempts, liveBroadcastViewers, liveBroadcasts } from '#server/db/schema.ts';
import { badRequest, conflict, isUniqueViolation, notFound } from '#server/errors.ts';
import { publish } from '#server/lib/realtime/realtime-events.ts';
import type { SocketServerMessage } from '#domain/socket-messages.ts';
import type { DirectorMode } from '#domain/director.ts';
import {
  BROADCAST_SCHEDULE_MAX_MS,
  BROADCAST_TITLE,
  BROADCAST_VIEWER_WINDOW_MS,
  STREAM_URL_PROBLEM,
  canonicalStreamUrl,
  parseStreamUrl,
} from '#domain/live-broadcasts.ts';

// Broadcasts (domain/live-broadcasts.ts): administrators schedule, change, start, stop and cancel them;
// every open socket hears a start, a change of the live one and a stop. The public reads (the current
// broadcast, viewers, the ticker) are live-broadcast-public.ts.

export const NO_BROADCAST = 'No broadcast with that id.';
export const ANOTHER_LIVE = 'Another broadcast is live; stop it before starting this one.';
/** The last ended broadcasts the dashboard lists. */
const ENDED_SHOWN = 10;
/** The most scheduled broadcasts the dashboard lists. */
const SCHEDULED_SHOWN = 50;

type BroadcastRow = typeof liveBroadcasts.$inferSelect;

export interface BroadcastInput {
  title: string;
  featured_attempt_id?: number | null;
  stream_url?: string | null;
  scheduled_for?: string | null;
}

/** Pages watching a broadcast now (their heartbeat came within the window). */
export async function viewersNow(db: Database, broadcastId: number, now: Date) {
  const [row] = await db
    .select({ n: count() })
    .from(liveBroadcastViewers)
    .where(
      and(
        eq(liveBroadcastViewers.broadcastId, broadcastId),
        gt(liveBroadcastViewers.seenAt, new Date(now.getTime() - BROADCAST_VIEWER_WINDOW_MS)),
      ),
    );
  return Number(row?.n ?? 0);
}

/** A broadcast as the contract's LiveBroadcast. */
export async function presentBroadcast(db: Database, b: BroadcastRow, now: Date) {
  const stream = b.streamUrl ? parseStreamUrl(b.streamUrl) : null;
  return {
    id: b.id,
    title: b.title,
    status: b.status as 'scheduled' | 'live' | 'ended',
    scheduled_for: b.scheduledFor?.toISOString() ?? null,
    started_at: b.startedAt?.toISOString() ?? null,
    ended_at: b.endedAt?.toISOString() ?? null,
    featured_attempt_id: b.featuredAttemptId,
    director_mode: b.directorMode as DirectorMode,
    stream: stream ? { ...stream, url: canonicalStreamUrl(stream) } : null,
    viewers: b.status === 'live' ? await viewersNow(db, b.id, now) : 0,
    peak_viewers: b.peakViewers,
  };
}

export type PresentedBroadcast = Awaited<ReturnType<typeof presentBroadcast>>;

/**
 * The form's fields as columns: a title of the allowed length, exactly one of a live attempt (live now)
 * or a YouTube/Twitch live address, and a start time ahead (when given).
 */
async function columnsOf(db: Database, input: BroadcastInput, now: Date) {
  const title = input.title.trim();
  if (title.length < BROADCAST_TITLE.min || title.length > BROADCAST_TITLE.max)
    throw badRequest(`Give the broadcast a title of ${BROADCAST_TITLE.min} to ${BROADCAST_TITLE.max} characters.`, 'title');
  const attemptId = input.featured_attempt_id ?? null;
  const rawUrl = input.stream_url?.trim() || null;
  if ((attemptId === null) === (rawUrl === null))
    throw badRequest('Feature either a live attempt or a stream address (one of the two).', 'featured_attempt_id');
  let streamUrl: string | null = null;
  if (rawUrl !== null) {
    const stream = parseStreamUrl(rawUrl);
    if (!stream) throw badRequest(STREAM_URL_PROBLEM, 'stream_url');
    streamUrl = canonicalStreamUrl(stream);
  }
  if (attemptId !== null) {
    const [a] = await db.select({ status: liveAttempts.status }).from(liveAttempts).where(eq(liveAttempts.id, attemptId));
    if (!a) throw notFound('No live attempt with that id.');
    if (a.status !== 'live') throw conflict('That attempt is no longer live; pick one that is live now.');
  }
  let scheduledFor: Date | null | undefined = undefined;
  if (input.scheduled_for !== undefined) {
    scheduledFor = input.scheduled_for === null ? null : new Date(input.scheduled_for);
    if (scheduledFor && (scheduledFor <= now || scheduledFor.getTime() > now.getTime() + BROADCAST_SCHEDULE_MAX_MS))
      throw badRequest('A scheduled start must be in the future, at most 60 days ahead.', 'scheduled_for');
  }
  return { title, featuredAttemptId: attemptId, streamUrl, scheduledFor };
}

/** Loads a broadcast, locked for the rest of the transaction. */
async function lockBroadcast(tx: Database, id: number) {
  const [b] = await tx.select().from(liveBroadcasts).where(eq(liveBroadcasts.id, id)).for('update');
  if (!b) throw notFound(NO_BROADCAST);
  return b;
}

const toEveryone = (message: SocketServerMessage) => [{ to: { everyone: true as const }, message }];

export async function scheduleBroadcast(ctx: AppContext, adminId: number, input: BroadcastInput) {
  const db = ctx.database.db;
  const now = ctx.now();
  const cols = await columnsOf(db, input, now);
  const [row] = await db
    .insert(liveBroadcasts)
    .values({ ...cols, scheduledFor: cols.scheduledFor ?? null, status: 'scheduled', createdBy: adminId, createdAt: now, updatedAt: now })
    .returning();
  return presentBroadcast(db, row!, now);
}

/** Changes a scheduled or live broadcast; the live one's change reaches every open page. */
export async function changeBroadcast(ctx: AppContext, id: number, input: BroadcastInput) {
  const now = ctx.now();
  return ctx.database.db.transaction(async (t) => {
    const tx = t as unknown as Database;
    const b = await lockBroadcast(tx, id);
    if (b.status === 'ended') throw conflict('This broadcast has ended; schedule a new one.');
    const cols = await columnsOf(tx, input, now);
    // Featuring another attempt (or a stream) by hand is a pin: the director stops choosing (live-director.ts).
    const moved = cols.featuredAttemptId !== b.featuredAttemptId || cols.streamUrl !== null;
    const [row] = await tx
      .update(liveBroadcasts)
      .set({
        ...cols,
        scheduledFor: cols.scheduledFor === undefined ? b.scheduledFor : cols.scheduledFor,
        updatedAt: now,
        ...(moved ? { directorMode: 'pinned', switchedAt: now } : {}),
      })
      .where(eq(liveBroadcasts.id, id))
      .returning();
    const shown = await presentBroadcast(tx, row!, now);
    if (row!.status === 'live') await publish(tx, toEveryone({ type: 'broadcast_changed', broadcast: shown }));
    return shown;
  });
}

/** Starts a scheduled broadcast: one is live at a time (the partial unique index holds this across nodes). */
export async function startBroadcast(ctx: AppContext, id: number) {
  const now = ctx.now();
  try {
    return await ctx.database.db.transaction(async (t) => {
      const tx = t as unknown as Database;
      const b = await lockBroadcast(tx, id);
      if (b.status === 'live') throw conflict('This broadcast is already live.');
      if (b.status === 'ended') throw conflict('This broadcast has ended; schedule a new one.');
      // In the director's hands, an attempt that ended is replaced by the director's pick (live-director.ts).
      if (b.featuredAttemptId !== null && b.directorMode !== 'auto') {
        const [a] = await tx.select({ status: liveAttempts.status }).from(liveAttempts).where(eq(liveAttempts.id, b.featuredAttemptId));
        if (a?.status !== 'live') throw conflict('The featured attempt is no longer live; change the broadcast to feature another.');
      }
      const [live] = await tx.select({ id: liveBroadcasts.id }).from(liveBroadcasts).where(eq(liveBroadcasts.status, 'live'));
      if (live) throw conflict(ANOTHER_LIVE);
      const [row] = await tx
        .update(liveBroadcasts)
        .set({ status: 'live', startedAt: now, updatedAt: now, switchedAt: now })
        .where(eq(liveBroadcasts.id, id))
        .returning();
      const shown = await presentBroadcast(tx, row!, now);
      await publish(tx, toEveryone({ type: 'broadcast_started', broadcast: shown }));
      return shown;
    });
  } catch (error) {
    // Two administrators starting two broadcasts at once: the second insert meets the index.
    if (isUniqueViolation(error)) throw conflict(ANOTHER_LIVE);
    throw error;
  }
}

/** Stops the live broadcast; its viewers' rows go (the peak stays on the broadcast). */
export async function stopBroadcast(ctx: AppContext, id: number) {
  const now = ctx.now();
  return ctx.database.db.transaction(async (t) => {
    const tx = t as unknown as Database;
    const b = await lockBroadcast(tx, id);
    if (b.status !== 'live') throw conflict(b.status === 'ended' ? 'This broadcast has already ended.' : 'This broadcast has not started.');
    const [row] = await tx
      .update(liveBroadcasts)
      .set({ status: 'ended', endedAt: now, updatedAt: now })
      .where(eq(liveBroadcasts.id, id))
      .returning();
    await tx.delete(liveBroadcastViewers).where(eq(liveBroadcastViewers.broadcastId, id));
    await publish(tx, toEveryone({ type: 'broadcast_stopped', broadcast_id: id }));
    return presentBroadcast(tx, row!, now);
  });
}

/** Cancels a scheduled broadcast (deleted: it never happened). */
export async function cancelBroadcast(ctx: AppContext, id: number) {
  await ctx.database.db.transaction(async (t) => {
    const tx = t as unknown as Database;
    const b = await lockBroadcast(tx, id);
    if (b.status !== 'scheduled')
      throw conflict(b.status === 'live' ? 'This broadcast is live; stop it instead.' : 'This broadcast has ended.');
    await tx.delete(liveBroadcasts).where(eq(liveBroadcasts.id, id));
  });
}

/** The dashboard's lists: live now, scheduled (soonest first, unscheduled last), the last ended. */
export async function listBroadcasts(ctx: AppContext) {
  const db = ctx.database.db;
  const now = ctx.now();
  const [live, scheduled, ended] = await Promise.all([
    db.select().from(liveBroadcasts).where(eq(liveBroadcasts.status, 'live')),
    db
      .select()
      .from(liveBroadcasts)
      .where(eq(liveBroadcasts.status, 'scheduled'))
      .orderBy(sql`${liveBroadcasts.scheduledFor} asc nulls last`, asc(liveBroadcasts.id))
      .limit(SCHEDULED_SHOWN),
    db.select().from(liveBroadcasts).where(eq(liveBroadcasts.status, 'ended')).orderBy(desc(liveBroadcasts.id)).limit(ENDED_SHOWN),
  ]);
  return {
    live: live[0] ? await presentBroadcast(db, live[0], now) : null,
    scheduled: await Promise.all(scheduled.map((b) => presentBroadcast(db, b, now))),
    ended: await Promise.all(ended.map((b) => presentBroadcast(db, b, now))),
  };
}
