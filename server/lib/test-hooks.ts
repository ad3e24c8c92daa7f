import { setTimeout as sleep } from 'node:timers/promises';
import type { FastifyInstance } from 'fastify';
import { sql } from 'drizzle-orm';
import type { AppContext } from '../context.ts';
import { rowsOf } from '../db/rows.ts';
import { enqueueJob, type JobHandlers } from './jobs.ts';

/** A job that only waits (TEST_CLOCK servers only): what the shutdown test stops the server during. */
export const TEST_SLEEP_JOB = 'test.sleep';
const MAX_SLEEP_MS = 120_000;

const sleepMs = (raw: unknown) => {
  const ms = Number(raw);
  return Number.isSafeInteger(ms) && ms >= 0 && ms <= MAX_SLEEP_MS ? ms : null;
};

export const testJobHandlers: JobHandlers = {
  [TEST_SLEEP_JOB]: async (_ctx, payload, job) => {
    await sleep(sleepMs(payload.ms) ?? 0, undefined, { signal: job.signal }).catch(() => {});
  },
};

/**
 * Routes for end-to-end and process tests, registered only with TEST_CLOCK=1 (never in production):
 * a slow job to queue and watch, and a slow request, so a test can stop the server while both run.
 */
export function registerTestHooks(app: FastifyInstance, ctx: AppContext, prefix: string) {
  const tooLong = { detail: `ms must be a whole number of milliseconds up to ${MAX_SLEEP_MS}.` };
  app.post<{ Body: { ms?: unknown } }>(`${prefix}/api/test-jobs`, async (request, reply) => {
    const ms = sleepMs(request.body?.ms);
    if (ms === null) return reply.code(400).send(tooLong);
    return reply.code(201).send({ id: await enqueueJob(ctx.database.db, TEST_SLEEP_JOB, { ms }, ctx.now()) });
  });
  app.get<{ Params: { id: string } }>(`${prefix}/api/test-jobs/:id`, async (request, reply) => {
    const id = Number(request.params.id);
    if (!Number.isSafeInteger(id)) return reply.code(400).send({ detail: 'The job id must be a whole number.' });
    const [row] = await rowsOf(ctx.database.db, sql`select state, attempts, locked_by from jobs where id = ${id}`);
    return row ?? reply.code(404).send({ detail: 'No such job.' });
  });
  app.get<{ Querystring: { ms?: string } }>(`${prefix}/api/test-sleep`, async (request, reply) => {
    const ms = sleepMs(request.query.ms);
    if (ms === null) return reply.code(400).send(tooLong);
    await sleep(ms);
    return { slept_ms: ms };
  });
}
