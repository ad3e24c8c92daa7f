import type { Database } from '#server/db/index.ts';
import type { FastifyReply } from 'fastify';
import type { AppContext } from '#server/context.ts';
import { ApiError, notFound } from '#server/errors.ts';
import {
  checkLinkToken,
  completeUpload,
  findVideo,
  initUpload,
  myVideos,
  ownUpload,
  presentVideo,
  profileKind,
  storyKind,
  theaterKind,
  uploadState,
  VIDEO_NOT_FOUND,
  visibleVideo,
} from './videos.ts';
import { handleChunk, videoService } from './videos-tus.ts';
import type { OutputName } from '#server/lib/storage/videos-storage.ts';
import type { Handlers } from '#server/lib/handler-types.ts';

type VideoOps =
  | 'initVideoUpload'
  | 'getVideoUploadOffset'
  | 'uploadVideoChunk'
  | 'completeVideoUpload'
  | 'getVideoUploadUrl'
  | 'listMyVideos'
  | 'getVideo'
  | 'streamVideo'
  | 'getVideoPoster';

/** `bytes=a-b`, `bytes=a-` or `bytes=-n` of a file of `size` bytes; null for the whole file; 'bad' when unsatisfiable. */
export function parseRange(header: string | undefined, size: number): { start: number; end: number } | null | 'bad' {
  if (!header) return null;
  const match = /^bytes=(\d*)-(\d*)$/.exec(header.trim());
  if (!match || (match[1] === '' && match[2] === '')) return header.includes(',') ? null : 'bad';
  if (match[1] === '') {
    const suffix = Number(match[2]);
    if (suffix === 0) return 'bad';
    return { start: Math.max(0, size - suffix), end: size - 1 };
  }
  const start = Number(match[1]);
  const end = match[2] === '' ? size - 1 : Math.min(Number(match[2]), size - 1);
  if (start >= size || end < start) return 'bad';
  return { start, end };
}

/** Where else a video may be shown to others, each asked on every request of its links (wired by the composition root). */
export interface VideoShowcases {
  shownInTheater: (db: Database, videoId: string) => Promise<boolean>;
  shownInStory: (db: Database, videoId: string) => Promise<boolean>;
  shownOnProfile: (db: Database, videoId: string) => Promise<boolean>;
}

export function videoHandlers(ctx: AppContext, { shownInTheater, shownInStory, shownOnProfile }: VideoShowcases): Handlers<VideoOps> {
  const svc = () => videoService(ctx);

  async function sendOutput(
    reply: FastifyReply,
    id: string,
    token: string,
    kind: 'stream' | 'poster',
    name: OutputName,
    type: string,
    range?: string,
  ) {
    const own = checkLinkToken(svc(), id, kind, token);
    // A theater viewer's link opens the video only while the theater still shows it.
    const theater = !own && checkLinkToken(svc(), id, theaterKind(kind), token);
    // A story reader's link opens it only while a story nobody hid still shows it.
    const story = !own && !theater && checkLinkToken(svc(), id, storyKind(kind), token);
    // A profile viewer's link opens it only while a published video interview still shows it.
    const profile = !own && !theater && !story && checkLinkToken(svc(), id, profileKind(kind), token);
    if (!own && !theater && !story && !profile) throw new ApiError(403, 'This link has expired. Reload the page to get a new one.');
    if (theater && !(await shownInTheater(ctx.database.db, id))) throw notFound(VIDEO_NOT_FOUND);
    if (story && !(await shownInStory(ctx.database.db, id))) throw notFound(VIDEO_NOT_FOUND);
    if (profile && !(await shownOnProfile(ctx.database.db, id))) throw notFound(VIDEO_NOT_FOUND);
    const row = await findVideo(svc(), id);
    const size = row && row.status !== 'failed' ? await svc().storage.outputSize(id, name) : null;
    if (size === null) throw notFound(VIDEO_NOT_FOUND);
    const wanted = parseRange(range, size);
    void reply.header('accept-ranges', 'bytes');
    if (wanted === 'bad') {
      return reply
        .code(416)
        .header('content-range', `bytes */${size}`)
        .send({ detail: `The range asked for is outside the file (${size} bytes).` });
    }
    void reply.header('cache-control', 'private, max-age=3600').header('content-type', type);
    if (!wanted)
      return reply
        .code(200)
        .header('content-length', size)
        .send(await svc().storage.readOutput(id, name));
    return reply
      .code(206)
      .header('content-range', `bytes ${wanted.start}-${wanted.end}/${size}`)
      .header('content-length', wanted.end - wanted.start + 1)
      .send(await svc().storage.readOutput(id, name, wanted));
  }

  return {
    async initVideoUpload(request, reply) {
      return reply.code(201).send(await initUpload(svc(), request.auth!.user.id, request.body));
    },
    async getVideoUploadOffset(request, reply) {
      await handleChunk(ctx, request, reply, request.params.videoId);
    },
    async uploadVideoChunk(request, reply) {
      await handleChunk(ctx, request, reply, request.params.videoId);
    },
    async completeVideoUpload(request) {
      const row = await ownUpload(svc(), request.params.videoId, request.auth!.user.id);
      return completeUpload(svc(), row, request.auth!.user.id);
    },
    async getVideoUploadUrl(request) {
      return uploadState(svc(), await ownUpload(svc(), request.params.videoId, request.auth!.user.id));
    },
    async listMyVideos(request) {
      return myVideos(svc(), request.auth!.user.id);
    },
    async getVideo(request) {
      const row = await visibleVideo(svc(), request.params.videoId, request.auth!);
      return presentVideo(svc(), row, request.auth!.user.id);
    },
    async streamVideo(request, reply) {
      const { videoId } = request.params;
      return sendOutput(reply, videoId, request.query.token, 'stream', 'web.mp4', 'video/mp4', request.headers.range);
    },
    async getVideoPoster(request, reply) {
      return sendOutput(reply, request.params.videoId, request.query.token, 'poster', 'poster.jpg', 'image/jpeg');
    },
  };
}
