import type { AppContext } from '#server/context.ts';
import { optionalAuth, isAdminRole, type Authenticated } from '../auth/index.ts';
import { recordCampaignViews, viewerKey } from '../creators/index.ts';
import {
  addComment,
  comments,
  createStory,
  deleteComment,
  deleteStory,
  feed,
  getStory,
  myStories,
  updateStory,
  type Reader,
} from './stories.ts';
import type { Handlers } from '#server/lib/handler-types.ts';

type StoryOps =
  | 'listStories'
  | 'createStory'
  | 'listMyStories'
  | 'getStory'
  | 'updateStory'
  | 'deleteStory'
  | 'listStoryComments'
  | 'createStoryComment'
  | 'deleteStoryComment';

const readerOf = (auth: Authenticated | null | undefined): Reader =>
  auth ? { id: auth.user.id, isAdmin: isAdminRole(auth.user.role) } : null;
const writerOf = (auth: Authenticated) => ({
  id: auth.user.id,
  suspendedUntil: auth.user.suspendedUntil,
  isAdmin: isAdminRole(auth.user.role),
});

export function storyHandlers(ctx: AppContext): Handlers<StoryOps> {
  const reader = async (request: Parameters<Handlers<'getStory'>['getStory']>[0]) =>
    readerOf(request.auth ?? (await optionalAuth(ctx, request, { csrf: false })));
  return {
    async listStories(request) {
      return feed(ctx, request.query.page ?? 1, readerOf(request.auth ?? (await optionalAuth(ctx, request, { csrf: false }))));
    },
    async listMyStories(request) {
      return myStories(ctx, request.query.page ?? 1, readerOf(request.auth)!);
    },
    async createStory(request, reply) {
      const story = await createStory(ctx, writerOf(request.auth!), request.body);
      return reply.code(201).send(story);
    },
    async getStory(request) {
      const who = await reader(request);
      const story = await getStory(ctx, request.params.storyId, who);
      // Opening a promoted story is a view of its running campaigns (once a day per viewer, no bots).
      await recordCampaignViews(ctx, 'story', [story.id], viewerKey(who?.id ?? null, request.ip, request.headers['user-agent']));
      return story;
    },
    async updateStory(request) {
      return updateStory(ctx, writerOf(request.auth!), request.params.storyId, request.body);
    },
    async deleteStory(request, reply) {
      await deleteStory(ctx, writerOf(request.auth!), request.params.storyId);
      return reply.code(204).send();
    },
    async listStoryComments(request) {
      return comments(
        ctx,
        request.params.storyId,
        request.query.page ?? 1,
        readerOf(request.auth ?? (await optionalAuth(ctx, request, { csrf: false }))),
      );
    },
    async createStoryComment(request, reply) {
      const comment = await addComment(ctx, writerOf(request.auth!), request.params.storyId, request.body.body);
      return reply.code(201).send(comment);
    },
    async deleteStoryComment(request, reply) {
      await deleteComment(ctx, writerOf(request.auth!), request.params.commentId);
      return reply.code(204).send();
    },
  };
}
