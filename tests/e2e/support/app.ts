import { spawn, type ChildProcess } from 'node:child_process';
import { rmSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { test } from '@playwright/test';
import { copyDatabaseTemplate } from './db-template.ts';
import { createFileDatabase, dropDatabasesSync, e2eDatabaseUrl, type FileDatabase } from './e2e-postgres.ts';
import { serverEntry } from '#scripts/build-server.mjs';

const root = path.resolve(import.meta.dirname, '../../..');
const exitWithParent = pathToFileURL(path.join(import.meta.dirname, 'exit-with-parent.mjs')).href;

export interface RunningApp {
  /** Origin + mount point, with a trailing slash: http://127.0.0.1:PORT/ or …/fit/. */
  url: string;
  port: number;
  dataDir: string;
  /** The file's own PostgreSQL database (E2E_DATABASE_URL), dropped on stop; undefined on the embedded one. */
  database?: string;
  /** Everything the server printed (mail without SMTP_URL goes there). */
  output: () => string;
  stop: () => Promise<void>;
  /** kill -9: the process ends at once, nothing drained (a crashed node). */
  crash: () => Promise<void>;
  /** Whether it was crashed (or otherwise ended). */
  crashed: () => boolean;
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.listen(0, '127.0.0.1', () => {
      const address = srv.address();
      srv.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port'))));
    });
  });
}

/** How long a server may take to answer its health check (E2E_SERVER_START_MS, 90 s by default). */
export const serverStartMs = () => Number(process.env.E2E_SERVER_START_MS ?? 90_000);

/**
 * Every server this worker started and has not stopped: killed when the worker exits (a spare never taken), its
 * data folder removed and its PostgreSQL database dropped (a worker killed outright leaves the database to the
 * next run's global setup).
 */
const running = new Map<ChildProcess, { dataDir: string; database?: FileDatabase }>();
process.once('exit', () => {
  for (const [child, { dataDir }] of running) {
    child.kill('SIGKILL');
    rmSync(dataDir, { recursive: true, force: true });
  }
  const adminUrl = e2eDatabaseUrl();
  const names = [...running.values()].flatMap(({ database }) => (database ? [database.name] : []));
  if (adminUrl) dropDatabasesSync(adminUrl, names);
});

/**
 * A database of its own on E2E_DATABASE_URL's server, unless the file stays embedded: it set its own
 * DATABASE_URL, brings a seeded DATA_DIR, asked for the embedded one (`EMBEDDED`), or wants the demo world (SEED=demo:
 * the server loads it into an empty embedded database only, server/main.ts).
 */
async function fileDatabase(env: Record<string, string>): Promise<FileDatabase | undefined> {
  const adminUrl = e2eDatabaseUrl();
  if (!adminUrl || env.DATABASE_URL || env.DATA_DIR || env.E2E_EMBEDDED || env.SEED === 'demo') return undefined;
  return createFileDatabase(adminUrl);
}

/**
 * Starts the app as `npm start` serves it (built SPA + the compiled server) on a fresh embedded database, or on a
 * fresh PostgreSQL database of its own when E2E_DATABASE_URL is set (tests/e2e/support/e2e-postgres.ts).
 */
export async function startApp(env: Record<string, string> = {}): Promise<RunningApp> {
  const port = await freePort();
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'e2e-data-'));
  const database = await fileDatabase(env);
  if (!env.DATABASE_URL && !database) await copyDatabaseTemplate(dataDir);
  const serverEnv: Record<string, string> = { ...env, ...(database ? { DATABASE_URL: database.url } : {}) };
  delete serverEnv.E2E_EMBEDDED; // the test's marker (EMBEDDED), not a server setting
  let output = '';
  const child: ChildProcess = spawn(process.execPath, ['--enable-source-maps', '--import', exitWithParent, serverEntry], {
    cwd: root,
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, SEED: 'none', LOG_LEVEL: 'warn', ...serverEnv },
    stdio: ['pipe', 'pipe', 'pipe'],
  });
  running.set(child, { dataDir, database });
  child.once('exit', () => running.delete(child));
  child.stdout?.on('data', (d) => (output += d));
  child.stderr?.on('data', (d) => (output += d));
  const basePath = env.BASE_PATH ? `/${env.BASE_PATH.split('/').filter(Boolean).join('/')}/` : '/';
  const url = `http://127.0.0.1:${port}${basePath}`;
  // A busy 2-core machine can take over 30 s to start the server, PGlite and the migrations; E2E_SERVER_START_MS overrides.
  const deadline = Date.now() + serverStartMs();
  for (;;) {
    if (child.exitCode !== null) {
      await database?.drop();
      throw new Error(`server exited early:\n${output}`);
    }
    try {
      const res = await fetch(`${url}api/health`);
      if (res.ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      child.kill('SIGKILL'); // a server that never answered must not outlive the test run
      await database?.drop(); // with (force): ends the killed server's connections if any are left
      throw new Error(`server did not start:\n${output}`);
    }
    await new Promise((r) => setTimeout(r, 150));
  }
  return {
    url,
    port,
    dataDir,
    database: database?.name,
    output: () => output,
    crashed: () => child.exitCode !== null || child.signalCode !== null,
    async crash() {
      if (child.exitCode !== null || child.signalCode !== null) return;
      const exited = new Promise((r) => child.once('exit', r));
      child.kill('SIGKILL');
      await exited;
    },
    async stop() {
      if (child.exitCode === null && child.signalCode === null) {
        const exited = new Promise((r) => child.once('exit', r));
        child.kill('SIGTERM');
        await exited;
      }
      await rm(dataDir, { recursive: true, force: true });
      await database?.drop();
    },
  };
}

/** One fresh server for the whole test file (database reset per file, not per test). */
export function useApp(env: Record<string, string> | (() => Record<string, string>) = {}): () => RunningApp {
  let app: RunningApp | undefined;
  test.beforeAll(async () => {
    test.setTimeout(serverStartMs() + 30_000); // this hook only: starting may take up to startApp's deadline
    app = await startApp(typeof env === 'function' ? env() : env);
  });
  test.afterAll(async () => {
    await app?.stop();
  });
  return () => {
    if (!app) throw new Error('app not started');
    return app;
  };
}
