import type { AppContext } from '#server/context.ts';
import type { Handlers } from '#server/lib/handler-types.ts';
import { FEED_PAGE_SIZE } from '#domain/follows.ts';
import { isAdminRole, optionalAuth, type Authenticated } from '../auth/index.ts';
import { followersFeed } from './feed.ts';
import { follow, followSummary, people, suggestions, unfollow, type Actor } from './follows.ts';
import { giveKudos, readKudos, undoKudos } from './kudos.ts';

type FollowOps =
  | 'getFollowSummary'
  | 'followAthlete'
  | 'unfollowAthlete'
  | 'listFollowers'
  | 'listFollowing'
  | 'followersFeed'
  | 'followSuggestions'
  | 'getKudos'
  | 'giveKudos'
  | 'undoKudos';

const actorOf = (auth: Authenticated): Actor => ({ id: auth.user.id, suspendedUntil: auth.user.suspendedUntil });

export function followHandlers(ctx: AppContext): Handlers<FollowOps> {
  const viewer = async (request: Parameters<typeof optionalAuth>[1]) =>
    (await optionalAuth(ctx, request, { csrf: false }))?.user.id ?? null;
  return {
    async getFollowSummary(request) {
      return followSummary(ctx.database.db, request.params.userId, await viewer(request));
    },
    async followAthlete(request) {
      return follow(ctx, actorOf(request.auth!), request.params.userId);
    },
    async unfollowAthlete(request) {
      return unfollow(ctx, actorOf(request.auth!), request.params.userId);
    },
    async listFollowers(request) {
      return people(ctx.database.db, request.params.userId, 'followers', request.query.page ?? 1, await viewer(request));
    },
    async listFollowing(request) {
      return people(ctx.database.db, request.params.userId, 'following', request.query.page ?? 1, await viewer(request));
    },
    async followersFeed(request) {
      const user = request.auth!.user;
      const reader = { id: user.id, isStaff: isAdminRole(user.role) };
      return followersFeed(ctx.database.db, reader, request.query.cursor, request.query.limit ?? FEED_PAGE_SIZE, ctx.now());
    },
    async followSuggestions(request) {
      return suggestions(ctx.database.db, request.auth!.user.id, request.query.limit ?? 6, ctx.now());
    },
    async getKudos(request) {
      return readKudos(ctx.database.db, request.params.kind, request.params.itemId, await viewer(request));
    },
    async giveKudos(request) {
      return giveKudos(ctx, actorOf(request.auth!), request.params.kind, request.params.itemId);
    },
    async undoKudos(request) {
      return undoKudos(ctx, actorOf(request.auth!), request.params.kind, request.params.itemId);
    },
  };
}
