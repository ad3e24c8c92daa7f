import type { AppContext } from '#server/context.ts';
import { badRequest, ApiError } from '#server/errors.ts';
import type { FastifyRequest } from 'fastify';
import type { Handlers } from '#server/lib/handler-types.ts';
import { uploadedBytes } from '#server/lib/uploaded-bytes.ts';
import { isAdminRole, optionalAuth } from '../auth/index.ts';
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

/** Who may have a story's pictures: everyone ('public'), this reader only ('private') or not this reader. */
export type StoryPictureAccess = (
  storyId: number,
  reader: { id: number; isAdmin: boolean } | null,
) => Promise<'public' | 'private' | 'refused'>;

export function imageHandlers(ctx: AppContext, deps: { storyPictureAccess: StoryPictureAccess }): Handlers<ImageOps> {
  return {
    async uploadStoryImage(request, reply) {
      const user = request.auth!.user;
      refuseSuspended(ctx, user.suspendedUntil);
      return reply.code(201).send(await uploadStoryImage(ctx, user.id, bytesOf(request)));
    },
    async getImage(request, reply) {
      const { bytes, cache } = await readImage(ctx, request.params.imageId, request.params.size, async (storyId) => {
        const auth = await optionalAuth(ctx, request, { csrf: false });
        return deps.storyPictureAccess(storyId, auth ? { id: auth.user.id, isAdmin: isAdminRole(auth.user.role) } : null);
      });
      // An id's bytes never change; an hour's caching lets a hidden story's pictures leave soon.
      return reply.header('content-type', 'image/webp').header('cache-control', `${cache}, max-age=3600`).send(bytes);
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
