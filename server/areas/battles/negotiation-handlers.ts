import type { AppContext } from '#server/context.ts';
import type { Handlers } from '#server/lib/handler-types.ts';
import { optionalAuth } from '../auth/index.ts';
import { answerPact, declareImmunity, getNegotiation, proposePact } from './negotiation.ts';

export type NegotiationOps = 'getSquadNegotiation' | 'proposePact' | 'answerPact' | 'useImmunityToken';

/** The negotiation calls of a squad battle (openapi/battles-negotiation.yaml). */
export function negotiationHandlers(ctx: AppContext): Handlers<NegotiationOps> {
  return {
    async getSquadNegotiation(request) {
      const viewer = (await optionalAuth(ctx, request, { csrf: false }))?.user.id ?? null;
      return getNegotiation(ctx, request.params.battleId, viewer);
    },
    async proposePact(request, reply) {
      return reply.code(201).send(await proposePact(ctx, request.params.battleId, request.auth!.user.id, request.body));
    },
    async answerPact(request) {
      const p = request.params;
      return answerPact(ctx, p.battleId, request.auth!.user.id, p.pactId, p.answer);
    },
    async useImmunityToken(request, reply) {
      return reply.code(201).send(await declareImmunity(ctx, request.params.battleId, request.auth!.user.id, request.body.user_id));
    },
  };
}
