import path from 'node:path';
import os from 'node:os';
import { Server } from '@tus/server';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AppContext } from '#server/context.ts';
import { ApiError } from '#server/errors.ts';
import { completeUpload, DEFAULT_VIDEO_LIMITS, findVideo, ownUpload, type VideoService } from './videos.ts';
import { UploadHashes } from './videos-hash.ts';
import { fileStorage } from '#server/lib/storage/videos-storage.ts';
import { parseS3Url, s3Storage } from '#server/lib/storage/videos-storage-s3.ts';

/** tus's own error bodies, in words a person understands (the answer is always `{detail}`). */
const TUS_WORDS: Record<number, string> = {
  400: 'This chunk is malformed: send tus 1.0.0 headers (Tus-Resumable, Upload-Offset).',
  403: 'This chunk needs Upload-Offset and Content-Type: application/offset+octet-stream.',
  404: 'No such upload.',
  409: 'This chunk does not start where the upload stopped: ask for the offset (HEAD) and resume from there.',
  410: 'This upload no longer exists.',
  412: 'This call speaks tus 1.0.0: send Tus-Resumable: 1.0.0.',
  413: 'This chunk goes past the size declared when the upload began.',
};

const services = new WeakMap<AppContext, VideoService & { tus: Server }>();

/**
 * The upload each chunk call may touch: the route's `videoId`, checked as the caller's own,
 * keyed by the raw request handed to tus. tus never reads the id from the URL itself.
 */
const routeIds = new WeakMap<object, string>();

/**
 * The videos area's service for this app: the byte store (VIDEO_DIR, else DATA_DIR/videos,
 * else a temporary folder for an in-memory database), the limits and the tus server that
 * answers the chunk calls. One per app, made on first use.
 */
export function videoService(ctx: AppContext): VideoService & { tus: Server } {
  const existing = services.get(ctx);
  if (existing) return existing;
  const { config } = ctx;
  const root = config.videoDir ?? path.join(config.dataDir ?? path.join(os.tmpdir(), `repforge-videos-${process.pid}`), 'videos');
  const storage = config.s3Url ? s3Storage(parseS3Url(config.s3Url), root) : fileStorage(root);
  const apiRoot = `${config.basePath}api/videos`;
  const hashes = new UploadHashes();
  hashes.watch(storage.datastore);
  const limits = { ...DEFAULT_VIDEO_LIMITS, ...definedOnly(config.videoLimits ?? {}) };
  const svc: VideoService = { ctx, storage, limits, apiRoot, hashes };
  const tus = new Server({
    path: `${apiRoot}/upload/chunk`,
    datastore: storage.datastore,
    maxSize: svc.limits.maxBytes,
    relativeLocation: true,
    // The id the route checked, never tus's default (the URL's last segment, query included).
    getFileIdFromRequest: (req) => {
      const raw = req.runtime?.node?.req;
      return raw ? routeIds.get(raw) : undefined;
    },
    // Same-origin only: no CORS headers for other sites.
    allowedOrigins: () => false,
    async onUploadFinish(_req, upload) {
      try {
        const row = await findVideo(svc, upload.id);
        if (!row) throw new ApiError(404, 'No such upload.');
        await completeUpload(svc, row, row.userId);
        return {};
      } catch (error) {
        if (error instanceof ApiError) throw { status_code: error.statusCode, body: JSON.stringify({ detail: error.message }) };
        throw error;
      }
    },
    onResponseError(_req, error) {
      const status = 'status_code' in error ? error.status_code : 500;
      const body = 'body' in error ? error.body : '';
      if (body.startsWith('{')) return { status_code: status, body };
      const detail = TUS_WORDS[status] ?? 'Something went wrong receiving the file. Please resume the upload.';
      if (status >= 500) ctx.tasks.defer('tus error', async () => Promise.reject(error));
      return { status_code: status, body: JSON.stringify({ detail }) };
    },
  });
  const made = Object.assign(svc, { tus });
  services.set(ctx, made);
  return made;
}

/**
 * Hands a chunk call (HEAD or PATCH, already authorized by the contract's security) to tus
 * once the upload is the caller's own and still receiving, and tus works on that upload only
 * (a query string is refused). The raw request body streams straight to the store: Fastify
 * never buffers it.
 */
export async function handleChunk(ctx: AppContext, request: FastifyRequest, reply: FastifyReply, videoId: string) {
  const svc = videoService(ctx);
  // The upload URL as given carries no query; one here can only be an attempt to confuse the id.
  if (request.raw.url?.includes('?'))
    throw new ApiError(400, 'The upload URL takes no query string: send chunks to the upload URL as given.');
  const row = await ownUpload(svc, videoId, request.auth!.user.id);
  if (row.status !== 'uploading') throw new ApiError(409, 'This upload is finished; nothing more can be sent.');
  routeIds.set(request.raw, row.id);
  reply.hijack();
  await svc.tus.handle(request.raw, reply.raw);
}

const definedOnly = <T extends object>(o: T): Partial<T> =>
  Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined)) as Partial<T>;
