import type { AppContext } from '#server/context.ts';
import { badRequest, ApiError } from '#server/errors.ts';
import type { FastifyRequest } from 'fastify';
import type { Handlers } from '#server/lib/handler-types.ts';
import { uploadedBytes } from '#server/lib/uploaded-bytes.ts';
import { NOT_AN_IMAGE } from './images.ts';
import { readImage, removeAvatar, setAvatar, uploadStoryImage } from './image-rows.ts';

type ImageOps = 'uploadStoryImage' | 'getImage' | 'setMyAvatar' | 'removeMyAvatar';

/** The request's bytes (kept aside by server/lib/uploaded-bytes.ts). */
function bytesOf(request: FastifyRequest): Buffer {
  const bytes = uploadedBytes(request);
  if (!bytes) throw badRequest(NOT_AN_IMAGE);
  return bytes;
}

function refuseSuspended(ctx: AppContext, until: Date | null) {
  if (until && until > ctx.now()) throw new ApiError(403, 'Your account is suspended, so you cannot upload pictures until it ends.');
}

export function imageHandlers(ctx: AppContext): Handlers<ImageOps> {
  return {
    async uploadStoryImage(request, reply) {
      const user = request.auth!.user;
      refuseSuspended(ctx, user.suspendedUntil);
      return reply.code(201).send(await uploadStoryImage(ctx, user.id, bytesOf(request)));
    },
    async getImage(request, reply) {
      const bytes = await readImage(ctx, request.params.imageId, request.params.size);
      // An id's bytes never change; an hour's caching lets a hidden story's pictures leave soon.
      return reply.header('content-type', 'image/webp').header('cache-control', 'public, max-age=3600').send(bytes);
    },
    async setMyAvatar(request) {
      const user = request.auth!.user;
      refuseSuspended(ctx, user.suspendedUntil);
      return setAvatar(ctx, user.id, bytesOf(request));
    },
    async removeMyAvatar(request, reply) {
      await removeAvatar(ctx, request.auth!.user.id);
      return reply.code(204).send();
    },
  };
}
