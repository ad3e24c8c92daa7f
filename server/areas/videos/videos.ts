import { createHmac, randomUUID } from 'node:crypto';
import { and, desc, eq, lt, sql } from 'drizzle-orm';
import { Upload } from '@tus/utils';
import type { VideoLimits } from '#server/config.ts';
import type { AppContext } from '#server/context.ts';
import { ApiError, notFound } from '#server/errors.ts';
import type { Database } from '#server/db/index.ts';
import { rowsOf } from '#server/db/rows.ts';
import { videos } from '#server/db/schema.ts';
import type { components } from '#openapi/schema.d.ts';
import { isAdminRole, type Authenticated } from '../auth/index.ts';
import { enqueueJob } from '#server/lib/jobs.ts';
import { probeVideo, readHead, sha256OfFile, videoContainer } from './videos-check.ts';
import type { VideoStorage } from '#server/lib/storage/videos-storage.ts';
import type { UploadHashes } from './videos-hash.ts';
import { safeEqual } from '#server/lib/tokens.ts';

export type VideoRow = typeof videos.$inferSelect;
type Video = components['schemas']['Video'];
type VideoInit = components['schemas']['VideoUploadInit'];

export const PROCESS_JOB = 'videos.process';
/**
 * Queued in the same transaction as a video's processing ends (ready or failed), with `{ videoId, status }`: what
 * waited for the video (a score submitted while it processed, the challenges area) picks it up. Its handler is
 * registered by the shell; a video nothing waited for makes it a no-op.
 */
export const VIDEO_SETTLED_JOB = 'videos.settled';
/** An upload not completed this long after init is removed with its bytes. */
export const ABANDONED_UPLOAD_MS = 24 * 3_600_000;
export const VIDEO_NOT_FOUND = 'No such video.';
/** Processing makes the poster first and then shows this progress: from here on the poster can be seen. */
export const POSTER_MADE = 0.02;

export type { VideoLimits };

export const DEFAULT_VIDEO_LIMITS: VideoLimits = {
  maxBytes: 1024 ** 3,
  quotaBytes: 5 * 1024 ** 3,
  maxDurationS: 600,
  linkTtlMs: 6 * 3_600_000,
};

/** What the video routes need beyond the app context: the byte store, the limits, the mount point. */
export interface VideoService {
  ctx: AppContext;
  storage: VideoStorage;
  limits: VideoLimits;
  /** `${BASE_PATH}api/videos` without the trailing slash. */
  apiRoot: string;
  /** Each upload's SHA-256 taken as its bytes arrive (the finishing check's, when whole). */
  hashes: UploadHashes;
}

const megabytes = (n: number) => `${Math.round((n / 1024 ** 2) * 10) / 10} MB`;

export const uploadUrl = (svc: VideoService, id: string) => `${svc.apiRoot}/upload/chunk/${id}`;

function linkToken(svc: VideoService, id: string, viewerId: number, kind: string, expires: number): string {
  const mac = createHmac('sha256', svc.ctx.jwtKey).update(`${kind}:${id}:${viewerId}:${expires}`).digest('base64url');
  return `${expires}.${viewerId}.${mac}`;
}

/** Whether a signed link still opens this video's stream or poster. */
export function checkLinkToken(svc: VideoService, id: string, kind: string, token: string): boolean {
  const [expires, viewer] = token.split('.');
  const exp = Number(expires);
  if (!Number.isSafeInteger(exp) || exp < svc.ctx.now().getTime() || !/^\d+$/.test(viewer ?? '')) return false;
  return safeEqual(token, linkToken(svc, id, Number(viewer), kind, exp));
}

/** The link kind a theater viewer's links are signed for: they open the video only while the theater shows it. */
export const theaterKind = (kind: 'stream' | 'poster') => `theater-${kind}`;

/** The link kind a story reader's links are signed for: they open the video only while a visible story shows it. */
export const storyKind = (kind: 'stream' | 'poster') => `story-${kind}`;

export function presentVideo(svc: VideoService, row: VideoRow, viewerId?: number): Video {
  return presentWithLinks(svc, row, viewerId, (kind) => kind);
}

