import type { FastifyRequest } from 'fastify';
import type { AppContext } from '#server/context.ts';
import { optionalAuth, isAdminRole } from '../auth/index.ts';
import * as profiles from './profiles.ts';
import * as rankings from './rankings.ts';
import { findOnRanks } from './rank-find.ts';
import { keptGlobalRanks, servedGlobalRanks, servedTestBoard } from './ranking-pages.ts';
import { rememberKeptAddress, sendKept } from '#server/lib/boards/send-kept.ts';
import * as records from './records.ts';
import * as catalogue from './tests-catalogue.ts';
import { idempotencyOf } from '#server/lib/idempotency.ts';
import type { Handlers } from '#server/lib/handler-types.ts';

type AthleteOps =
  | 'getMyAthleteProfile'
  | 'updateMyAthleteProfile'
  | 'createMyAthleteProfile'
  | 'getAthleteProfile'
  | 'listAthleteBests'
  | 'getPerformanceHistory'
  | 'getAthleteTimeline'
  | 'submitPersonalRecord'
  | 'listMasterTests'
  | 'listMyPersonalRecords'
  | 'listPendingPersonalRecords'
  | 'approvePersonalRecord'
  | 'rejectPersonalRecord'
  | 'listTests'
  | 'createTest'
  | 'getTest'
  | 'updateTest'
  | 'deleteTest'
  | 'setTestStatus'
  | 'normalizeResult'
  | 'getTestDeepDive'
  | 'getTestLeaderboard'
  | 'getGlobalLeaderboard'
  | 'findOnRanks';

const callerId = (request: FastifyRequest) => request.auth!.user.id;

export function athleteHandlers(ctx: AppContext): Handlers<AthleteOps> {
  /** The signed-in caller of an operation open to everyone, or null. */
  const viewer = async (request: FastifyRequest): Promise<catalogue.Viewer | null> => {
    const who = await optionalAuth(ctx, request, { csrf: false });
    return who ? { id: who.user.id, isAdmin: isAdminRole(who.user.role) } : null;
  };
  const page = (q: { offset?: number; limit?: number }) => ({ offset: q.offset ?? 0, limit: q.limit ?? 50 });

  return {
    async getMyAthleteProfile(request) {
      return profiles.getMyProfile(ctx, callerId(request));
    },
    async updateMyAthleteProfile(request) {
      return profiles.saveMyProfile(ctx, callerId(request), request.body, false);
    },
    async createMyAthleteProfile(request, reply) {
      return reply.code(201).send(await profiles.saveMyProfile(ctx, callerId(request), request.body, true));
    },
    async getAthleteProfile(request) {
      const who = await viewer(request);
      return profiles.getPublicProfile(ctx, request.params.userId, who?.id ?? null, who?.isAdmin ?? false);
    },
    async listAthleteBests(request) {
      return profiles.athleteBests(ctx, request.params.userId, (await viewer(request))?.id ?? null);
    },
    async getPerformanceHistory(request) {
      return profiles.performanceHistory(ctx, request.params.userId, request.query.test_id, (await viewer(request))?.id ?? null);
    },
    async getAthleteTimeline(request) {
      return profiles.timeline(ctx, request.params.userId, request.query.limit ?? 50, (await viewer(request))?.id ?? null);
    },
    async submitPersonalRecord(request, reply) {
      const idempotent = idempotencyOf(request, 'submitPersonalRecord', request.body);
      return reply.code(201).send(await records.submitPersonalRecord(ctx, callerId(request), request.body, idempotent));
    },
    async listMasterTests() {
      return catalogue.listMasterTests(ctx);
    },
    async listMyPersonalRecords(request) {
      return records.myPersonalRecords(ctx, callerId(request), request.query);
    },
    async listPendingPersonalRecords(request) {
      return records.pendingPersonalRecords(ctx, page(request.query), callerId(request));
    },
    async approvePersonalRecord(request) {
      return records.approvePersonalRecord(ctx, callerId(request), request.params.testId);
    },
    async rejectPersonalRecord(request) {
      return records.rejectPersonalRecord(ctx, callerId(request), request.params.testId, request.body.reason);
    },
    async listTests(request) {
      return catalogue.listTests(ctx, request.query, await viewer(request));
    },
    async createTest(request, reply) {
      return reply.code(201).send(await catalogue.createTest(ctx, callerId(request), request.body));
    },
    async getTest(request) {
      return catalogue.getTest(ctx, request.params.testId, await viewer(request));
    },
    async updateTest(request) {
      return catalogue.updateTest(ctx, request.params.testId, request.body);
    },
    async deleteTest(request, reply) {
      await catalogue.deleteTest(ctx, request.params.testId);
      return reply.code(204).send();
    },
    async setTestStatus(request) {
      return catalogue.setTestStatus(ctx, request.params.testId, request.body.status);
    },
    async normalizeResult(request) {
      return catalogue.normalizeResult(ctx, request.params.testId, request.body);
    },
    async getTestDeepDive(request) {
      return rankings.deepDive(ctx, request.params.testId, request.query.sex, await viewer(request));
    },
    async getTestLeaderboard(request) {
      const q = request.query;
      const filters = { sex: q.sex, age_group: q.age_group, bodyweight_class: q.bodyweight_class, gym: q.gym };
      return servedTestBoard(ctx, request.params.testId, filters, page(q), await viewer(request));
    },
    async findOnRanks(request) {
      const q = request.query;
      return findOnRanks(
        ctx,
        {
          testId: q.test_id,
          sex: q.sex,
          age_group: q.age_group,
          bodyweight_class: q.bodyweight_class,
          gym: q.gym,
          q: q.q,
          me: q.me,
          limit: q.limit ?? 50,
        },
        await viewer(request),
      );
    },
    async getGlobalLeaderboard(request, reply) {
      const q = request.query;
      const filters = { sex: q.sex, age_group: q.age_group, gym: q.gym };
      const viewerId = (await viewer(request))?.id ?? null;
      // The page everyone sees, as serialized and compressed once: a reader holding this version gets 304.
      const kept = viewerId === null ? await keptGlobalRanks(ctx, filters, page(q)) : null;
      if (kept) {
        // The next visitor asking this address is answered from the kept page before validation and the handler.
        if (kept.key) rememberKeptAddress(ctx, request, kept.key);
        return sendKept(request, reply, kept.json, ['authorization']);
      }
      return servedGlobalRanks(ctx, filters, page(q), viewerId);
    },
  };
}
