import type { AppContext } from '#server/context.ts';
import * as achievements from './achievements.ts';
import type { Handlers } from '#server/lib/handler-types.ts';

type RealtimeOps = 'listMyAchievements' | 'takeMyAchievementPopups' | 'listMyStreaks' | 'setMyTimeZone';

export function realtimeHandlers(ctx: AppContext): Handlers<RealtimeOps> {
  return {
    async listMyAchievements(request) {
      return achievements.listAchievements(ctx, request.auth!.user.id);
    },
    async takeMyAchievementPopups(request) {
      return achievements.takePopups(ctx, request.auth!.user.id);
    },
    async listMyStreaks(request) {
      return achievements.myStreaks(ctx, request.auth!.user.id);
    },
    async setMyTimeZone(request) {
      return achievements.updateTimeZone(ctx, request.auth!.user.id, request.body.time_zone);
    },
  };
}