/** Signed-link kinds for a video shown on an athlete's profile (a published video interview's clip). */
export const profileKind = (kind: 'stream' | 'poster') => `profile-${kind}`;

/** A video shown on an athlete's profile, with links minted for its viewers (0: signed out). */
export function presentProfileVideo(svc: VideoService, row: VideoRow, viewerId: number): Video {
  return presentWithLinks(svc, row, viewerId, profileKind);
}

/** A video shown in a challenge's theater, with links minted for theater viewers (0: signed out). */
export function presentTheaterVideo(svc: VideoService, row: VideoRow, viewerId: number): Video {
  return presentWithLinks(svc, row, viewerId, theaterKind);
}

/** A video attached to a story, with links minted for its readers (0: signed out). */
export function presentStoryVideo(svc: VideoService, row: VideoRow, viewerId: number): Video {
  return presentWithLinks(svc, row, viewerId, storyKind);
}

function presentWithLinks(
  svc: VideoService,
  row: VideoRow,
  viewerId: number | undefined,
  signedKind: (kind: 'stream' | 'poster') => string,
): Video {
  // Links expire on a fixed grid so a page polling the video gets the same URLs (the browser keeps its cache).
  const ttl = svc.limits.linkTtlMs;
  const expires = (Math.floor(svc.ctx.now().getTime() / ttl) + 2) * ttl;
  const has = {
    stream: row.status === 'ready',
    poster: row.status === 'ready' || (row.status === 'processing' && row.progress >= POSTER_MADE),
  };
  const signed = (kind: 'stream' | 'poster') =>
    has[kind] && viewerId !== undefined
      ? `${svc.apiRoot}/${row.id}/${kind}?token=${linkToken(svc, row.id, viewerId, signedKind(kind), expires)}`
      : null;
  return {
    id: row.id,
    purpose: row.purpose as Video['purpose'],
    file_name: row.fileName,
    size_bytes: row.sizeBytes,
    status: row.status as Video['status'],
    failure_reason: row.failureReason,
    progress: row.progress,
    duration_ms: row.durationMs,
    width: row.width,
    height: row.height,
    video_codec: row.videoCodec,
    audio_codec: row.audioCodec,
    frame_rate: row.frameRate,
    created_at: row.createdAt.toISOString(),
    ready_at: row.readyAt?.toISOString() ?? null,
    stream_url: signed('stream'),
    poster_url: signed('poster'),
  };
}

export async function findVideo(svc: VideoService, id: string): Promise<VideoRow | undefined> {
  const [row] = await svc.ctx.database.db.select().from(videos).where(eq(videos.id, id));
  return row;
}

/** A video its owner (or an administrator) may see; anyone else is told there is none. */
export async function visibleVideo(svc: VideoService, id: string, auth: Authenticated): Promise<VideoRow> {
  const row = await findVideo(svc, id);
  if (!row || (row.userId !== auth.user.id && !isAdminRole(auth.user.role))) throw notFound(VIDEO_NOT_FOUND);
  return row;
}

/**
 * One of the athlete's own uploads, ready to attach to a result (a score or a personal record): someone
 * else's or an unknown one is 400, one still processing 422, both about `field`.
 */
export async function ownReadyVideo(db: Database, userId: number, videoId: string, field: string): Promise<VideoRow> {
  const [v] = await db.select().from(videos).where(eq(videos.id, videoId));
  if (!v || v.userId !== userId) throw new ApiError(400, 'That video is not one of yours.', field);
  if (v.status !== 'ready') throw new ApiError(422, 'That video is not ready yet: attach it once it has finished processing.', field);
  return v;
}

/**
 * The caller's own video for a score: ready, or uploaded and still processing (the score then waits for it, see
 * VIDEO_SETTLED_JOB). Someone else's or a missing video: 400; one still uploading or failed: 422.
 */
