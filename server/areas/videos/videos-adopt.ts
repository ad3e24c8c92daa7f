import { copyFile, mkdir, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { videos } from '#server/db/schema.ts';
import { enqueueJob } from '#server/lib/jobs.ts';
import { inputArgs, MEDIA_LIMITS, runTool } from './videos-ffmpeg.ts';
import { probeVideo, readHead, sha256OfFile, videoContainer } from './videos-check.ts';
import { PROCESS_JOB, type VideoRow, type VideoService } from './videos.ts';

// A video made on the server rather than uploaded (a live attempt's recording): it enters the pipeline where
// a finished upload does, as the original, checked the same way (first bytes, ffprobe), then processed.

export interface MadeVideo {
  /** The video's id (a UUID): also the name its bytes are stored under. */
  id: string;
  userId: number;
  purpose: 'score';
  fileName: string;
  /** A local file; it is copied into the store. */
  file: string;
}

/**
 * Takes a server-made file as a video's original and queues its processing (the web rendition and poster),
 * as a completed upload's. The upload limits on duration do not apply (a live attempt may run hours). Throws
 * when the file holds no playable video.
 */
/**
 * Joins WebM parts (each a whole file with the same streams, as a live attempt's segments) into one WebM
 * without re-encoding: ffmpeg's concat demuxer over a list this writes (plain local names only, WebM only).
 * The parts must be in one folder; `out` is written there too unless given elsewhere.
 */
export async function joinWebmParts(dir: string, names: string[], out: string): Promise<void> {
  if (names.length === 0) throw new Error('there is nothing to join');
  if (!names.every((n) => /^[a-z0-9-]+\.webm$/.test(n))) throw new Error('a part has an unexpected name');
  const list = path.join(dir, 'parts.ffconcat');
  await writeFile(list, ['ffconcat version 1.0', ...names.map((n) => `file '${n}'`), ''].join('\n'));
  // prettier-ignore
  const args = [
    '-hide_banner', '-nostdin', '-y', '-v', 'error',
    '-protocol_whitelist', 'file', '-format_whitelist', 'concat,matroska', '-f', 'concat', '-safe', '1', '-i', `file:${list}`,
    '-map', '0', '-c', 'copy', out,
  ];
  await runTool('ffmpeg', args, { timeoutMs: MEDIA_LIMITS.ffmpegTimeoutMs, memoryKb: MEDIA_LIMITS.ffmpegMemoryKb, maxStdout: 0 });
}

/**
 * Rewrites a browser's WebM (a recorder's, whose clusters have no sizes) as WebM with every size written,
 * streams copied: a player's parser then knows where it ends and shows all of it. Throws when it holds no
 * readable WebM.
 */
export async function remuxWebm(input: string, output: string): Promise<void> {
  // prettier-ignore
  const args = ['-hide_banner', '-nostdin', '-y', '-v', 'error', ...inputArgs('matroska', input), '-map', '0', '-c', 'copy', '-f', 'webm', output];
  await runTool('ffmpeg', args, { timeoutMs: 30_000, memoryKb: MEDIA_LIMITS.ffmpegMemoryKb, maxStdout: 0 });
}

export async function adoptVideo(svc: VideoService, made: MadeVideo): Promise<VideoRow> {
  const container = videoContainer(await readHead(made.file));
  if (!container) throw new Error('the recording is not a video container');
  const probe = await probeVideo(made.file, container);
  if (!probe) throw new Error('the recording holds no playable video');
  const { size } = await stat(made.file);
  const sha256 = await sha256OfFile(made.file);
  const original = svc.storage.uploadedFile(made.id);
  await mkdir(path.dirname(original), { recursive: true });
  await copyFile(made.file, original);
  await svc.storage.keepOriginal(made.id);
  const now = svc.ctx.now();
  return svc.ctx.database.db.transaction(async (tx) => {
    const [row] = await tx
      .insert(videos)
      .values({
        id: made.id,
        userId: made.userId,
        purpose: made.purpose,
        fileName: made.fileName,
        declaredType: 'video/webm',
        sizeBytes: size,
        sha256,
        status: 'processing',
        createdAt: now,
        uploadedAt: now,
        durationMs: probe.durationMs,
        width: probe.width,
        height: probe.height,
        videoCodec: probe.videoCodec,
        audioCodec: probe.audioCodec,
        frameRate: probe.frameRate,
      })
      .returning();
    await enqueueJob(tx, PROCESS_JOB, { videoId: made.id }, now);
    return row!;
  });
}
