import { mkdir, rm } from 'node:fs/promises';
import path from 'node:path';
import { and, eq } from 'drizzle-orm';
import { videos } from '#server/db/schema.ts';
import { inputArgs, MEDIA_LIMITS, runTool } from './videos-ffmpeg.ts';
import { readHead, videoContainer } from './videos-check.ts';
import { enqueueJob, type JobHandlers } from '#server/lib/jobs.ts';
import type { Database } from '#server/db/index.ts';
import { POSTER_MADE, PROCESS_JOB, VIDEO_SETTLED_JOB, removeAbandonedUploads, type VideoService } from './videos.ts';

/** How often the processing progress is written while ffmpeg runs. */
const PROGRESS_EVERY_MS = 1000;

/** Runs ffmpeg under the media limits (videos-ffmpeg.ts); `onTime` gets the output position (ms) as it advances (`-progress pipe:1`); `signal` stops it (the job was released). */
async function ffmpeg(args: string[], onTime?: (ms: number) => void, signal?: AbortSignal): Promise<void> {
  const onLine = (line: string) => {
    const match = /^out_time_us=(\d+)/.exec(line);
    if (match && onTime) onTime(Number(match[1]) / 1000);
  };
  await runTool('ffmpeg', ['-hide_banner', '-nostdin', '-y', '-v', 'error', '-progress', 'pipe:1', ...args], {
    timeoutMs: MEDIA_LIMITS.ffmpegTimeoutMs,
    memoryKb: MEDIA_LIMITS.ffmpegMemoryKb,
    onLine,
    maxStdout: 0,
    signal,
  });
}

/** ffmpeg's arguments for the poster: one frame `atS` seconds in, at most 1280 wide (the demuxer pinned to `container`). */
// prettier-ignore
export const posterArgs = (input: string, atS: number, output: string, container: string) => [
  '-ss', atS.toFixed(3), ...inputArgs(container, input), '-frames:v', '1', '-threads', String(MEDIA_LIMITS.threads), '-vf', "scale='min(1280,iw)':-2", '-q:v', '4', output,
];

/** ffmpeg's arguments for the web rendition: H.264/AAC MP4, moov atom first, at most 1080 lines. */
// prettier-ignore
export const renditionArgs = (input: string, output: string, container: string) => [
  ...inputArgs(container, input),
  '-map', '0:v:0', '-map', '0:a:0?',
  '-c:v', 'libx264', '-preset', 'veryfast', '-crf', '23', '-pix_fmt', 'yuv420p',
  '-vf', "scale='trunc(min(iw,iw*1080/ih)/2)*2':'trunc(min(ih,1080)/2)*2'",
  '-c:a', 'aac', '-b:a', '128k',
  '-threads', String(MEDIA_LIMITS.threads), '-filter_threads', '1',
  '-movflags', '+faststart',
  output,
];

/**
 * Ends a video's processing (ready, or failed with the reason) and queues VIDEO_SETTLED_JOB in the same transaction,
 * so what waited for the video learns of it exactly once it is so. Only a video still processing is changed.
 */
async function settle(db: Database, videoId: string, now: Date, end: { status: 'ready' } | { status: 'failed'; reason: string }) {
  await db.transaction(async (t) => {
    const tx = t as unknown as Database;
    const changes =
      end.status === 'ready' ? { status: 'ready', progress: 1, readyAt: now } : { status: 'failed', failureReason: end.reason };
    const changed = await tx
      .update(videos)
      .set(changes)
      .where(and(eq(videos.id, videoId), eq(videos.status, 'processing')))
      .returning({ id: videos.id });
    if (changed.length) await enqueueJob(tx, VIDEO_SETTLED_JOB, { videoId, status: end.status }, now);
  });
}

/**
 * The processing job: a web rendition (H.264/AAC MP4, moov atom first so playback starts
 * before the whole file arrives, at most 1080 lines) and a poster frame. The video then is
 * ready, or failed with the reason; its progress is kept as it goes.
 */
export async function processVideo(svc: VideoService, videoId: string, signal?: AbortSignal): Promise<void> {
  const db = svc.ctx.database.db;
  const [row] = await db.select().from(videos).where(eq(videos.id, videoId));
  if (!row || row.status !== 'processing') return;
  const scratch = svc.storage.scratchDir(videoId);
  await mkdir(scratch, { recursive: true });
  const web = path.join(scratch, 'web.mp4');
  const poster = path.join(scratch, 'poster.jpg');
  const duration = row.durationMs ?? 0;
  let lastWrite = 0;
  let writing: Promise<unknown> = Promise.resolve();
  const onTime = (ms: number) => {
    const now = Date.now();
    if (duration <= 0 || now - lastWrite < PROGRESS_EVERY_MS) return;
    lastWrite = now;
    const progress = Math.max(POSTER_MADE, Math.min(0.95, ms / duration));
    writing = writing.then(() => db.update(videos).set({ progress }).where(eq(videos.id, videoId)));
  };
  try {
    await svc.storage.withOriginal(videoId, (input) => render(input));
    await writing;
    await settle(db, videoId, svc.ctx.now(), { status: 'ready' });
  } catch (error) {
    await writing.catch(() => {});
    // Released (the server is stopping): the job runs again on the next worker, the video stays processing.
    if (signal?.aborted) throw error;
    const reason = `Processing failed: ${error instanceof Error ? error.message : String(error)}`.slice(0, 300);
    await settle(db, videoId, svc.ctx.now(), { status: 'failed', reason });
  } finally {
    await rm(scratch, { recursive: true, force: true });
  }

  async function render(input: string) {
    // The demuxer is the one the first bytes name (as at the finishing check): ffmpeg never guesses the format.
    const container = videoContainer(await readHead(input));
    if (!container) throw new Error('the file is not a video container');
    // The poster first, so the page shows it while the rendition is made.
    const at = Math.min(1, duration / 2000);
    await ffmpeg(posterArgs(input, at, poster, container), undefined, signal);
    await svc.storage.putOutput(videoId, 'poster.jpg', poster);
    await db.update(videos).set({ progress: POSTER_MADE }).where(eq(videos.id, videoId));
    await ffmpeg(renditionArgs(input, web, container), onTime, signal);
    await svc.storage.putOutput(videoId, 'web.mp4', web);
  }
}

/** What a video says when its processing job ran out of attempts because its worker died each time. */
export const PROCESSING_LOST_TEXT = 'Processing failed: the server stopped during it too often. Upload the video again.';

/** The job handlers of the videos area, for the shared worker. */
export function videoJobHandlers(svc: VideoService): JobHandlers {
  return {
    [PROCESS_JOB]: {
      run: (_ctx, payload, job) => processVideo(svc, String(payload.videoId), job.signal),
      failed: (ctx, payload) =>
        settle(ctx.database.db, String(payload.videoId), ctx.now(), { status: 'failed', reason: PROCESSING_LOST_TEXT }),
    },
  };
}

/** The cleanup that runs after each round of jobs. */
export const videoSweep = (svc: VideoService) => () => removeAbandonedUploads(svc);
