import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { buildApp } from '#server/app.ts';
import { exportJobHandlers } from '#server/areas/privacy/index.ts';
import { buildExport } from '#server/areas/privacy/privacy-export.ts';
import { rowsOf } from '#server/db/rows.ts';
import { claimJob, JOB_MAX_ATTEMPTS, jobWorker, runDueJobs } from '#server/lib/jobs.ts';
import { Outbox } from '#server/lib/mail.ts';
import { authHeaders, createTestDatabase, databaseKinds, signIn, testConfig, TestClock, type SignedIn, type TestApp } from './helpers.ts';

type Database = Awaited<ReturnType<typeof createTestDatabase>>;

/** A server on an existing database (node-a each time: the same node restarted), sharing the test's clock. */
async function serverOn(database: Database, clock: TestClock): Promise<TestApp> {
  const outbox = new Outbox();
  const { app, context } = await buildApp(testConfig({ nodeId: 'node-a' }), database, { mailer: outbox, now: clock.now, rateLimit: false });
  await app.ready();
  return { app, context, outbox, clock, settled: () => context.tasks.settled(), close: () => app.close() };
}

describe.each(databaseKinds)('a data export cut by a crash on %s', (kind) => {
  it('is finished or failed by the next server on the same database, and a failed one does not hold back a new export', async () => {
    const database = await createTestDatabase(kind);
    const clock = new TestClock();
    try {
      const first = await serverOn(database, clock);
      const call = (t: TestApp, method: 'GET' | 'POST', who: SignedIn) =>
        t.app.inject({ method, url: '/api/privacy/exports', headers: authHeaders(who) });
      const ana = await signIn(first, 'ana@example.test', 'ana-password', 'Ana');
      const ben = await signIn(first, 'ben@example.test', 'ben-password', 'Ben');
      const cy = await signIn(first, 'cy@example.test', 'cy-password', 'Cy');
      const db = database.db;
      // The first server takes the requests, then dies while building: its worker never runs them here.
      jobWorker(first.context).stopping = true;
      const exportOf = async (who: SignedIn) => {
        const res = await call(first, 'POST', who);
        expect(res.statusCode).toBe(202);
        clock.advance(1000);
        return res.json().id as number;
      };
      const anaExport = await exportOf(ana);
      const benExport = await exportOf(ben);
      const cyExport = await exportOf(cy);
      await first.settled();
      // Ana's and Ben's jobs were running on the first server's worker when it was killed, their exports half built.
      for (const exportId of [anaExport, benExport]) {
        const claimed = await claimJob(db, clock.now(), ['privacy.export'], 'node-a#killed');
        expect(claimed?.payload).toEqual({ exportId });
        await db.execute(sql`update data_exports set status = 'building', progress = 40 where id = ${exportId}`);
      }
      // Ben's had already been tried as often as a job is: this was its last attempt.
      await db.execute(sql`update jobs set attempts = ${JOB_MAX_ATTEMPTS} where payload->>'exportId' = ${String(benExport)}`);
      // Cy's was built in-process by an older server (no job): the row alone says "building".
      await db.execute(sql`delete from jobs where payload->>'exportId' = ${String(cyExport)}`);
      await db.execute(sql`update data_exports set status = 'building' where id = ${cyExport}`);
      // The defect: a stuck export counts as the day's export.
      expect((await call(first, 'POST', ana)).statusCode).toBe(429);
      await first.close();

      clock.advance(60_000);
      const second = await serverOn(database, clock);
      try {
        // Ana's export is taken up again and finished, and its mail sent (the build queues the mail as a job of its own,
        // which this loop or the one the build defers runs).
        expect(await runDueJobs(second.context, exportJobHandlers)).toBeGreaterThanOrEqual(1);
        await second.settled();
        expect(second.outbox.sent.filter((m) => m.to === 'ana@example.test' && m.subject.includes('export is ready'))).toHaveLength(1);
        const anaList = (await call(second, 'GET', ana)).json();
        expect(anaList.exports).toEqual([expect.objectContaining({ id: anaExport, status: 'ready', progress: 100 })]);
        expect(anaList.exports[0].download_url).toMatch(/\/archive\//);
        expect((await second.app.inject({ method: 'GET', url: anaList.exports[0].download_url })).statusCode).toBe(200);
        expect((await call(second, 'POST', ana)).statusCode).toBe(429);

        // Ben's was out of attempts and Cy's had no job: both failed, and neither counts toward the daily limit.
        for (const [who, exportId] of [
          [ben, benExport],
          [cy, cyExport],
        ] as const) {
          const list = (await call(second, 'GET', who)).json();
          expect(list.exports).toEqual([expect.objectContaining({ id: exportId, status: 'failed', download_url: null })]);
          expect(new Date(list.next_export_at).getTime()).toBeLessThanOrEqual(clock.now().getTime());
          const again = await call(second, 'POST', who);
          expect(again.statusCode).toBe(202);
          await second.settled();
          const after = (await call(second, 'GET', who)).json();
          expect(after.exports.map((e: { status: string }) => e.status)).toEqual(['ready', 'failed']);
        }
        const [stuck] = await rowsOf<{ n: number | string }>(
          db,
          sql`select count(*) as n from data_exports where status in ('queued', 'building')`,
        );
        expect(Number(stuck!.n)).toBe(0);
      } finally {
        await second.close();
      }
    } finally {
      await database.close();
    }
  }, 180_000);

  it('sends the link by mail even when the server died between the archive being ready and the mail', async () => {
    const database = await createTestDatabase(kind);
    const clock = new TestClock();
    try {
      const first = await serverOn(database, clock);
      const ana = await signIn(first, 'ana@example.test', 'ana-password', 'Ana');
      jobWorker(first.context).stopping = true;
      const res = await first.app.inject({ method: 'POST', url: '/api/privacy/exports', headers: authHeaders(ana) });
      expect(res.statusCode).toBe(202);
      await first.settled();
      // The build runs and commits the archive with its mail job; the worker that took the mail job is killed.
      const build = await claimJob(database.db, clock.now(), ['privacy.export'], 'node-a#first');
      expect(build).not.toBeNull();
      await buildExport(first.context, res.json().id as number);
      await first.settled();
      expect(await claimJob(database.db, clock.now(), ['privacy.export.mail'], 'node-a#killed')).not.toBeNull();
      expect(first.outbox.sent.filter((m) => m.subject.includes('export is ready'))).toHaveLength(0);
      await first.close();

      clock.advance(60_000);
      const second = await serverOn(database, clock);
      try {
        await runDueJobs(second.context, exportJobHandlers);
        const mails = second.outbox.sent.filter((m) => m.to === 'ana@example.test' && m.subject.includes('export is ready'));
        expect(mails).toHaveLength(1);
        expect(mails[0]!.text).toMatch(/\/api\/privacy\/exports\/\d+\/archive\//);
      } finally {
        await second.close();
      }
    } finally {
      await database.close();
    }
  }, 120_000);
});
