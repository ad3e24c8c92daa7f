import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { rowsOf } from '#server/db/rows.ts';
import { claimJob, enqueueJob, JOB_LEASE_MS, JOB_MAX_ATTEMPTS, runDueJobs } from '#server/lib/jobs.ts';
import { createTestApp, databaseKinds } from './helpers.ts';

describe.each(databaseKinds)('the shared jobs table on %s', (kind) => {
  let t: Awaited<ReturnType<typeof createTestApp>>;
  beforeAll(async () => {
    t = await createTestApp(kind);
  });
  afterAll(async () => t.close());
  const db = () => t.context.database.db;
  const states = async (k: string) =>
    rowsOf<{ state: string; attempts: number }>(db(), sql`select state, attempts from jobs where kind = ${k} order by id`);

  it('gives each due job to one worker only, even when several claim at once', async () => {
    for (let i = 0; i < 5; i++) await enqueueJob(db(), 'test.once', { i }, t.clock.now());
    const claims = await Promise.all(Array.from({ length: 8 }, () => claimJob(db(), t.clock.now(), ['test.once'])));
    const ids = claims.filter((c) => c !== null).map((c) => c.id);
    expect(new Set(ids).size).toBe(ids.length);
    // Whatever was not claimed in that race is claimed next; nothing twice.
    for (;;) {
      const next = await claimJob(db(), t.clock.now(), ['test.once']);
      if (!next) break;
      expect(ids).not.toContain(next.id);
      ids.push(next.id);
    }
    expect(ids).toHaveLength(5);
    // Workers that died (no heartbeat): their jobs are taken again once the leases lapse.
    t.clock.advance(JOB_LEASE_MS + 1000);
    let reran = 0;
    expect(await runDueJobs(t.context, { 'test.once': async () => void (reran += 1) })).toBe(5);
    expect(reran).toBe(5);
  });

  it('retries a failing job with back-off, then marks it failed with the error', async () => {
    await enqueueJob(db(), 'test.flaky', {}, t.clock.now());
    let runs = 0;
    const handlers = {
      'test.flaky': async () => {
        runs += 1;
        throw new Error('ffmpeg vanished');
      },
    };
    expect(await runDueJobs(t.context, handlers)).toBe(1);
    expect(await states('test.flaky')).toEqual([{ state: 'queued', attempts: 1 }]);
    // Not due again until the back-off has passed.
    expect(await runDueJobs(t.context, handlers)).toBe(0);
    for (let i = 1; i < JOB_MAX_ATTEMPTS; i++) {
      t.clock.advance(10 * 60_000);
      await runDueJobs(t.context, handlers);
    }
    expect(runs).toBe(JOB_MAX_ATTEMPTS);
    expect(await states('test.flaky')).toEqual([{ state: 'failed', attempts: JOB_MAX_ATTEMPTS }]);
    const [row] = await rowsOf<{ last_error: string }>(db(), sql`select last_error from jobs where kind = 'test.flaky'`);
    expect(row!.last_error).toBe('ffmpeg vanished');
  });
});
