import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { sql } from 'drizzle-orm';
import { SOCKET_GOING_AWAY_CODE } from '#domain/constants.ts';
import { rowsOf } from '#server/db/rows.ts';
import { installShutdown } from '#server/lib/shutdown.ts';
import { createTestApp, databaseKinds, signIn } from './helpers.ts';

describe.each(databaseKinds)('readiness and a graceful stop on %s', (kind) => {
  let t: Awaited<ReturnType<typeof createTestApp>>;
  let base: string;
  beforeAll(async () => {
    // A polling job worker and the test-only slow job and request (TEST_CLOCK).
    t = await createTestApp(kind, { jobsPollMs: 50, testClock: true, nodeId: 'node-r' }, { rateLimit: false });
    base = await t.app.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(async () => t.close());

  it('is alive and ready once the database answers, the migrations are applied and the job runner runs', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/health' })).json()).toEqual({ status: 'ok', database: kind });
    const ready = await t.app.inject({ method: 'GET', url: '/api/health/ready' });
    expect(ready.statusCode).toBe(200);
    expect(ready.json()).toEqual({ status: 'ready', checks: { database: 'ok', migrations: 'ok', jobs: 'running', draining: false } });
  });

  it('on SIGTERM drains the request in flight, tells sockets it is going away, releases its running job and exits 0', async () => {
    const ana = await signIn(t, 'ana@example.test', 'ana-password', 'Ana');
    const job = (await t.app.inject({ method: 'POST', url: '/api/test-jobs', payload: { ms: 60_000 } })).json().id as number;
    const state = async () =>
      (
        await rowsOf<{ state: string; attempts: number; locked_by: string | null }>(
          t.context.database.db,
          sql`select state, attempts, locked_by from jobs where id = ${job}`,
        )
      )[0]!;
    for (let i = 0; (await state()).state !== 'running'; i++) {
      if (i > 500) throw new Error('the worker never took the job');
      await new Promise((r) => setTimeout(r, 20));
    }
    const socket = new WebSocket(`${base.replace('http', 'ws')}/api/ws?token=${encodeURIComponent(ana.token)}&user_id=${ana.userId}`);
    await new Promise((resolve, reject) => socket.once('open', resolve).once('error', reject));
    const closed = new Promise<number>((resolve) => socket.once('close', (code) => resolve(code)));
    const slow = fetch(`${base}/api/test-sleep?ms=800`);
    await new Promise((r) => setTimeout(r, 100));

    const exits: number[] = [];
    const stop = installShutdown(t.app, t.context, { timeoutMs: 10_000, exit: (code) => void exits.push(code), signals: [] });
    const stopping = stop.shutdown('SIGTERM');
    // From the signal on, a load balancer is told to send nothing new.
    expect((await t.app.inject({ method: 'GET', url: '/api/health/ready' })).statusCode).toBe(503);
    await stopping;

    const answer = await slow;
    expect(answer.status).toBe(200);
    expect(await answer.json()).toEqual({ slept_ms: 800 });
    expect(await closed).toBe(SOCKET_GOING_AWAY_CODE);
    expect(exits).toEqual([0]);
    // Released, not lost: queued again as it was, for the next worker.
    expect(await state()).toEqual({ state: 'queued', attempts: 0, locked_by: null });
  }, 60_000);
});