export async function ownVideoForScore(db: Database, userId: number, videoId: string, field: string): Promise<VideoRow> {
  const [v] = await db.select().from(videos).where(eq(videos.id, videoId));
  if (!v || v.userId !== userId) throw new ApiError(400, 'That video is not one of yours.', field);
  if (v.status === 'uploading') throw new ApiError(422, 'That video is still uploading: attach it once the upload has finished.', field);
  if (v.status === 'failed') throw new ApiError(422, 'That video could not be processed: upload it again.', field);
  return v;
}

/**
 * Whether a video already backs a challenge score or a battle attempt (each video backs one of them), in one
 * statement; the unique indexes on both tables refuse a race between two submissions naming it.
 */
export async function videoBacksSomething(db: Database, videoId: string): Promise<boolean> {
  const [row] = await rowsOf<{ taken: boolean }>(
    db,
    sql`select exists (select 1 from score_videos where video_id = ${videoId})
          or exists (select 1 from battle_attempts where video_id = ${videoId}) as taken`,
  );
  return !!row?.taken;
}

/** The caller's own video still receiving bytes (the chunk and upload-URL calls). */
export async function ownUpload(svc: VideoService, id: string, userId: number): Promise<VideoRow> {
  const row = await findVideo(svc, id);
  if (!row || row.userId !== userId) throw notFound(VIDEO_NOT_FOUND);
  return row;
}

/**
 * What counts toward an account's video storage: every video not failed, and the segments of its live streams
 * still stored until their recording replaces them (server/areas/live/schema-streaming.ts).
 */
async function usedBytes(db: Database, userId: number): Promise<number> {
  const [row] = await rowsOf<{ used: string | number | null }>(
    db,
    sql`select (select coalesce(sum(size_bytes), 0) from videos where user_id = ${userId} and status <> 'failed')
      + (select coalesce(sum(s.bytes), 0) from live_streams s join live_attempts a on a.id = s.attempt_id
         where a.user_id = ${userId} and s.recording <> 'made') as used`,
  );
  return Number(row?.used ?? 0);
}

/**
 * The storage quota, the one rule for uploads and live segments: inside the caller's transaction, the account's
 * row is locked so two writes at once cannot both squeeze under it; 413 (field `storage`) when `bytes` do not fit.
 */
export async function checkStorageQuota(
  db: Database,
  limits: VideoLimits,
  userId: number,
  bytes: number,
  words: { what: string; advice: string },
) {
  await db.execute(sql`select id from users where id = ${userId} for update`);
  const used = await usedBytes(db, userId);
  if (used + bytes > limits.quotaBytes)
    throw new ApiError(
      413,
      `${words.what} does not fit in your storage: ${megabytes(used)} of ${megabytes(limits.quotaBytes)} used. ${words.advice}`,
      'storage',
    );
}

export async function initUpload(svc: VideoService, userId: number, body: VideoInit) {
  const { limits } = svc;
  if (!/^video\/[a-z0-9.+-]+$/i.test(body.content_type)) {
    throw new ApiError(415, `Only video files can be uploaded; this file is ${body.content_type}.`);
  }
  if (body.size_bytes > limits.maxBytes) {
    throw new ApiError(413, `This video is ${megabytes(body.size_bytes)}; the limit is ${megabytes(limits.maxBytes)}.`);
  }
  const id = randomUUID();
  const now = svc.ctx.now();
  const row = await svc.ctx.database.db.transaction(async (tx) => {
    await checkStorageQuota(tx as unknown as Database, limits, userId, body.size_bytes, {
      what: 'This video',
      advice: 'Delete a video or choose a smaller file.',
    });
    const [inserted] = await tx
      .insert(videos)
      .values({
        id,
        userId,
        purpose: body.purpose,
        fileName: body.file_name,
        declaredType: body.content_type.toLowerCase(),
        sizeBytes: body.size_bytes,
        sha256: body.checksum_sha256,
        createdAt: now,
      })
      .returning();
    await svc.storage.datastore.create(new Upload({ id, size: body.size_bytes, offset: 0, metadata: { filetype: body.content_type } }));
    return inserted!;
  });
  return { video: presentVideo(svc, row), upload_url: uploadUrl(svc, id), offset: 0 };
}

