import type { AppContext } from '#server/context.ts';
import { optionalAuth, isAdminRole } from '../auth/index.ts';
import { castVote, removeVote, showInTheater, theaterOf } from './theater.ts';
import type { VoteValue } from '#domain/theater.ts';
import type { Handlers } from '#server/lib/handler-types.ts';

type TheaterOps = 'getChallengeTheater' | 'voteTheaterScore' | 'unvoteTheaterScore' | 'showTheaterScore';

export function theaterHandlers(ctx: AppContext): Handlers<TheaterOps> {
  return {
    async getChallengeTheater(request) {
      const who = request.auth ?? (await optionalAuth(ctx, request, { csrf: false }));
      return theaterOf(ctx, request.params.challengeId, who ? { id: who.user.id, isAdmin: isAdminRole(who.user.role) } : null);
    },
    async voteTheaterScore(request) {
      return castVote(ctx, request.auth!.user.id, request.params.scoreId, request.body.value as VoteValue);
    },
    async unvoteTheaterScore(request) {
      return removeVote(ctx, request.auth!.user.id, request.params.scoreId);
    },
    async showTheaterScore(request) {
      return showInTheater(ctx, request.auth!.user.id, request.params.scoreId, request.body.shown);
    },
  };
}
