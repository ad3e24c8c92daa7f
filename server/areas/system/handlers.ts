import type { AppContext } from '#server/context.ts';
import { migrationsApplied } from '#server/db/migration-state.ts';
import { jobRunnerState } from '#server/lib/jobs.ts';
import { isDraining } from '#server/lib/shutdown.ts';
import type { Handlers, ResponseBody } from '#server/lib/handler-types.ts';

type ReadinessChecks = ResponseBody<'getReadiness', 200>['checks'];

export function systemHandlers(ctx: AppContext): Handlers<'getHealth' | 'getReadiness'> {
  return {
    async getHealth(_request, reply) {
      try {
        await ctx.database.ping();
      } catch (error) {
        reply.log.error({ err: error }, 'database ping failed');
        return reply.code(503).send({ detail: 'The database is not answering.' });
      }
      const body: ResponseBody<'getHealth', 200> = { status: 'ok', database: ctx.database.kind };
      return body;
    },
    async getReadiness(_request, reply) {
      const checks: ReadinessChecks = { database: 'ok', migrations: 'unknown', jobs: jobRunnerState(ctx), draining: isDraining(ctx) };
      try {
        await ctx.database.ping();
        checks.migrations = (await migrationsApplied(ctx.database.db)) ? 'ok' : 'pending';
      } catch (error) {
        reply.log.warn({ err: error }, 'readiness: database check failed');
        checks.database = 'unreachable';
      }
      const reasons = [
        checks.draining ? 'the server is stopping' : null,
        checks.database !== 'ok' ? 'the database is not answering' : null,
        checks.migrations === 'pending' ? 'database migrations are not all applied' : null,
        checks.jobs === 'starting' || checks.jobs === 'stopped' ? `the job runner is ${checks.jobs}` : null,
      ].filter((r) => r !== null);
      if (reasons.length > 0) {
        return reply
          .code(503)
          .header('retry-after', '5')
          .header('cache-control', 'no-store')
          .send({ detail: `Not ready: ${reasons.join('; ')}.`, checks });
      }
      void reply.header('cache-control', 'no-store');
      const body: ResponseBody<'getReadiness', 200> = { status: 'ready', checks };
      return body;
    },
  };
}