export async function uploadState(svc: VideoService, row: VideoRow) {
  if (row.status !== 'uploading') throw new ApiError(409, 'This upload is finished; nothing more can be sent.');
  const upload = await svc.storage.datastore.getUpload(row.id);
  return { video: presentVideo(svc, row), upload_url: uploadUrl(svc, row.id), offset: upload.offset };
}

/** Deletes a refused or abandoned video: its row and every byte stored for it. */
export async function discardVideo(svc: VideoService, id: string): Promise<void> {
  await svc.ctx.database.db.delete(videos).where(eq(videos.id, id));
  svc.hashes.forget(id);
  await svc.storage.removeAll(id);
}

/**
 * The finishing step: the whole file is here; check it is a video (first bytes, then
 * ffprobe), within the duration limit and the SHA-256 declared at init (the one taken as the
 * bytes arrived when this node saw them all, else read from the file), then queue its
 * processing. A refused file is deleted with its row (422 saying why). Idempotent.
 */
export async function completeUpload(svc: VideoService, row: VideoRow, viewerId: number): Promise<Video> {
  if (row.status !== 'uploading') return presentVideo(svc, row, viewerId);
  const upload = await svc.storage.datastore.getUpload(row.id);
  if (upload.offset !== row.sizeBytes) {
    throw new ApiError(409, `The upload is not finished: ${upload.offset} of ${row.sizeBytes} bytes received.`);
  }
  const verdict = await svc.storage.withOriginal(row.id, async (file) => {
    const container = videoContainer(await readHead(file));
    if (!container) return `${row.fileName} is not a video file; it was deleted.`;
    if ((svc.hashes.take(row.id, row.sizeBytes) ?? (await sha256OfFile(file))) !== row.sha256) {
      return 'The file received does not match its SHA-256 checksum (it was damaged or changed on the way); it was deleted. Upload it again.';
    }
    const probed = await probeVideo(file, container);
    if (!probed) return `${row.fileName} holds no playable video; it was deleted.`;
    if (probed.durationMs > svc.limits.maxDurationS * 1000) {
      return `This video lasts ${Math.round(probed.durationMs / 1000)} s; the limit is ${svc.limits.maxDurationS} s. It was deleted.`;
    }
    return probed;
  });
  if (typeof verdict === 'string') {
    await discardVideo(svc, row.id);
    throw new ApiError(422, verdict);
  }
  const probe = verdict;
  await svc.storage.keepOriginal(row.id);
  const now = svc.ctx.now();
  const updated = await svc.ctx.database.db.transaction(async (tx) => {
    const [next] = await tx
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
      .where(and(eq(videos.id, row.id), eq(videos.status, 'uploading')))
      .returning();
    if (next) await enqueueJob(tx, PROCESS_JOB, { videoId: row.id }, now);
    return next;
  });
  return presentVideo(svc, updated ?? (await findVideo(svc, row.id)) ?? row, viewerId);
}

export async function myVideos(svc: VideoService, userId: number) {
  const rows = await svc.ctx.database.db.select().from(videos).where(eq(videos.userId, userId)).orderBy(desc(videos.createdAt)).limit(50);
  return {
    videos: rows.map((r) => presentVideo(svc, r, userId)),
    used_bytes: await usedBytes(svc.ctx.database.db, userId),
    quota_bytes: svc.limits.quotaBytes,
    max_size_bytes: svc.limits.maxBytes,
    max_duration_s: svc.limits.maxDurationS,
  };
}

/** The cleanup job: uploads never completed within a day are removed with their bytes. */
export async function removeAbandonedUploads(svc: VideoService): Promise<number> {
  const cutoff = new Date(svc.ctx.now().getTime() - ABANDONED_UPLOAD_MS);
  const stale = await svc.ctx.database.db
    .select({ id: videos.id })
    .from(videos)
    .where(and(eq(videos.status, 'uploading'), lt(videos.createdAt, cutoff)))
    .limit(500);
  for (const { id } of stale) await discardVideo(svc, id);
  return stale.length;
}
