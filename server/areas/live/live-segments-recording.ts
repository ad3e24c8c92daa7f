import { createWriteStream } from 'node:fs';
import { mkdir, rm } from 'node:fs/promises';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { and, asc, eq, gt, sql } from 'drizzle-orm';
import { rowsOf } from '#server/db/rows.ts';
import type { AppContext } from '#server/context.ts';
import type { Database } from '#server/db/index.ts';
import { challengeScores, liveAttempts, liveSegments, liveStreams, scoreVideos, videos } from '#server/db/schema.ts';
import { enqueueJob, type JobHandlers } from '#server/lib/jobs.ts';
import { describeGap, describeRecordingGap } from '#domain/live-stream.ts';
import { audit } from '../challenges/index.ts';
import { adoptVideo, joinWebmParts, videoService } from '../videos/index.ts';
import { segmentName } from './live-segments.ts';
import { LIVE_CLEANUP_JOB } from './live.ts';

// The end of a stream: when the attempt ends as a score, its segments are joined into one recording (ffmpeg,
// no re-encoding) that enters the video pipeline as the score's video, and the score joins the judging queue
// like one submitted with an uploaded video, its gaps in the audit trail. An abandoned attempt makes none.

export const LIVE_RECORDING_JOB = 'live_recording';

/**
 * In the transaction that closes the attempt: queue its recording (ended), or mark there is none (abandoned)
 * and queue the cleanup that removes its segments from the video store.
 */
export async function closeStream(tx: Database, attemptId: number, ended: boolean, now: Date) {
  const [stream] = await tx
    .update(liveStreams)
    .set({ recording: ended ? 'queued' : 'none', updatedAt: now })
    .where(and(eq(liveStreams.attemptId, attemptId), eq(liveStreams.recording, 'streaming')))
    .returning({ attemptId: liveStreams.attemptId });
  if (stream) await enqueueJob(tx, ended ? LIVE_RECORDING_JOB : LIVE_CLEANUP_JOB, { attempt_id: attemptId }, now);
}

