import type { AppContext } from '#server/context.ts';
import { getVideoRule, grantCertificate, myJudgeStatus, setVideoRule } from './judging.ts';
import {
  appealVerdict,
  claimSubmission,
  confirmVerdict,
  giveVerdict,
  judgingQueue,
  judgingSubmission,
  myJudgedScores,
} from './judging-verdicts.ts';
import { battleAttemptQueue, judgeBattleAttempt } from './judging-battles.ts';
import { createTestClip, judgingTest, takeJudgingTest } from './judging-test.ts';
import type { Handlers } from '#server/lib/handler-types.ts';

type JudgingOps =
  | 'getChallengeVideoRule'
  | 'setChallengeVideoRule'
  | 'getMyJudgeStatus'
  | 'grantJudgeCertificate'
  | 'listJudgingQueue'
  | 'listMyJudgedScores'
  | 'getJudgingSubmission'
  | 'claimJudgingSubmission'
  | 'giveJudgingVerdict'
  | 'confirmJudgingVerdict'
  | 'appealJudgingVerdict'
  | 'getJudgingTest'
  | 'takeJudgingTest'
  | 'createJudgingTestClip'
  | 'listJudgingBattleAttempts'
  | 'judgeBattleAttempt';

export function judgingHandlers(ctx: AppContext): Handlers<JudgingOps> {
  return {
    async getChallengeVideoRule(request) {
      return getVideoRule(ctx, request.params.challengeId);
    },
    async setChallengeVideoRule(request) {
      return setVideoRule(ctx, request.auth!.user, request.params.challengeId, request.body);
    },
    async getMyJudgeStatus(request) {
      return myJudgeStatus(ctx, request.auth!.user.id);
    },
    async grantJudgeCertificate(request, reply) {
      return reply.code(201).send(await grantCertificate(ctx, request.auth!.user.id, request.body));
    },
    async listJudgingQueue(request) {
      const q = request.query;
      return judgingQueue(ctx, request.auth!.user.id, { challenge_id: q.challenge_id, offset: q.offset ?? 0, limit: q.limit ?? 25 });
    },
    async listMyJudgedScores(request) {
      return myJudgedScores(ctx, request.auth!.user.id);
    },
    async getJudgingSubmission(request) {
      return judgingSubmission(ctx, request.auth!.user.id, request.params.scoreId);
    },
    async claimJudgingSubmission(request) {
      return claimSubmission(ctx, request.auth!.user.id, request.params.scoreId);
    },
    async giveJudgingVerdict(request) {
      return giveVerdict(ctx, request.auth!.user.id, request.params.scoreId, request.body);
    },
    async confirmJudgingVerdict(request) {
      return confirmVerdict(ctx, request.auth!.user.id, request.params.scoreId, request.body);
    },
    async appealJudgingVerdict(request) {
      return appealVerdict(ctx, request.auth!.user.id, request.params.scoreId, request.body);
    },
    async listJudgingBattleAttempts(request) {
      return battleAttemptQueue(ctx, request.auth!.user.id, { offset: request.query.offset ?? 0, limit: request.query.limit ?? 25 });
    },
    async judgeBattleAttempt(request) {
      return judgeBattleAttempt(ctx, request.auth!.user.id, request.params.attemptId, request.body);
    },
    async getJudgingTest(request) {
      return judgingTest(ctx, request.auth!.user.id);
    },
    async takeJudgingTest(request) {
      return takeJudgingTest(ctx, request.auth!.user.id, request.body);
    },
    async createJudgingTestClip(request, reply) {
      return reply.code(201).send(await createTestClip(ctx, request.auth!.user.id, request.body));
    },
  };
}
