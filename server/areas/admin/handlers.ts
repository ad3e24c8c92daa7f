import type { AppContext } from '#server/context.ts';
import { optionalAuth, requestMeta } from '../auth/index.ts';
import * as errors from './admin-errors.ts';
import { SourceMaps, sourceMapsDir } from './admin-errors-sourcemaps.ts';
import * as security from './admin-security.ts';
import * as rateLimits from './admin-rate-limits.ts';
import { dashboard } from './admin-dashboard.ts';
import type { Handlers } from '#server/lib/handler-types.ts';
import { ApiError } from '#server/errors.ts';

export const RATE_LIMIT_ADMIN_TEXT = 'Only an administrator can change a rate limit.';

type AdminOps =
  | 'reportFrontendError'
  | 'listErrorGroups'
  | 'getErrorGroup'
  | 'setErrorGroupStatus'
  | 'listAuthEvents'
  | 'listSecurityAlerts'
  | 'getSecuritySummary'
  | 'revokeAllSessions'
  | 'listRateLimits'
  | 'setRateLimit'
  | 'getAdminDashboard';

export function adminHandlers(ctx: AppContext): Handlers<AdminOps> {
  const db = () => ctx.database.db;
  let maps: SourceMaps | null = null;
  const withOriginal = async <T extends { stack: string | null }>(group: T) => {
    maps ??= new SourceMaps(sourceMapsDir(ctx.config.clientDir));
    return { ...group, original_stack: await maps.map(group.stack) };
  };
  return {
    async reportFrontendError(request, reply) {
      const caller = await optionalAuth(ctx, request, { csrf: true });
      await errors.recordError(db(), request.body, 'client', caller?.user.id ?? null, ctx.now());
      return reply.code(202).send({ recorded: true });
    },
    async listErrorGroups(request) {
      const q = request.query;
      return errors.listGroups(db(), { status: q.status, page: q.page ?? 1, page_size: q.page_size ?? 20 }, ctx.now());
    },
    async getErrorGroup(request) {
      return withOriginal(await errors.groupDetail(db(), request.params.groupId, ctx.now()));
    },
    async setErrorGroupStatus(request) {
      return withOriginal(await errors.setGroupStatus(db(), request.params.groupId, request.body.status, request.auth!.user.id, ctx.now()));
    },
    async listAuthEvents(request) {
      const q = request.query;
      return security.listEvents(db(), { kind: q.kind, user_id: q.user_id, ip: q.ip, page: q.page ?? 1, page_size: q.page_size ?? 25 });
    },
    async listSecurityAlerts() {
      return security.listAlerts(db(), ctx.now());
    },
    async getSecuritySummary(request) {
      return security.summary(db(), request.query, ctx.now());
    },
    async revokeAllSessions(request) {
      return security.revokeAllSessions(ctx, request.auth!.user, request.params.userId, requestMeta(request), request.body?.reason);
    },
    async listRateLimits() {
      return rateLimits.overview(ctx);
    },
    async setRateLimit(request) {
      if (request.auth!.user.role !== 'administrator') throw new ApiError(403, RATE_LIMIT_ADMIN_TEXT);
      await rateLimits.rateLimitsOf(ctx).set(request.params.group, request.body.max, request.auth!.user.id);
      return rateLimits.overview(ctx);
    },
    async getAdminDashboard() {
      return dashboard(ctx);
    },
  };
}