/** The recording job: join, hand to the video pipeline, attach to the score. Runs again harmlessly. */
export async function makeRecording(ctx: AppContext, attemptId: number): Promise<void> {
  const db = ctx.database.db;
  const [row] = await db
    .select({ stream: liveStreams, attempt: liveAttempts })
    .from(liveStreams)
    .innerJoin(liveAttempts, eq(liveAttempts.id, liveStreams.attemptId))
    .where(eq(liveStreams.attemptId, attemptId));
  if (!row || row.stream.recording !== 'queued') return;
  const { stream, attempt } = row;
  const svc = videoService(ctx);
  // Made already (the job ran again after attaching failed): only the attaching is left.
  const [made] = await db.select({ id: videos.id }).from(videos).where(eq(videos.id, stream.videoId));
  if (made) return attachToScore(ctx, attemptId, stream.videoId);
  const segments = await db
    .select({ seq: liveSegments.seq })
    .from(liveSegments)
    .where(eq(liveSegments.attemptId, attemptId))
    .orderBy(asc(liveSegments.seq));
  const dir = path.join(svc.storage.scratchDir(stream.videoId), 'recording');
  await rm(dir, { recursive: true, force: true });
  await mkdir(dir, { recursive: true });
  try {
    const names = segments.map((s) => segmentName(s.seq));
    for (const [i, s] of segments.entries()) {
      await pipeline(await svc.storage.readOutput(stream.videoId, segmentName(s.seq)), createWriteStream(path.join(dir, names[i]!)));
    }
    const out = path.join(dir, 'recording.webm');
    await joinWebmParts(dir, names, out);
    await adoptVideo(svc, {
      id: stream.videoId,
      userId: attempt.userId,
      purpose: 'score',
      fileName: `live-attempt-${attemptId}.webm`,
      file: out,
    });
  } catch (error) {
    const problem = `The recording could not be made: ${error instanceof Error ? error.message : String(error)}`.slice(0, 300);
    await db
      .update(liveStreams)
      .set({ recording: 'failed', recordingProblem: problem, updatedAt: ctx.now() })
      .where(eq(liveStreams.attemptId, attemptId));
    return;
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
  await attachToScore(ctx, attemptId, stream.videoId);
}

/** The recording backs the attempt's score: it waits in the judging queue, its gaps written in the audit trail. */
async function attachToScore(ctx: AppContext, attemptId: number, videoId: string) {
  const now = ctx.now();
  await ctx.database.db.transaction(async (t) => {
    const tx = t as unknown as Database;
    const [a] = await tx.select().from(liveAttempts).where(eq(liveAttempts.id, attemptId));
    const [score] = a?.scoreId ? await tx.select().from(challengeScores).where(eq(challengeScores.id, a.scoreId)) : [];
    if (a && score && !score.deletedAt) {
      const gaps = await tx
        .select({ at_ms: liveSegments.atMs, gap_ms: liveSegments.gapMs })
        .from(liveSegments)
        .where(and(eq(liveSegments.attemptId, attemptId), gt(liveSegments.gapMs, 0)))
        .orderBy(asc(liveSegments.seq))
        .limit(200);
      const attached = await tx
        .insert(scoreVideos)
        .values({
          scoreId: score.id,
          challengeId: score.challengeId,
          athleteId: score.userId,
          videoId,
          originalValue: score.value,
          originalSortKey: score.sortKey,
          createdAt: now,
        })
        .onConflictDoNothing()
        .returning({ scoreId: scoreVideos.scoreId });
      if (attached.length)
        await audit(
          tx,
          score.id,
          score.userId,
          'attached',
          { video_id: videoId, live_attempt_id: attemptId, gaps: gaps.map(describeGap) },
          now,
        );
    }
    await tx.update(liveStreams).set({ recording: 'made', updatedAt: now }).where(eq(liveStreams.attemptId, attemptId));
  });
}

/** A gap on the judging screen: where the stream resumed (the attempt's clock), how long, where in the recording. */
export interface LiveGap {
  at_ms: number;
  gap_ms: number;
  recording_ms: number;
  text: string;
}

/**
 * The gaps of the live stream a video was recorded from (none for an uploaded video), where they fall in the
 * recording: the segments are joined end to end, so a gap sits after the durations of the segments before it.
 */
export async function recordingGaps(db: Database, videoId: string): Promise<LiveGap[]> {
  const rows = await rowsOf<{ seq: number; at_ms: number; gap_ms: number; recording_ms: string | number }>(
    db,
    sql`select seq, at_ms, gap_ms, recording_ms from (
          select g.seq, g.at_ms, g.gap_ms,
            coalesce(sum(g.duration_ms) over (order by g.seq rows between unbounded preceding and 1 preceding), 0) as recording_ms
          from live_segments g join live_streams s on s.attempt_id = g.attempt_id
          where s.video_id = ${videoId}) placed
        where gap_ms > 0 order by seq limit 200`,
  );
  return rows.map((r) => {
    const gap = { at_ms: Number(r.at_ms), gap_ms: Number(r.gap_ms), recording_ms: Number(r.recording_ms) };
    return { ...gap, text: describeRecordingGap(gap) };
  });
}

export const liveRecordingJobHandlers: JobHandlers = {
  [LIVE_RECORDING_JOB]: {
    run: (ctx, payload) => makeRecording(ctx, Number(payload.attempt_id)),
    failed: async (ctx, payload) => {
      await ctx.database.db
        .update(liveStreams)
        .set({ recording: 'failed', recordingProblem: 'The recording could not be made: the server stopped during it too often.' })
        .where(and(eq(liveStreams.attemptId, Number(payload.attempt_id)), eq(liveStreams.recording, 'queued')));
    },
  },
};
