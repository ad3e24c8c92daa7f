import type { FastifyRequest } from 'fastify';
import type { AppContext } from '#server/context.ts';
import { optionalAuth, isAdminRole } from '../auth/index.ts';
import { allianceRankings } from './alliance-board.ts';
import { servedRankings } from './board-pages.ts';
import { createChallenge, deleteChallenge, getChallenge, listDeleted, updateChallenge } from './crud.ts';
import { discover, myCreated, myParticipating, recommendations } from './discovery.ts';
import { findOnBoard } from './find.ts';
import { gymRankings } from './gym-board.ts';
import { mySubmissions, scoreHistory } from './history.ts';
import { homeFeed } from './home.ts';
import { countParticipants, joinChallenge } from './join.ts';
import { deleteScore, listPendingScores, reviewScore } from './review.ts';
import { submitScore } from './submission.ts';
import { findOnTeamBoard } from './team-find.ts';
import { listTeams, teamRankings } from './teams.ts';
import { recordChallengeView } from '#server/lib/bi-record.ts';
import type { Handlers } from '#server/lib/handler-types.ts';

type ChallengeOps =
  | 'createChallenge'
  | 'discoverChallenges'
  | 'getHomeFeed'
  | 'listArchivedChallenges'
  | 'listMyParticipatingChallenges'
  | 'listMyCreatedChallenges'
  | 'recommendChallenges'
  | 'listMySubmissions'
  | 'getChallengeRankings'
  | 'findOnChallengeBoard'
  | 'listDeletedChallenges'
  | 'deleteChallenge'
  | 'getChallenge'
  | 'updateChallenge'
  | 'joinChallenge'
  | 'countChallengeParticipants'
  | 'submitScore'
  | 'getScoreHistory'
  | 'deleteScore'
  | 'reviewScore'
  | 'listScoresForReview'
  | 'listChallengeTeams'
  | 'getTeamRankings'
  | 'findOnTeamBoard'
  | 'getGymRankings'
  | 'getAllianceRankings';

const caller = (request: FastifyRequest) => {
  const auth = request.auth!;
  return { id: auth.user.id, isAdmin: isAdminRole(auth.user.role) };
};

export function challengeHandlers(ctx: AppContext): Handlers<ChallengeOps> {
  return {
    async createChallenge(request, reply) {
      return reply.code(201).send(await createChallenge(ctx, caller(request).id, request.body));
    },
    async discoverChallenges(request) {
      return discover(ctx, { ...request.query, limit: request.query.limit ?? 20 });
    },
    async getHomeFeed(_request, reply) {
      // Shared caches may keep it briefly: it is public and the page refetches it every 30 s.
      void reply.header('cache-control', 'public, max-age=10');
      return homeFeed(ctx);
    },
    async listArchivedChallenges(request) {
      return discover(ctx, { search: request.query.search, cursor: request.query.cursor, limit: request.query.limit ?? 20 }, true);
    },
    async listMyParticipatingChallenges(request) {
      return myParticipating(ctx, caller(request).id);
    },
    async listMyCreatedChallenges(request) {
      return myCreated(ctx, caller(request).id);
    },
    async recommendChallenges(request) {
      return recommendations(ctx, caller(request).id);
    },
    async listMySubmissions(request) {
      return mySubmissions(ctx, caller(request).id);
    },
    async getChallengeRankings(request, reply) {
      const who = await optionalAuth(ctx, request, { csrf: false });
      const q = request.query;
      const served = await servedRankings(ctx, { ...q, offset: q.offset ?? 0, limit: q.limit ?? 50 }, who?.user.id ?? null);
      if ('answer' in served) return served.answer;
      // The page everyone sees, as serialized once: a reader holding this version gets 304.
      const { body, etag } = served.json;
      void reply.header('etag', etag).header('cache-control', 'no-cache').header('vary', 'authorization');
      if (request.headers['if-none-match']?.split(/\s*,\s*/).includes(etag)) return reply.code(304).send();
      return reply.type('application/json; charset=utf-8').send(body);
    },
    async findOnChallengeBoard(request) {
      const who = await optionalAuth(ctx, request, { csrf: false });
      const q = request.query;
      return findOnBoard(ctx, { ...q, limit: q.limit ?? 50 }, who?.user.id ?? null);
    },
    async listDeletedChallenges() {
      return listDeleted(ctx);
    },
    async deleteChallenge(request) {
      return deleteChallenge(ctx, caller(request).id, request.params.challengeId, request.body.deletion_reason);
    },
    async getChallenge(request) {
      const who = await optionalAuth(ctx, request, { csrf: false });
      const challenge = await getChallenge(
        ctx,
        request.params.challengeId,
        who ? { id: who.user.id, isAdmin: isAdminRole(who.user.role) } : null,
      );
      recordChallengeView(
        ctx,
        request.params.challengeId,
        who ? { userId: who.user.id } : { ip: request.ip, userAgent: String(request.headers['user-agent'] ?? '') },
      );
      return challenge;
    },
    async updateChallenge(request) {
      return updateChallenge(ctx, caller(request), request.params.challengeId, request.body);
    },
    async joinChallenge(request) {
      return joinChallenge(ctx, caller(request).id, request.params.challengeId, request.body);
    },
    async countChallengeParticipants(request) {
      return countParticipants(ctx, request.params.challengeId);
    },
    async submitScore(request, reply) {
      const result = await submitScore(ctx, caller(request).id, request.params.challengeId, request.body as Record<string, unknown>);
      return reply.code(201).send(result);
    },
    async getScoreHistory(request) {
      return scoreHistory(ctx, request.params.challengeId);
    },
    async deleteScore(request) {
      return deleteScore(ctx, caller(request), request.params.challengeId, request.params.scoreId);
    },
    async reviewScore(request) {
      return reviewScore(ctx, request.params.scoreId, request.body.decision, request.body.reason);
    },
    async listScoresForReview() {
      return listPendingScores(ctx);
    },
    async listChallengeTeams(request) {
      return listTeams(ctx, request.params.challengeId);
    },
    async getGymRankings(request) {
      const who = await optionalAuth(ctx, request, { csrf: false });
      const q = request.query;
      return gymRankings(ctx, request.params.challengeId, { offset: q.offset ?? 0, limit: q.limit ?? 50 }, who?.user.id ?? null);
    },
    async getAllianceRankings(request) {
      const who = await optionalAuth(ctx, request, { csrf: false });
      const q = request.query;
      return allianceRankings(ctx, request.params.challengeId, { offset: q.offset ?? 0, limit: q.limit ?? 50 }, who?.user.id ?? null);
    },
    async getTeamRankings(request) {
      const who = await optionalAuth(ctx, request, { csrf: false });
      const q = request.query;
      return teamRankings(ctx, request.params.challengeId, { offset: q.offset ?? 0, limit: q.limit ?? 50 }, who?.user.id ?? null);
    },
    async findOnTeamBoard(request) {
      const who = await optionalAuth(ctx, request, { csrf: false });
      const q = request.query;
      return findOnTeamBoard(ctx, request.params.challengeId, { ...q, limit: q.limit ?? 50 }, who?.user.id ?? null);
    },
  };
}
