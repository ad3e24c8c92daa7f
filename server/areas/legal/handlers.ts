import type { AppContext } from '#server/context.ts';
import * as legal from './legal.ts';
import type { Handlers } from '#server/lib/handler-types.ts';

type LegalOps =
  | 'getCurrentLegalDocument'
  | 'publishLegalDocument'
  | 'getMyWaiverStatus'
  | 'signWaiver'
  | 'listChallengeWaiverSignatures'
  | 'getMyConsentHistory'
  | 'acceptConsents'
  | 'getPendingConsents';

export function legalHandlers(ctx: AppContext): Handlers<LegalOps> {
  const db = () => ctx.database.db;
  return {
    async getCurrentLegalDocument(request) {
      return legal.presentDocument(await legal.currentDocument(db(), request.params.kind));
    },
    async publishLegalDocument(request, reply) {
      const doc = await legal.publishDocument(db(), request.params.kind, request.body, request.auth!.user.id, ctx.now());
      return reply.code(201).send(doc);
    },
    async getMyWaiverStatus(request) {
      return legal.waiverStatus(db(), request.auth!.user.id);
    },
    async signWaiver(request, reply) {
      const signature = await legal.signWaiver(db(), request.auth!.user.id, request.body, request.ip, ctx.now());
      return reply.code(201).send(signature);
    },
    async listChallengeWaiverSignatures(request) {
      return legal.challengeWaiverSignatures(db(), request.params.challengeId);
    },
    async getMyConsentHistory(request) {
      return legal.consentHistory(db(), request.auth!.user.id);
    },
    async acceptConsents(request, reply) {
      const history = await legal.acceptConsents(db(), request.auth!.user.id, request.body.accept, request.ip, ctx.now());
      return reply.code(201).send(history);
    },
    async getPendingConsents(request) {
      return legal.pendingConsents(db(), request.auth!.user.id);
    },
  };
}
