import type { AppContext } from '#server/context.ts';
import type { Handlers, ResponseBody } from '#server/lib/handler-types.ts';

export function systemHandlers(ctx: AppContext): Handlers<'getHealth'> {
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
  };
}
