import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import type { AppContext } from '#server/context.ts';
import { rowsOf } from '#server/db/rows.ts';
import {
  claimJob,
  enqueueCoalesced,
  enqueueJob,
  jobWorker,
  JOB_LEASE_MS,
  JOB_DONE_RETENTION_MS,
  JOB_FAILED_RETENTION_MS,
  JOB_MAX_ATTEMPTS,
  pruneFinishedJobs,
  reclaimDeadJobs,
  releaseRunningJobs,
  runDueJobs,
  WORKER_LOST_TEXT,
  type JobHandlers,
} from '#server/lib/jobs.ts';
import { createTestApp, databaseKinds } from './helpers.ts';

interface JobRow {
  state: string;
  attempts: number;
  locked_by: string | null;
  last_error: string | null;
}

/** Waits (real time) until `check` holds. */
async function until(check: () => Promise<boolean>, what: string, ms = 10_000) {
  const deadline = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 10));
  }
}

describe.each(databaseKinds)('jobs that outlive their worker on %s', (kind) => {
  let t: Awaited<ReturnType<typeof createTestApp>>;
  beforeAll(async () => {
    t = await createTestApp(kind, { nodeId: 'node-a' });
  });
  afterAll(async () => t.close());
  const db = () => t.context.database.db;
  const job = async (id: number) =>
    (await rowsOf<JobRow>(db(), sql`select state, attempts, locked_by, last_error from jobs where id = ${id}`))[0]!;
  /** Another server on the same database: its own worker identity, the same clock. */
  const node = (nodeId: string): AppContext => ({ ...t.context, config: { ...t.context.config, nodeId } });

  it('keeps a long job while its worker heartbeats, long past the lease another node would wait out', async () => {
    const id = await enqueueJob(db(), 'test.long', {}, t.clock.now());
    let finish = () => {};
    const handlers: JobHandlers = { 'test.long': () => new Promise<void>((resolve) => (finish = resolve)) };
    jobWorker(t.context).heartbeatMs = 20;
    const run = runDueJobs(t.context, handlers);
    await until(async () => (await job(id)).state === 'running', 'the claim');
    const other = node('node-b');
    for (let i = 0; i < 3; i++) {
      // Most of a lease passes; the heartbeat renews it, so node B finds nothing dead to take.
      t.clock.advance(JOB_LEASE_MS - 10_000);
      const renewedFor = t.clock.now().getTime();
      await until(async () => {
        const [row] = await rowsOf<{ heartbeat_at: string | Date }>(db(), sql`select heartbeat_at from jobs where id = ${id}`);
        return new Date(row!.heartbeat_at).getTime() >= renewedFor;
      }, 'a heartbeat');
      expect(await reclaimDeadJobs(other, handlers)).toBe(0);
      expect(await runDueJobs(other, handlers)).toBe(0);
    }
    expect(await job(id)).toMatchObject({ state: 'running', attempts: 1, locked_by: jobWorker(t.context).workerId });
    finish();
    expect(await run).toBe(1);
    expect(await job(id)).toMatchObject({ state: 'done', attempts: 1, locked_by: null });
  });

  it('puts a job whose worker died back in the queue once its lease lapses, the lost attempt counted, and fails it when out of attempts', async () => {
    const again = await enqueueJob(db(), 'test.crashy', { n: 1 }, t.clock.now());
    // A worker on node C claims it, then its process dies: no heartbeat, no settle.
    expect((await claimJob(db(), t.clock.now(), ['test.crashy'], 'node-c#dead'))?.id).toBe(again);
    const failed: unknown[] = [];
    let ran = 0;
    const handlers: JobHandlers = {
      'test.crashy': { run: async () => void (ran += 1), failed: async (_ctx, payload, reason) => void failed.push({ payload, reason }) },
    };
    // Within the lease nobody may take it: the worker might still be alive.
    t.clock.advance(JOB_LEASE_MS - 1000);
    expect(await runDueJobs(node('node-b'), handlers)).toBe(0);
    t.clock.advance(2000);
    expect(await runDueJobs(node('node-b'), handlers)).toBe(1);
    expect(ran).toBe(1);
    expect(await job(again)).toMatchObject({ state: 'done', attempts: 2 });

    // A job that killed its worker on every attempt fails for good, and its kind is told.
    const doomed = await enqueueJob(db(), 'test.crashy', { n: 2 }, t.clock.now());
    for (let i = 0; i < JOB_MAX_ATTEMPTS; i++) {
      expect((await claimJob(db(), t.clock.now(), ['test.crashy'], `node-c#dead${i}`))?.id).toBe(doomed);
      t.clock.advance(JOB_LEASE_MS + 1000);
      await reclaimDeadJobs(node('node-b'), handlers);
    }
    expect(await job(doomed)).toMatchObject({ state: 'failed', attempts: JOB_MAX_ATTEMPTS, locked_by: null, last_error: WORKER_LOST_TEXT });
    expect(failed).toEqual([{ payload: { n: 2 }, reason: WORKER_LOST_TEXT }]);
    expect(ran).toBe(1);
  });

  it('takes back at start what the same node was running before it restarted, without waiting for the lease', async () => {
    const handlers: JobHandlers = { 'test.restart': async () => {} };
    const mine = await enqueueJob(db(), 'test.restart', { of: 'node-a' }, t.clock.now());
    const theirs = await enqueueJob(db(), 'test.restart', { of: 'node-b' }, t.clock.now());
    await claimJob(db(), t.clock.now(), ['test.restart'], 'node-a#before-restart');
    await claimJob(db(), t.clock.now(), ['test.restart'], 'node-b#alive');
    // Not at start, a fresh lease is left alone whoever holds it.
    expect(await reclaimDeadJobs(t.context, handlers)).toBe(0);
    await reclaimDeadJobs(t.context, handlers, true);
    expect(await job(mine)).toMatchObject({ state: 'queued', attempts: 1, locked_by: null, last_error: WORKER_LOST_TEXT });
    // Node B's job is its own on PostgreSQL (B may be alive); an embedded database has one process, so nothing else runs.
    expect((await job(theirs)).state).toBe(kind === 'postgres' ? 'running' : 'queued');
    expect(await runDueJobs(t.context, handlers)).toBe(kind === 'postgres' ? 1 : 2);
  });

  it('releases its running jobs when the server stops: queued again as they were, the handler told to stop', async () => {
    const id = await enqueueJob(db(), 'test.slow', {}, t.clock.now());
    let aborted = false;
    const handlers: JobHandlers = {
      'test.slow': (_ctx, _payload, running) =>
        new Promise<void>((resolve) => running.signal.addEventListener('abort', () => ((aborted = true), resolve()))),
    };
    const stopping: AppContext = node('node-s');
    const run = runDueJobs(stopping, handlers);
    await until(async () => (await job(id)).state === 'running', 'the claim');
    expect(await releaseRunningJobs(stopping)).toBe(1);
    expect(await run).toBe(1);
    expect(aborted).toBe(true);
    expect(await job(id)).toMatchObject({ state: 'queued', attempts: 0, locked_by: null });
    // A stopping worker claims nothing more; another node runs the released job.
    expect(await runDueJobs(stopping, handlers)).toBe(0);
    const handlersB: JobHandlers = { 'test.slow': async () => {} };
    expect(await runDueJobs(node('node-b'), handlersB)).toBe(1);
    expect(await job(id)).toMatchObject({ state: 'done', attempts: 1 });
  });

  it('keeps one job per coalescing key however often it is queued; queued again while running, it runs once more', async () => {
    const keyed = async () =>
      rowsOf<JobRow & { run_again: boolean }>(
        db(),
        sql`select state, attempts, locked_by, last_error, run_again from jobs where coalesce_key = 'board:1' order by id`,
      );
    for (let i = 0; i < 50; i++) await enqueueCoalesced(db(), 'test.board', [{ key: 'board:1', payload: { board: 1 } }], t.clock.now());
    // Two keys in one statement, one of them twice: one row each.
    await enqueueCoalesced(
      db(),
      'test.board',
      [
        { key: 'board:2', payload: { board: 2 } },
        { key: 'board:2', payload: { board: 2 } },
      ],
      t.clock.now(),
    );
    expect(await keyed()).toHaveLength(1);
    let runs = 0;
    let release = () => {};
    const handlers: JobHandlers = {
      'test.board': async (_ctx, payload) => {
        if (payload.board !== 1) return;
        runs += 1;
        if (runs === 1) await new Promise<void>((resolve) => (release = resolve));
      },
    };
    const run = runDueJobs(t.context, handlers);
    await until(async () => (await keyed())[0]!.state === 'running', 'the claim');
    // Queued again while it runs: no second row (two nodes never run one key at once), the running one marked.
    for (let i = 0; i < 20; i++) await enqueueCoalesced(db(), 'test.board', [{ key: 'board:1', payload: { board: 1 } }], t.clock.now());
    expect(await keyed()).toMatchObject([{ state: 'running', run_again: true }]);
    release();
    // It ends, goes back to the queue as a fresh job (attempts 0), and the same worker runs it once more.
    expect(await run).toBe(3);
    expect(runs).toBe(2);
    expect(await keyed()).toMatchObject([{ state: 'done', attempts: 1, run_again: false }]);
    // Finished, the key takes a new job.
    await enqueueCoalesced(db(), 'test.board', [{ key: 'board:1', payload: { board: 1 } }], t.clock.now());
    expect((await keyed()).map((j) => j.state)).toEqual(['done', 'queued']);
    expect(await runDueJobs(t.context, handlers)).toBe(1);
  });

  it('prunes finished jobs past their retention and keeps queued, running and recent ones', async () => {
    await db().execute(sql`delete from jobs`);
    const at = (msAgo: number) => new Date(t.clock.now().getTime() - msAgo).toISOString();
    const day = 86_400_000;
    const put = async (state: string, msAgo: number) =>
      (
        await rowsOf<{ id: number }>(
          db(),
          sql`insert into jobs (kind, payload, state, run_at, created_at) values ('test.p', '{}', ${state}, ${at(msAgo)}, ${at(msAgo)}) returning id`,
        )
      )[0]!.id;
    const oldDone = await put('done', JOB_DONE_RETENTION_MS + day);
    const recentDone = await put('done', JOB_DONE_RETENTION_MS - day);
    const oldFailed = await put('failed', JOB_FAILED_RETENTION_MS + day);
    const failedWeekOld = await put('failed', JOB_DONE_RETENTION_MS + day);
    const oldQueued = await put('queued', JOB_FAILED_RETENTION_MS + day);
    const oldRunning = await put('running', JOB_FAILED_RETENTION_MS + day);
    expect(await pruneFinishedJobs(t.context)).toBe(2);
    const left = (await rowsOf<{ id: number }>(db(), sql`select id from jobs order by id`)).map((r) => r.id);
    expect(left).toEqual([recentDone, failedWeekOld, oldQueued, oldRunning].sort((a, b) => a - b));
    expect(left).not.toContain(oldDone);
    expect(left).not.toContain(oldFailed);
    expect(await pruneFinishedJobs(t.context)).toBe(0);
  });
});
