import type { AppContext } from '#server/context.ts';
import * as settings from './settings.ts';
import type { Handlers } from '#server/lib/handler-types.ts';

type SettingsOps = 'getMySettings' | 'updateMySettings' | 'listMySessions' | 'signOutSession' | 'signOutOtherSessions';

export function settingsHandlers(ctx: AppContext): Handlers<SettingsOps> {
  return {
    async getMySettings(request) {
      return settings.getSettings(ctx, request.auth!.user.id);
    },
    async updateMySettings(request) {
      return settings.updateSettings(ctx, request.auth!.user.id, request.body);
    },
    async listMySessions(request) {
      return settings.listSessions(ctx, request.auth!.user.id, request.auth!.session.id);
    },
    async signOutSession(request, reply) {
      await settings.signOutSession(ctx, request.auth!.user.id, request.auth!.session.id, request.params.sessionId);
      return reply.code(204).send();
    },
    async signOutOtherSessions(request) {
      return settings.signOutOthers(ctx, request.auth!.user.id, request.auth!.session.id);
    },
  };
}
