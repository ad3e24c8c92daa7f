import { and, asc, count, eq, gt, inArray, isNull, lt, or } from 'drizzle-orm';
import type { AppContext } from '#server/context.ts';
import { jobs, liveAttempts, liveSegments, liveStreamLeftovers, liveStreams } from '#server/db/schema.ts';
import { enqueueJob, type JobHandlers } from '#server/lib/jobs.ts';
import { LIVE_CLEANUP_BATCH, LIVE_CLEANUP_EVERY_MS, LIVE_GONE_MS } from '#domain/live-stream.ts';
import { videoService } from '../videos/index.ts';
import { closeGone } from './live-end.ts';
import { LIVE_CLEANUP_JOB } from './live.ts';

// Segments nobody will use leave the video store: those of an attempt abandoned (by the athlete, or closed
// because the athlete was gone for LIVE_GONE_MS) and those of an attempt deleted with its challenge or
// account (the 0068 trigger keeps their video ids). One job does it in bounded batches: the bytes go first,
// then the rows say so, so a run cut short is simply run again. An ended attempt's segments stay: its
// recording is made from them.

export interface CleanupReport {
  /** Attempts closed because their athlete was gone. */
  closed: number;
  /** Abandoned attempts whose segments were removed. */
  abandoned: number;
  /** Deleted attempts whose segments were removed. */
  deleted: number;
  /** Segment files removed from the store. */
  files: number;
}

/** What the job writes to the server's log. */
export interface CleanupLog {
  info(detail: object, message: string): void;
}

/** Live attempts that heard nothing from their athlete (no update, no segment) for LIVE_GONE_MS, before their end. */
async function closeGoneAttempts(ctx: AppContext): Promise<{ closed: number; full: boolean }> {
  const now = ctx.now();
  const quiet = new Date(now.getTime() - LIVE_GONE_MS);
  const gone = await ctx.database.db
    .select({ attempt: liveAttempts })
    .from(liveAttempts)
    .leftJoin(liveStreams, eq(liveStreams.attemptId, liveAttempts.id))
    .where(
      and(
        eq(liveAttempts.status, 'live'),
        lt(liveAttempts.updatedAt, quiet),
        gt(liveAttempts.endsBy, now),
        or(isNull(liveStreams.updatedAt), lt(liveStreams.updatedAt, quiet)),
      ),
    )
    .orderBy(asc(liveAttempts.id))
    .limit(LIVE_CLEANUP_BATCH);
  let closed = 0;
  for (const { attempt } of gone) if (await closeGone(ctx, attempt)) closed += 1;
  return { closed, full: gone.length === LIVE_CLEANUP_BATCH };
}

/** Abandoned attempts' segments: the files, then the rows (recording 'none' → 'removed', no bytes counted). */
async function removeAbandoned(ctx: AppContext): Promise<{ abandoned: number; files: number; full: boolean }> {
  const db = ctx.database.db;
  const storage = videoService(ctx).storage;
  const streams = await db
    .select({ attemptId: liveStreams.attemptId, videoId: liveStreams.videoId })
    .from(liveStreams)
    .where(eq(liveStreams.recording, 'none'))
    .orderBy(asc(liveStreams.attemptId))
    .limit(LIVE_CLEANUP_BATCH);
  let files = 0;
  for (const s of streams) {
    files += await storage.removeSegments(s.videoId);
    await db.transaction(async (tx) => {
      await tx.delete(liveSegments).where(eq(liveSegments.attemptId, s.attemptId));
      await tx
        .update(liveStreams)
        .set({ recording: 'removed', bytes: 0, updatedAt: ctx.now() })
        .where(and(eq(liveStreams.attemptId, s.attemptId), eq(liveStreams.recording, 'none')));
    });
  }
  return { abandoned: streams.length, files, full: streams.length === LIVE_CLEANUP_BATCH };
}

/** Deleted attempts' segments (their rows went with the attempt; the trigger kept the video id). */
async function removeDeleted(ctx: AppContext): Promise<{ deleted: number; files: number; full: boolean }> {
  const db = ctx.database.db;
  const storage = videoService(ctx).storage;
  const left = await db.select().from(liveStreamLeftovers).orderBy(asc(liveStreamLeftovers.queuedAt)).limit(LIVE_CLEANUP_BATCH);
  let files = 0;
  for (const { videoId } of left) {
    files += await storage.removeSegments(videoId);
    await db.delete(liveStreamLeftovers).where(eq(liveStreamLeftovers.videoId, videoId));
  }
  return { deleted: left.length, files, full: left.length === LIVE_CLEANUP_BATCH };
}

/** One run: close the gone, remove what the abandoned and the deleted left. Runs again harmlessly. */
export async function cleanUpLiveStreams(ctx: AppContext): Promise<CleanupReport & { more: boolean }> {
  const gone = await closeGoneAttempts(ctx);
  const abandoned = await removeAbandoned(ctx);
  const deleted = await removeDeleted(ctx);
  return {
    closed: gone.closed,
    abandoned: abandoned.abandoned,
    deleted: deleted.deleted,
    files: abandoned.files + deleted.files,
    more: gone.full || abandoned.full || deleted.full,
  };
}

/** Queues a cleanup run unless one is waiting or running already (a race between nodes queues two: harmless). */
export async function queueLiveCleanup(ctx: AppContext): Promise<boolean> {
  const db = ctx.database.db;
  const [pending] = await db
    .select({ n: count() })
    .from(jobs)
    .where(and(eq(jobs.kind, LIVE_CLEANUP_JOB), inArray(jobs.state, ['queued', 'running'])));
  if (Number(pending?.n ?? 0) > 0) return false;
  await enqueueJob(db, LIVE_CLEANUP_JOB, {}, ctx.now());
  return true;
}

const lastSweep = new WeakMap<AppContext, number>();

/** The job worker's sweep: at most every LIVE_CLEANUP_EVERY_MS per server, make sure a run is queued. */
export async function liveCleanupSweep(ctx: AppContext) {
  const at = Date.now();
  if (at - (lastSweep.get(ctx) ?? 0) < LIVE_CLEANUP_EVERY_MS) return;
  lastSweep.set(ctx, at);
  await queueLiveCleanup(ctx);
}

/** The cleanup job; a full batch queues the next run at once. */
export function liveCleanupJobHandlers(log?: CleanupLog): JobHandlers {
  return {
    [LIVE_CLEANUP_JOB]: async (ctx) => {
      const { more, ...report } = await cleanUpLiveStreams(ctx);
      if (report.closed || report.abandoned || report.deleted) log?.info(report, 'live streams cleaned up');
      if (more) await enqueueJob(ctx.database.db, LIVE_CLEANUP_JOB, {}, ctx.now());
    },
  };
}
