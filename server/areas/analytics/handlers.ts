import type { AppContext } from '#server/context.ts';
import { myAnalytics } from './analytics.ts';
import type { Handlers } from '#server/lib/handler-types.ts';

type AnalyticsOps = 'getMyAnalytics';

export function analyticsHandlers(ctx: AppContext): Handlers<AnalyticsOps> {
  return {
    async getMyAnalytics(request) {
      return myAnalytics(ctx, request.auth!.user.id);
    },
  };
}
