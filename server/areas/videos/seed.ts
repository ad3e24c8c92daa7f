import { randomUUID } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { mkdtemp, rm, stat } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Upload } from '@tus/utils';
import { eq } from 'drizzle-orm';
import { videos } from '#server/db/schema.ts';
import { enqueueJob } from '#server/lib/jobs.ts';
import { MEDIA_LIMITS, runTool } from './videos-ffmpeg.ts';
import { probeVideo, readHead, sha256OfFile, videoContainer } from './videos-check.ts';
import { PROCESS_JOB, type VideoService } from './videos.ts';

/** Seconds of each demo clip: short, so making and processing a few takes seconds. */
const CLIP_SECONDS = 3;

/** Whether ffmpeg and ffprobe can be run here (the demo clips are skipped when not). */
export async function mediaToolsPresent(): Promise<boolean> {
  try {
    await runTool('ffmpeg', ['-hide_banner', '-version'], { timeoutMs: 5000, memoryKb: MEDIA_LIMITS.ffmpegMemoryKb, maxStdout: 0 });
    await runTool('ffprobe', ['-version'], { timeoutMs: 5000, memoryKb: MEDIA_LIMITS.ffprobeMemoryKb, maxStdout: 0 });
    return true;
  } catch {
    return false;
  }
}

/**
 * One demo video of `userId`, made with ffmpeg (a moving test pattern with a tone, `hue` tinting
 * each one apart) and stored as an upload would be: the original in the upload store, checked by
 * ffprobe, then queued for the same processing job as any upload (rendition and poster). Its id.
 */
export async function seedDemoVideo(svc: VideoService, userId: number, fileName: string, hue: number): Promise<string> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'repforge-demo-video-'));
  try {
    const file = path.join(dir, 'clip.mp4');
    // prettier-ignore
    await runTool('ffmpeg', [
      '-hide_banner', '-nostdin', '-y', '-v', 'error',
      '-f', 'lavfi', '-i', `testsrc2=size=480x270:rate=25:duration=${CLIP_SECONDS},hue=h=${hue}`,
      '-f', 'lavfi', '-i', `sine=frequency=${220 + hue}:duration=${CLIP_SECONDS}`,
      '-c:v', 'libx264', '-preset', 'veryfast', '-pix_fmt', 'yuv420p', '-c:a', 'aac', '-shortest', '-movflags', '+faststart',
      file,
    ], { timeoutMs: MEDIA_LIMITS.ffmpegTimeoutMs, memoryKb: MEDIA_LIMITS.ffmpegMemoryKb, maxStdout: 0 });
    const container = videoContainer(await readHead(file));
    const probe = container ? await probeVideo(file, container) : null;
    if (!probe) throw new Error('ffmpeg made no playable demo clip');
    const size = (await stat(file)).size;
    const id = randomUUID();
    const now = svc.ctx.now();
    const db = svc.ctx.database.db;
    await db.insert(videos).values({
      id,
      userId,
      purpose: 'score',
      fileName,
      declaredType: 'video/mp4',
      sizeBytes: size,
      sha256: await sha256OfFile(file),
      createdAt: now,
    });
    await svc.storage.datastore.create(new Upload({ id, size, offset: 0, metadata: { filetype: 'video/mp4' } }));
    await svc.storage.datastore.write(createReadStream(file), id, 0);
    await svc.storage.keepOriginal(id);
    await db.transaction(async (tx) => {
      await tx
        .update(videos)
        .set({
          status: 'processing',
          uploadedAt: now,
          durationMs: probe.durationMs,
          width: probe.width,
          height: probe.height,
          videoCodec: probe.videoCodec,
          audioCodec: probe.audioCodec,
          frameRate: probe.frameRate,
        })
        .where(eq(videos.id, id));
      await enqueueJob(tx, PROCESS_JOB, { videoId: id }, now);
    });
    return id;
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
