import type { AppContext } from '#server/context.ts';
import { ApiError } from '#server/errors.ts';
import { optionalAuth } from '../auth/index.ts';
import type { Handlers } from '#server/lib/handler-types.ts';
import { requestBytes } from '#server/lib/request-bytes.ts';
import { whenAnswered } from '#server/lib/background.ts';
import { startLive } from './live.ts';
import { getLive, listLive, myLive, updateLive } from './live-count.ts';
import { abandonLive, endLive } from './live-end.ts';
import { reactToLive } from './spectators.ts';
import { getStream, readSegment, sendSegment } from './live-segments.ts';

type LiveOps =
  | 'listLiveAttempts'
  | 'startLiveAttempt'
  | 'myLiveAttempt'
  | 'getLiveAttempt'
  | 'updateLiveAttempt'
  | 'endLiveAttempt'
  | 'abandonLiveAttempt'
  | 'reactToLiveAttempt'
  | 'getLiveStream'
  | 'getLiveSegment'
  | 'sendLiveSegment';

export function liveHandlers(ctx: AppContext): Handlers<LiveOps> {
  return {
    async listLiveAttempts(request) {
      const followed = request.query.followed === true;
      const who = followed ? await optionalAuth(ctx, request, { csrf: false }) : null;
      if (followed && !who) throw new ApiError(401, 'Sign in to see the athletes you follow.');
      return listLive(ctx, {
        challengeId: request.query.challenge_id,
        followedBy: who?.user.id,
        limit: request.query.limit ?? 50,
      });
    },
    async startLiveAttempt(request, reply) {
      return reply.code(201).send(await startLive(ctx, request.auth!.user.id, request.body.challenge_id));
    },
    async myLiveAttempt(request) {
      return myLive(ctx, request.auth!.user.id, request.query.challenge_id);
    },
    async getLiveAttempt(request) {
      return getLive(ctx, request.params.attemptId);
    },
    async updateLiveAttempt(request, reply) {
      return updateLive(ctx, request.auth!.user.id, request.params.attemptId, request.body, (then) =>
        whenAnswered(reply.raw, then, (error) => request.log.error({ err: error }, 'live count hook failed')),
      );
    },
    async endLiveAttempt(request) {
      return endLive(ctx, request.auth!.user.id, request.params.attemptId, request.body);
    },
    async abandonLiveAttempt(request) {
      return abandonLive(ctx, request.auth!.user.id, request.params.attemptId);
    },
    async reactToLiveAttempt(request, reply) {
      return reply.code(202).send(await reactToLive(ctx, request.auth!.user.id, request.params.attemptId, request.body.emoji));
    },
    // Camera streaming (live-segments.ts).
    async getLiveStream(request) {
      return getStream(ctx, request.params.attemptId);
    },
    async getLiveSegment(request, reply) {
      const { size, body } = await readSegment(ctx, request.params.attemptId, request.params.seq);
      // A segment never changes once stored.
      return reply
        .header('content-type', 'video/webm')
        .header('content-length', size)
        .header('cache-control', 'public, max-age=86400')
        .send(body);
    },
    async sendLiveSegment(request, reply) {
      const { attemptId, seq } = request.params;
      const sent = await sendSegment(ctx, request.auth!.user.id, attemptId, seq, request.query, requestBytes(request));
      return reply.code(sent.status).send(sent.ack);
    },
  };
}
