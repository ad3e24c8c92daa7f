import type { FastifyRequest } from 'fastify';
import type { AppContext } from '#server/context.ts';
import { claimedUserId, optionalAuth, optionalAuthAnd, isAdminRole } from '../auth/index.ts';
import { promoteChallenges, recordCampaignJoin, viewerKey } from '../creators/index.ts';
import { allianceNamesBoard, allianceRankings } from './alliance-board.ts';
import { servedRankings, viewerRowColumn } from './board-pages.ts';
import { createChallenge, deleteChallenge, getChallenge, listDeleted, updateChallenge } from './crud.ts';
import { discover, myCreated, myParticipating, recommendations } from './discovery.ts';
import { findOnBoard } from './find.ts';
import { gymRankings } from './gym-board.ts';
import { mySubmissions, scoreHistory } from './history.ts';
import { athleteChallengeResults } from './profile-results.ts';
import { homeFeed } from './home.ts';
import { countParticipants, joinChallenge } from './join.ts';
import { deleteScore, listPendingScores, reviewScore } from './review.ts';
import { submitScore } from './submission.ts';
import { placeInChallenge } from './places.ts';
import { findOnTeamBoard } from './team-find.ts';
import { listTeams, teamRankings } from './teams.ts';
import { whenAnswered } from '#server/lib/background.ts';
import { recordChallengeView } from '#server/lib/bi-record.ts';
import type { Handlers } from '#server/lib/handler-types.ts';
import { idempotencyOf } from '#server/lib/idempotency.ts';
import { rememberKeptAddress, sendKept, sendKeptBoard, sendKeptWith } from '#server/lib/boards/send-kept.ts';
import { boardCacheOf } from '#server/lib/boards/board-cache.ts';
import { syncBegun } from '#server/lib/boards/writer-sync.ts';

type ChallengeOps =
  | 'createChallenge'
  | 'discoverChallenges'
  | 'getHomeFeed'
  | 'listArchivedChallenges'
  | 'listMyParticipatingChallenges'
  | 'listMyCreatedChallenges'
  | 'recommendChallenges'
  | 'listMySubmissions'
  | 'listAthleteChallengeResults'
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

/** What another area may hear of a score, wired by the composition root (server/handlers.ts). */
export interface ChallengeHooks {
  /** A score was stored and answered (commentary on the board's moves); runs after the answer is built and must not wait. */
  scoreSubmitted?: (score: { challengeId: number; userId: number; scoreId: number; isBest: boolean; scoreText: string }) => void;
}

