import { describe, expect, it } from 'vitest';
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { openDatabase } from '#server/db/index.ts';
import { rowsOf } from '#server/db/rows.ts';
import { FORCED_EXIT_CODE } from '#server/lib/shutdown.ts';
import { serverEntry } from '#scripts/build-server.mjs';
import { buildDatabaseTemplate, copyDatabaseTemplate } from '#tests/e2e/support/db-template.ts';

const root = path.resolve(import.meta.dirname, '../..');

async function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const srv = createServer();
    srv.listen(0, '127.0.0.1', () => {
      const port = (srv.address() as { port: number }).port;
      srv.close(() => resolve(port));
    });
  });
}

interface Run {
  child: ChildProcess;
  url: string;
  exited: Promise<number | null>;
  output: () => string;
}

/**
 * Starts the compiled server (dist/server/main.js, built for this run by tests/server/global-setup.ts) on the
 * embedded database in `dataDir` and waits until it is ready.
 */
async function startServer(dataDir: string, shutdownTimeoutMs: number): Promise<Run> {
  const port = await freePort();
  const child = spawn(process.execPath, ['--enable-source-maps', serverEntry], {
    cwd: root,
    env: {
      ...process.env,
      PORT: String(port),
      DATA_DIR: dataDir,
      SEED: 'none',
      LOG_LEVEL: 'warn',
      TEST_CLOCK: '1',
      SHUTDOWN_TIMEOUT_MS: String(shutdownTimeoutMs),
      CLIENT_DIR: path.join(dataDir, 'no-client'),
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout!.on('data', (d) => (output += d));
  child.stderr!.on('data', (d) => (output += d));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  const url = `http://127.0.0.1:${port}`;
  // Generous: on a loaded 2-core machine the embedded database's first open and migrations take a while.
  const deadline = Date.now() + 120_000;
  while (Date.now() < deadline && child.exitCode === null) {
    try {
      const res = await fetch(`${url}/api/health/ready`);
      if (res.ok) return { child, url, exited, output: () => output };
    } catch {
      // starting
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  child.kill('SIGKILL');
  throw new Error(`server did not get ready: ${output}`);
}

/** Queues the test-only sleeping job and waits until the server's worker runs it. */
async function runningJob(run: Run, ms: number): Promise<number> {
  const id = ((await (await fetch(`${run.url}/api/test-jobs`, post({ ms }))).json()) as { id: number }).id;
  for (let i = 0; i < 300; i++) {
    const job = (await (await fetch(`${run.url}/api/test-jobs/${id}`)).json()) as { state: string };
    if (job.state === 'running') return id;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`the job never ran: ${run.output()}`);
}

const post = (body: unknown): RequestInit => ({
  method: 'POST',
  headers: { 'content-type': 'application/json' },
  body: JSON.stringify(body),
});

describe('stopping the server process', () => {
  it('drains a slow request, releases its running job to the queue and exits 0; past the deadline or at a second signal it exits at once', async () => {
    const dataDir = await mkdtemp(path.join(os.tmpdir(), 'shutdown-'));
    try {
      // From the e2e suite's migrated template (built once per set of migrations): what is tested here is stopping,
      // not creating a cluster and migrating it (lifecycle.test.ts starts on an empty folder).
      await buildDatabaseTemplate();
      await copyDatabaseTemplate(dataDir);
      const run = await startServer(dataDir, 20_000);
      const job = await runningJob(run, 90_000);
      const slow = fetch(`${run.url}/api/test-sleep?ms=1500`);
      await new Promise((r) => setTimeout(r, 200));
      const signalled = Date.now();
      run.child.kill('SIGTERM');
      const answer = await slow;
      expect(answer.status, run.output()).toBe(200);
      expect(await run.exited, run.output()).toBe(0);
      // It did not wait for the 90-second job: it released it.
      expect(Date.now() - signalled).toBeLessThan(15_000);
      const database = await openDatabase({ dataDir });
      try {
        const [row] = await rowsOf<{ state: string; attempts: number; locked_by: string | null }>(
          database.db,
          sql`select state, attempts, locked_by from jobs where id = ${job}`,
        );
        expect(row).toEqual({ state: 'queued', attempts: 0, locked_by: null });
      } finally {
        await database.close();
      }

      // A request that outlasts SHUTDOWN_TIMEOUT_MS: the server exits anyway at the deadline, not a clean stop.
      const late = await startServer(dataDir, 1500);
      const stuck = fetch(`${late.url}/api/test-sleep?ms=60000`).catch(() => null);
      await new Promise((r) => setTimeout(r, 200));
      const lateSignal = Date.now();
      late.child.kill('SIGTERM');
      expect(await late.exited, late.output()).toBe(FORCED_EXIT_CODE);
      expect(Date.now() - lateSignal).toBeLessThan(10_000);
      await stuck;

      // A second signal while draining: out at once.
      const twice = await startServer(dataDir, 60_000);
      const held = fetch(`${twice.url}/api/test-sleep?ms=60000`).catch(() => null);
      await new Promise((r) => setTimeout(r, 200));
      twice.child.kill('SIGTERM');
      await new Promise((r) => setTimeout(r, 500));
      const second = Date.now();
      twice.child.kill('SIGINT');
      expect(await twice.exited, twice.output()).toBe(FORCED_EXIT_CODE);
      expect(Date.now() - second).toBeLessThan(3000);
      await held;
    } finally {
      await rm(dataDir, { recursive: true, force: true });
    }
  }, 480_000);
});
