import type { AppContext } from '#server/context.ts';
import * as moderation from './moderation.ts';
import * as appeals from './moderation-appeals.ts';
import type { Handlers } from '#server/lib/handler-types.ts';

type ModerationOps =
  | 'reportContent'
  | 'listMyModerationDecisions'
  | 'appealModerationDecision'
  | 'listModerationQueue'
  | 'moderateItem'
  | 'listModerationActions'
  | 'decideModerationAppeal';

export function moderationHandlers(ctx: AppContext): Handlers<ModerationOps> {
  return {
    async reportContent(request, reply) {
      return reply.code(201).send(await moderation.reportContent(ctx, request.auth!.user.id, request.body));
    },
    async listMyModerationDecisions(request) {
      return appeals.myDecisions(ctx, request.auth!.user.id);
    },
    async appealModerationDecision(request, reply) {
      return reply.code(201).send(await appeals.appeal(ctx, request.auth!.user.id, request.params.actionId, request.body.reason));
    },
    async listModerationQueue() {
      return moderation.queue(ctx);
    },
    async moderateItem(request) {
      return moderation.moderate(ctx, request.auth!.user, request.params.kind, request.params.itemId, request.body);
    },
    async listModerationActions() {
      return appeals.actionsOverview(ctx);
    },
    async decideModerationAppeal(request) {
      return appeals.decideAppeal(ctx, request.auth!.user, request.params.appealId, request.body);
    },
  };
}
