import { afterAll, beforeAll, describe, expect, it } from 'vitest';
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

// The server as a process (dist/server/main.js, built for this run by tests/server/global-setup.ts) on one embedded
// database folder: the first start creates the cluster and migrates it, `npm start` and the later starts open it as a
// restarted server would. One folder and four starts for the file (#36), where three files started six servers, two of
// them on empty folders (initdb and the migrations in WASM, the most of a start's CPU); any test here still passes alone.

const root = path.resolve(import.meta.dirname, '../..');
let dataDir: string;
beforeAll(async () => {
  dataDir = await mkdtemp(path.join(os.tmpdir(), 'lifecycle-'));
});
afterAll(async () => rm(dataDir, { recursive: true, force: true }));

async function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const srv = createServer();
    srv.listen(0, '127.0.0.1', () => {
      const port = (srv.address() as { port: number }).port;
      srv.close(() => resolve(port));
    });
  });
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Checks every `ms` until `check` holds or `within` ms passed; answers whether it held. */
async function until(check: () => boolean | Promise<boolean>, within: number, ms = 200): Promise<boolean> {
  const end = Date.now() + within;
  while (Date.now() < end) {
    if (await check()) return true;
    await sleep(ms);
  }
  return check();
}

interface Run {
  child: ChildProcess;
  url: string;
  exited: Promise<number | null>;
  output: () => string;
}

/** Starts the compiled server on the embedded database in the file's folder (TEST_CLOCK: with the test-only slow request and job) and waits until it is ready. */
async function startServer(shutdownTimeoutMs: number): Promise<Run> {
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
  const ready = await until(async () => {
    if (child.exitCode !== null) return true;
    return fetch(`${url}/api/health/ready`).then(
      (res) => res.ok,
      () => false,
    );
  }, 120_000);
  if (ready && child.exitCode === null) return { child, url, exited, output: () => output };
  child.kill('SIGKILL');
  throw new Error(`server did not get ready: ${output}`);
}

/** Queues the test-only sleeping job and waits until the server's worker runs it. */
async function runningJob(run: Run, ms: number): Promise<number> {
  const id = ((await (await fetch(`${run.url}/api/test-jobs`, post({ ms }))).json()) as { id: number }).id;
  const running = async () => ((await (await fetch(`${run.url}/api/test-jobs/${id}`)).json()) as { state: string }).state === 'running';
  if (await until(running, 30_000, 100)) return id;
  throw new Error(`the job never ran: ${run.output()}`);
}

const post = (body: unknown): RequestInit => ({
  method: 'POST',
  headers: { 'content-type': 'application/json' },
  body: JSON.stringify(body),
});

describe('the server process', () => {
  // The first start also creates the cluster and migrates it (it stops on SIGTERM, the signal orchestrators send; the
  // second-signal test below sends SIGINT, handled the same way).
  it('starts on an empty folder; on SIGTERM drains a slow request, releases its running job to the queue and exits 0', async () => {
    const run = await startServer(20_000);
    expect(await (await fetch(`${run.url}/api/health`)).json()).toEqual({ status: 'ok', database: 'pglite' });
    const job = await runningJob(run, 90_000);
    const slow = fetch(`${run.url}/api/test-sleep?ms=1500`);
    await sleep(200);
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
  }, 240_000);

  it('under npm start passes SIGTERM on: the server drains and stops, and no process is left', async () => {
    const port = await freePort();
    // Its own process group, so the test can tell whether anything of it outlived npm (and clean up if so).
    const npm = spawn('npm', ['start'], {
      cwd: root,
      detached: true,
      stdio: 'ignore',
      env: { ...process.env, PORT: String(port), DATA_DIR: dataDir, SEED: 'none', LOG: 'silent' },
    });
    const pgid = npm.pid!;
    /** True while any process of the group (npm, its shell, the launcher, the server) is alive. */
    const groupAlive = () => {
      try {
        process.kill(-pgid, 0);
        return true;
      } catch {
        return false;
      }
    };
    const answers = () =>
      fetch(`http://127.0.0.1:${port}/api/health`, { signal: AbortSignal.timeout(1_000) }).then(
        (res) => res.ok,
        () => false,
      );
    try {
      expect(await until(answers, 90_000)).toBe(true);
      const exited = new Promise<number | null>((resolve) => npm.on('exit', (code) => resolve(code)));
      process.kill(npm.pid!, 'SIGTERM');
      await exited;
      expect(await until(async () => !(await answers()), 10_000)).toBe(true);
      expect(await until(() => !groupAlive(), 10_000)).toBe(true);
    } finally {
      if (groupAlive()) process.kill(-pgid, 'SIGKILL');
    }
  }, 120_000);

  it('exits at the deadline when a request outlasts SHUTDOWN_TIMEOUT_MS, not as a clean stop', async () => {
    const late = await startServer(1500);
    const stuck = fetch(`${late.url}/api/test-sleep?ms=60000`).catch(() => null);
    await sleep(200);
    const lateSignal = Date.now();
    late.child.kill('SIGTERM');
    expect(await late.exited, late.output()).toBe(FORCED_EXIT_CODE);
    expect(Date.now() - lateSignal).toBeLessThan(10_000);
    await stuck;
  }, 180_000);

  it('exits at once at a second signal while draining', async () => {
    const twice = await startServer(60_000);
    const held = fetch(`${twice.url}/api/test-sleep?ms=60000`).catch(() => null);
    await sleep(200);
    twice.child.kill('SIGTERM');
    await sleep(500);
    const second = Date.now();
    twice.child.kill('SIGINT');
    expect(await twice.exited, twice.output()).toBe(FORCED_EXIT_CODE);
    expect(Date.now() - second).toBeLessThan(3000);
    await held;
  }, 180_000);
});
