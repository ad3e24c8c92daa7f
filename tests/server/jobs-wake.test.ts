import { setTimeout as sleep } from 'node:timers/promises';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jobs } from '#server/db/schema.ts';
import { rowsOf } from '#server/db/rows.ts';
import { enqueueJob, startJobWorker } from '#server/lib/jobs.ts';
import { TEST_SLEEP_JOB } from '#server/lib/test-hooks.ts';
import { createTestApp, databaseKinds } from './helpers.ts';

/** Waits (real time) until `check` holds. */
async function until(check: () => Promise<boolean> | boolean, what: string, ms = 10_000) {
  const deadline = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await sleep(10);
  }
}

// A worker that may poll every 100 ms but sleeps up to a minute while idle: what it runs within seconds here, it was
// woken for (a job added, its due time, the test clock moved), not found on a poll.
const EVERY_MS = 100;
const IDLE_MS = 60_000;

describe.each(databaseKinds)('an idle job worker on %s', (kind) => {
  let t: Awaited<ReturnType<typeof createTestApp>>;
  beforeAll(async () => {
    // The server's own clock, movable through PUT /api/test-clock as in the end-to-end tests (not the TestClock).
    t = await createTestApp(
      kind,
      { jobsPollMs: EVERY_MS, jobsIdlePollMs: IDLE_MS, testClock: true, nodeId: 'node-wake' },
      { rateLimit: false, now: undefined },
    );
  });
  afterAll(async () => t.close());

  const stateOf = async (id: number) =>
    (await rowsOf<{ state: string }>(t.context.database.db, sql`select state from jobs where id = ${id}`))[0]?.state;

  it('sleeps while idle, and runs a job queued in a transaction once it commits, and one due later at its time', async () => {
    // A second worker on the same database (its own context, so its own worker) counts its polls through its sweep.
    const ctx = { ...t.context };
    let polls = 0;
    const ran = new Map<string, number>();
    const stop = startJobWorker(
      ctx,
      EVERY_MS,
      { 'test.wake': async (_c, payload) => void ran.set(String(payload.name), Date.now()) },
      async () => void polls++,
      IDLE_MS,
    );
    try {
      await until(() => polls >= 1, 'the first poll');
      const first = polls;
      await sleep(1500);
      // Polling every 100 ms would have made about 15 more polls; an idle one makes none (but for a job added elsewhere).
      expect(polls - first).toBeLessThanOrEqual(2);

      let committedAt = 0;
      await ctx.database.db.transaction(async (tx) => {
        await enqueueJob(tx, 'test.wake', { name: 'queued' }, ctx.now());
        await sleep(300);
        committedAt = Date.now();
      });
      await until(() => ran.has('queued'), 'the queued job to run');
      expect(ran.get('queued')! - committedAt).toBeLessThan(5000);

      const insertedAt = Date.now();
      await ctx.database.db
        .insert(jobs)
        .values({ kind: 'test.wake', payload: { name: 'later' }, runAt: new Date(ctx.now().getTime() + 1500), createdAt: ctx.now() });
      await until(() => ran.has('later'), 'the later job to run');
      expect(ran.get('later')! - insertedAt).toBeGreaterThanOrEqual(1400);
      expect(ran.get('later')! - insertedAt).toBeLessThan(6000);
    } finally {
      stop();
    }
  }, 30_000);

  it('runs a job queued through the API at once', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/test-jobs', payload: { ms: 0 } });
    expect(res.statusCode).toBe(201);
    const id = res.json().id as number;
    await until(async () => (await stateOf(id)) === 'done', 'the queued job to run', 5000);
  }, 30_000);

  it('runs a job the moved test clock made due at once', async () => {
    const now = t.context.now();
    const [row] = await t.context.database.db
      .insert(jobs)
      .values({ kind: TEST_SLEEP_JOB, payload: { ms: 0 }, runAt: new Date(now.getTime() + 3_600_000), createdAt: now })
      .returning({ id: jobs.id });
    // Added (and so woken for) but not due: the worker sleeps its longest, with the due time an hour away.
    await sleep(1000);
    expect(await stateOf(row!.id)).toBe('queued');
    try {
      const moved = await t.app.inject({ method: 'PUT', url: '/api/test-clock', payload: { offset_ms: 2 * 3_600_000 } });
      expect(moved.statusCode).toBe(200);
      await until(async () => (await stateOf(row!.id)) === 'done', 'the job the clock made due to run', 5000);
    } finally {
      await t.app.inject({ method: 'PUT', url: '/api/test-clock', payload: { offset_ms: 0 } });
    }
  }, 30_000);
});
