import { createHash, randomUUID } from 'node:crypto';
import { mkdir, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { and, asc, eq, gt } from 'drizzle-orm';
import type { AppContext } from '#server/context.ts';
import type { Database } from '#server/db/index.ts';
import { liveAttempts, liveSegments, liveStreams } from '#server/db/schema.ts';
import { ApiError, badRequest, conflict, notFound } from '#server/errors.ts';
import { liveAttemptRoom, publish } from '#server/lib/realtime/realtime-events.ts';
import { LIVE_SEGMENT_MAX_BYTES, LIVE_SEGMENT_MS, acceptSegment, isWebm, type StreamState } from '#domain/live-stream.ts';
import { checkStorageQuota, remuxWebm, videoService } from '../videos/index.ts';
import { NO_ATTEMPT, loadAttempt, ownedBy } from './live.ts';

// Camera streaming: the athlete's segments (each a whole WebM file) stored in order in the video store under
// the stream's video id (media/<id>/seg-<n>.webm, on disk or S3, so every node serves them), a notice to the
// attempt's room (`live_segment`, through the hub's cross-node channel: never the bytes), and the public reads
// spectators play from. The recording at the end is live-segments-recording.ts.

export const segmentName = (seq: number) => `seg-${seq}.webm` as const;

const megabytes = (n: number) => `${Math.round((n / 1024 ** 2) * 10) / 10} MB`;

/**
 * The athlete's next segment: refused unless it is theirs, live, a WebM file within the size limit and the
 * next in order; a replay of the last one (same number, same bytes) is answered unchanged (200, nothing stored).
 */
export async function sendSegment(
  ctx: AppContext,
  userId: number,
  attemptId: number,
  seq: number,
  timing: { at_ms: number; duration_ms: number },
  body: unknown,
): Promise<{ status: 200 | 201; ack: { attempt_id: number; seq: number; gap_ms: number; next_seq: number } }> {
  if (!Buffer.isBuffer(body) || body.length === 0) throw badRequest('Send the segment’s bytes as the body (video/webm).');
  if (body.length > LIVE_SEGMENT_MAX_BYTES)
    throw new ApiError(413, `This segment is ${megabytes(body.length)}; a segment may be at most ${megabytes(LIVE_SEGMENT_MAX_BYTES)}.`);
  if (!isWebm(body)) throw new ApiError(415, 'A segment is a whole WebM file; these bytes are not one.');
  const sha256 = createHash('sha256').update(body).digest('hex');
  const svc = videoService(ctx);
  // Stored as players need it (every size written), checked readable on the way: ffmpeg copies the streams.
  const work = svc.storage.scratchDir(randomUUID());
  await mkdir(work, { recursive: true });
  try {
    const received = path.join(work, 'received.webm');
    const stored = path.join(work, 'stored.webm');
    await writeFile(received, body);
    try {
      await remuxWebm(received, stored);
    } catch {
      throw new ApiError(422, 'This segment holds no readable WebM video; it was not stored.');
    }
    const size = (await stat(stored)).size;
    return await store(ctx, { userId, attemptId, seq, timing, sha256, stored, size });
  } finally {
    await rm(work, { recursive: true, force: true });
  }
}

async function store(
  ctx: AppContext,
  s: {
    userId: number;
    attemptId: number;
    seq: number;
    timing: { at_ms: number; duration_ms: number };
    sha256: string;
    stored: string;
    size: number;
  },
) {
  const { userId, attemptId, seq, timing, sha256 } = s;
  const svc = videoService(ctx);
  const now = ctx.now();
  return ctx.database.db.transaction(async (t) => {
    const tx = t as unknown as Database;
    const { attempt: a } = await loadAttempt(tx, attemptId, { lock: true });
    ownedBy(a, userId);
    if (a.status !== 'live') throw conflict('This live attempt has ended; its stream is closed.');
    if (now >= a.endsBy) throw conflict('The time cap was reached; this live attempt is ending and takes no more video.');
    const [stream] = await tx.select().from(liveStreams).where(eq(liveStreams.attemptId, attemptId));
    const state: StreamState = stream
      ? { lastSeq: stream.lastSeq, lastSha256: stream.lastSha256, lastEndMs: stream.lastEndMs }
      : { lastSeq: 0, lastSha256: null, lastEndMs: 0 };
    const outcome = acceptSegment(state, { seq, sha256, atMs: timing.at_ms, durationMs: timing.duration_ms });
    if (outcome.kind === 'refused') throw new ApiError(outcome.status, outcome.detail);
    if (outcome.kind === 'replayed') {
      const [last] = await tx
        .select({ gapMs: liveSegments.gapMs })
        .from(liveSegments)
        .where(and(eq(liveSegments.attemptId, attemptId), eq(liveSegments.seq, seq)));
      return { status: 200 as const, ack: { attempt_id: attemptId, seq, gap_ms: last?.gapMs ?? 0, next_seq: seq + 1 } };
    }
    // Segments count toward the athlete's video storage, by the rule uploads follow.
    await checkStorageQuota(tx, svc.limits, userId, s.size, {
      what: 'This live video',
      advice: 'The camera stops here and your reps still count; delete a video to stream again.',
    });
    const videoId = stream?.videoId ?? randomUUID();
    // The bytes first: a segment the database knows of is always in the store (a failed write stores nothing).
    await svc.storage.putOutput(videoId, segmentName(seq), s.stored);
    const next = outcome.state;
    if (stream) {
      await tx
        .update(liveStreams)
        .set({
          lastSeq: next.lastSeq,
          lastSha256: next.lastSha256,
          lastEndMs: next.lastEndMs,
          bytes: stream.bytes + s.size,
          updatedAt: now,
        })
        .where(eq(liveStreams.attemptId, attemptId));
    } else {
      await tx.insert(liveStreams).values({
        attemptId,
        videoId,
        lastSeq: next.lastSeq,
        lastSha256: next.lastSha256,
        lastEndMs: next.lastEndMs,
        bytes: s.size,
        createdAt: now,
        updatedAt: now,
      });
    }
    await tx.insert(liveSegments).values({
      attemptId,
      seq,
      sizeBytes: s.size,
      sha256,
      atMs: timing.at_ms,
      durationMs: timing.duration_ms,
      gapMs: outcome.gapMs,
      receivedAt: now,
    });
    await publish(tx, [
      { to: { room: liveAttemptRoom(String(attemptId)) }, message: { type: 'live_segment', attempt_id: attemptId, seq } },
    ]);
    return { status: 201 as const, ack: { attempt_id: attemptId, seq, gap_ms: outcome.gapMs, next_seq: seq + 1 } };
  });
}

/** The stream as spectators and judges read it: the newest segment, its gaps, its recording. */
export async function getStream(ctx: AppContext, attemptId: number) {
  const db = ctx.database.db;
  const [attempt] = await db.select({ status: liveAttempts.status }).from(liveAttempts).where(eq(liveAttempts.id, attemptId));
  if (!attempt) throw notFound(NO_ATTEMPT);
  const [stream] = await db.select().from(liveStreams).where(eq(liveStreams.attemptId, attemptId));
  const gaps = stream
    ? await db
        .select({ seq: liveSegments.seq, at_ms: liveSegments.atMs, gap_ms: liveSegments.gapMs })
        .from(liveSegments)
        .where(and(eq(liveSegments.attemptId, attemptId), gt(liveSegments.gapMs, 0)))
        .orderBy(asc(liveSegments.seq))
        .limit(200)
    : [];
  const recording = (stream?.recording ?? 'none') as 'none' | 'streaming' | 'queued' | 'made' | 'failed' | 'removed';
  return {
    attempt_id: attemptId,
    status: attempt.status as 'live' | 'ended' | 'abandoned',
    last_seq: stream?.lastSeq ?? 0,
    segment_ms: LIVE_SEGMENT_MS,
    gaps,
    recording,
    recording_problem: stream?.recordingProblem ?? null,
    video_id: recording === 'made' ? stream!.videoId : null,
  };
}

/** One stored segment's bytes (public, like the attempt). */
export async function readSegment(ctx: AppContext, attemptId: number, seq: number): Promise<{ size: number; body: Readable }> {
  const db = ctx.database.db;
  const [row] = await db
    .select({ videoId: liveStreams.videoId, size: liveSegments.sizeBytes })
    .from(liveSegments)
    .innerJoin(liveStreams, eq(liveStreams.attemptId, liveSegments.attemptId))
    .where(and(eq(liveSegments.attemptId, attemptId), eq(liveSegments.seq, seq)));
  if (!row) throw notFound(`No segment ${seq} in this live attempt’s stream.`);
  return { size: row.size, body: await videoService(ctx).storage.readOutput(row.videoId, segmentName(seq)) };
}