export function challengeHandlers(ctx: AppContext, hooks: ChallengeHooks = {}): Handlers<ChallengeOps> {
  return {
    async createChallenge(request, reply) {
      return reply.code(201).send(await createChallenge(ctx, caller(request).id, request.body, caller(request)));
    },
    async discoverChallenges(request) {
      const page = await discover(ctx, { ...request.query, limit: request.query.limit ?? 20 });
      // Challenges a running campaign promotes are labelled, and each shown one counts an impression (creators area).
      const who = await optionalAuth(ctx, request, { csrf: false });
      const viewer = viewerKey(who?.user.id ?? null, request.ip, request.headers['user-agent']);
      const promoted = await promoteChallenges(
        ctx,
        page.items.map((c) => c.id),
        viewer,
      );
      return { ...page, items: page.items.map((c) => (promoted.has(c.id) ? { ...c, promotion: { campaign: promoted.get(c.id)! } } : c)) };
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
    async listAthleteChallengeResults(request) {
      const who = await optionalAuth(ctx, request, { csrf: false });
      return athleteChallengeResults(ctx, request.params.userId, who?.user.id ?? null);
    },
    async getChallengeRankings(request, reply) {
      const q = { ...request.query, offset: request.query.offset ?? 0, limit: request.query.limit ?? 50 };
      // The viewer's own row is read in the session check's statement (one round trip for both), the page beside it
      // (kept, or read); answered only once the check has passed.
      const claimed = await claimedUserId(ctx, request);
      const checked = optionalAuthAnd(ctx, request, { csrf: false }, claimed === null ? null : viewerRowColumn(ctx, q, claimed));
      const [{ auth: who }, served] = await Promise.all([
        checked,
        servedRankings(
          ctx,
          q,
          claimed,
          checked.then((c) => c.also),
        ),
      ]);
      if ((who?.user.id ?? null) !== claimed) throw new Error('The session checked is not the account the token names.');
      // A signed-in reader's answer: the kept page's bytes with their own row set in, when only that differs.
      if ('answer' in served)
        return served.page ? sendKeptWith(request, reply, served.page, 'me', served.answer.me, served.answer) : served.answer;
      // The page everyone sees, as serialized and compressed once: a reader holding this version gets 304.
      if (served.key) rememberKeptAddress(ctx, request, served.key);
      return sendKept(request, reply, served.json, ['authorization']);
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
      const { campaign, ...input } = request.body;
      const joined = await joinChallenge(ctx, caller(request).id, request.params.challengeId, input);
      // After the join has committed: a join through a promotion counts for its campaign, and never undoes the join.
      await recordCampaignJoin(ctx, request.params.challengeId, caller(request).id, campaign).catch((error: unknown) =>
        request.log.warn({ err: error }, 'campaign join not counted'),
      );
      return joined;
    },
    async countChallengeParticipants(request) {
      return countParticipants(ctx, request.params.challengeId);
    },
    async submitScore(request, reply) {
      const body = request.body as Record<string, unknown>;
      const { challengeId } = request.params;
      const idempotent = idempotencyOf(request, 'submitScore', { challengeId, body });
      const userId = caller(request).id;
      const stored = await submitScore(ctx, userId, challengeId, body, idempotent);
      // Committed: the wait for the change to reach this node's board cache runs beside the place's read.
      const sync = boardCacheOf(ctx)?.sync(ctx.database);
      if (sync) syncBegun(request, sync);
      // The place that names its board, read once the score has committed (a held score has none).
      // (An idempotent call keeps its place in its kept answer, so a replay answers byte for byte.)
      const result =
        'place' in stored
          ? stored
          : { ...stored, place: stored.rank === null ? null : await placeInChallenge(ctx.database.db, challengeId, userId) };
      // The hook (commentary) starts once the answer has gone out: it waits in onSend for its board's NOTIFY round trip.
      const move = { challengeId, userId, scoreId: result.score.id, isBest: result.is_best, scoreText: result.score.display };
      if (hooks.scoreSubmitted)
        whenAnswered(
          reply.raw,
          () => hooks.scoreSubmitted!(move),
          (error) => request.log.error({ err: error }, 'score hook failed'),
        );
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
    async getGymRankings(request, reply) {
      const who = await optionalAuth(ctx, request, { csrf: false });
      const id = request.params.challengeId;
      const page = { offset: request.query.offset ?? 0, limit: request.query.limit ?? 50 };
      if (who) return gymRankings(ctx, id, page, who.user.id);
      // What a visitor sees is kept until the board changes (on any node), and sent with its ETag and compressed bodies.
      return sendKeptBoard(ctx, request, reply, `gym-board:${id}:${page.offset}:${page.limit}`, [id], async () => ({
        answer: await gymRankings(ctx, id, page, null),
      }));
    },
    async getAllianceRankings(request, reply) {
      const who = await optionalAuth(ctx, request, { csrf: false });
      const id = request.params.challengeId;
      const page = { offset: request.query.offset ?? 0, limit: request.query.limit ?? 50 };
      if (who) return allianceRankings(ctx, id, page, who.user.id);
      // What a visitor sees is kept until the board changes or what it names does (an alliance, its teams; on any
      // node: migration 0077), and sent with its ETag and compressed bodies.
      const boards = [id, allianceNamesBoard(id)];
      return sendKeptBoard(ctx, request, reply, `alliance-board:${id}:${page.offset}:${page.limit}`, boards, async () => ({
        answer: await allianceRankings(ctx, id, page, null),
      }));
    },
    async getTeamRankings(request, reply) {
      const who = await optionalAuth(ctx, request, { csrf: false });
      const id = request.params.challengeId;
      const page = { offset: request.query.offset ?? 0, limit: request.query.limit ?? 50 };
      if (who) return teamRankings(ctx, id, page, who.user.id);
      // What a visitor sees is kept until the board changes (on any node), and sent with its ETag and compressed bodies.
      return sendKeptBoard(ctx, request, reply, `team-board:${id}:${page.offset}:${page.limit}`, [id], async () => ({
        answer: await teamRankings(ctx, id, page, null),
      }));
    },
    async findOnTeamBoard(request) {
      const who = await optionalAuth(ctx, request, { csrf: false });
      const q = request.query;
      return findOnTeamBoard(ctx, request.params.challengeId, { ...q, limit: q.limit ?? 50 }, who?.user.id ?? null);
    },
  };
}
