import { spawn } from 'node:child_process';
import { mkdir, rm } from 'node:fs/promises';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { videos } from '#server/db/schema.ts';
import type { JobHandler } from '#server/lib/jobs.ts';
import { POSTER_MADE, PROCESS_JOB, removeAbandonedUploads, type VideoService } from './videos.ts';

/** How often the processing progress is written while ffmpeg runs. */
const PROGRESS_EVERY_MS = 1000;
const FFMPEG_TIMEOUT_MS = 60 * 60_000;

/** Runs ffmpeg; `onTime` gets the output position (ms) as it advances (`-progress pipe:1`). */
function ffmpeg(args: string[], onTime?: (ms: number) => void): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn('ffmpeg', ['-hide_banner', '-nostdin', '-y', '-v', 'error', '-progress', 'pipe:1', ...args], {
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let errors = '';
    let pending = '';
    const timer = setTimeout(() => child.kill('SIGKILL'), FFMPEG_TIMEOUT_MS);
    child.stdout.on('data', (chunk: Buffer) => {
      pending += chunk.toString();
      const lines = pending.split('\n');
      pending = lines.pop() ?? '';
      for (const line of lines) {
        const match = /^out_time_us=(\d+)/.exec(line);
        if (match && onTime) onTime(Number(match[1]) / 1000);
      }
    });
    child.stderr.on('data', (chunk: Buffer) => {
      errors = (errors + chunk.toString()).slice(-2000);
    });
    child.on('error', (error) => {
      clearTimeout(timer);
      reject(error);
    });
    child.on('close', (code) => {
      clearTimeout(timer);
      if (code === 0) resolve();
      else reject(new Error(errors.trim().split('\n').at(-1) || `ffmpeg stopped (${code ?? 'killed'})`));
    });
  });
}

/** ffmpeg's arguments for the poster: one frame `atS` seconds in, at most 1280 wide. */
// prettier-ignore
export const posterArgs = (input: string, atS: number, output: string) => [
  '-ss', atS.toFixed(3), '-i', input, '-frames:v', '1', '-vf', "scale='min(1280,iw)':-2", '-q:v', '4', output,
];

/** ffmpeg's arguments for the web rendition: H.264/AAC MP4, moov atom first, at most 1080 lines. */
// prettier-ignore
export const renditionArgs = (input: string, output: string) => [
  '-i', input,
  '-map', '0:v:0', '-map', '0:a:0?',
  '-c:v', 'libx264', '-preset', 'veryfast', '-crf', '23', '-pix_fmt', 'yuv420p',
  '-vf', "scale='trunc(min(iw,iw*1080/ih)/2)*2':'trunc(min(ih,1080)/2)*2'",
  '-c:a', 'aac', '-b:a', '128k',
  '-movflags', '+faststart',
  output,
];

/**
 * The processing job: a web rendition (H.264/AAC MP4, moov atom first so playback starts
 * before the whole file arrives, at most 1080 lines) and a poster frame. The video then is
 * ready, or failed with the reason; its progress is kept as it goes.
 */
export async function processVideo(svc: VideoService, videoId: string): Promise<void> {
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
    await db.update(videos).set({ status: 'ready', progress: 1, readyAt: svc.ctx.now() }).where(eq(videos.id, videoId));
  } catch (error) {
    await writing.catch(() => {});
    const reason = `Processing failed: ${error instanceof Error ? error.message : String(error)}`.slice(0, 300);
    await db.update(videos).set({ status: 'failed', failureReason: reason }).where(eq(videos.id, videoId));
  } finally {
    await rm(scratch, { recursive: true, force: true });
  }

  async function render(input: string) {
    // The poster first, so the page shows it while the rendition is made.
    const at = Math.min(1, duration / 2000);
    await ffmpeg(posterArgs(input, at, poster));
    await svc.storage.putOutput(videoId, 'poster.jpg', poster);
    await db.update(videos).set({ progress: POSTER_MADE }).where(eq(videos.id, videoId));
    await ffmpeg(renditionArgs(input, web), onTime);
    await svc.storage.putOutput(videoId, 'web.mp4', web);
  }
}

/** The job handlers of the videos area, for the shared worker. */
export function videoJobHandlers(svc: VideoService): Record<string, JobHandler> {
  return { [PROCESS_JOB]: (_ctx, payload) => processVideo(svc, String(payload.videoId)) };
}

/** The cleanup that runs after each round of jobs. */
export const videoSweep = (svc: VideoService) => () => removeAbandonedUploads(svc);
