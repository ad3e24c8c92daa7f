import type { FastifyRequest } from 'fastify';
import type { AppContext } from '#server/context.ts';
import * as claims from './claims.ts';
import { uploadHistoricalResults } from './historical.ts';
import type { Handlers } from '#server/lib/handler-types.ts';

type AthleteImportOps =
  'uploadHistoricalResults' | 'searchClaimableResults' | 'createClaims' | 'listMyClaims' | 'listClaimsForReview' | 'reviewClaim';

const callerId = (request: FastifyRequest) => request.auth!.user.id;

/** Historical results (CSV upload by admins) and athletes' claims on them. */
export function athleteImportHandlers(ctx: AppContext): Handlers<AthleteImportOps> {
  return {
    async uploadHistoricalResults(request, reply) {
      const { status, report } = await uploadHistoricalResults(ctx, callerId(request), request.body);
      return reply.code(status).send(report);
    },
    async searchClaimableResults(request) {
      const q = request.query;
      return claims.searchClaimableResults(ctx, callerId(request), { name: q.name, offset: q.offset ?? 0, limit: q.limit ?? 50 });
    },
    async createClaims(request, reply) {
      return reply.code(201).send(await claims.createClaims(ctx, callerId(request), request.body));
    },
    async listMyClaims(request) {
      return claims.listMyClaims(ctx, callerId(request));
    },
    async listClaimsForReview(request) {
      const q = request.query;
      return claims.listClaimsForReview(ctx, { status: q.status, offset: q.offset ?? 0, limit: q.limit ?? 50 });
    },
    async reviewClaim(request) {
      return claims.reviewClaim(ctx, callerId(request), request.params.claimId, request.body);
    },
  };
}
