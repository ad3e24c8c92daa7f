import { describe, expect, it } from 'vitest';
import { spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { serverEntry } from '#scripts/build-server.mjs';

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

/** Starts the compiled server (dist/server/main.js, built for this run by tests/server/global-setup.ts) and waits for its health check. */
async function runUntilHealthy(dataDir: string) {
  const port = await freePort();
  const child = spawn(process.execPath, ['--enable-source-maps', serverEntry], {
    cwd: root,
    env: {
      ...process.env,
      PORT: String(port),
      DATA_DIR: dataDir,
      SEED: 'none',
      LOG: 'silent',
      CLIENT_DIR: path.join(dataDir, 'no-client'),
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (d) => (output += d));
  child.stderr.on('data', (d) => (output += d));
  // Generous: on a loaded 2-core machine the embedded database's first open and migrations take a while.
  const deadline = Date.now() + 90_000;
  while (Date.now() < deadline) {
    try {
      const res = await fetch(`http://127.0.0.1:${port}/api/health`);
      if (res.ok) return { child, port, body: await res.json(), output: () => output };
    } catch {
      // starting
    }
    if (child.exitCode !== null) break;
    await new Promise((r) => setTimeout(r, 100));
  }
  child.kill('SIGKILL');
  throw new Error(`server did not start: ${output}`);
}

describe('the server process', () => {
  it('starts on the embedded database, stops cleanly on SIGTERM, and starts again on the same data', async () => {
    const dataDir = await mkdtemp(path.join(os.tmpdir(), 'lifecycle-'));
    try {
      for (const signal of ['SIGTERM', 'SIGINT'] as const) {
        const run = await runUntilHealthy(dataDir);
        expect(run.body).toEqual({ status: 'ok', database: 'pglite' });
        const exit = new Promise<number | null>((resolve) => run.child.once('exit', (code) => resolve(code)));
        run.child.kill(signal);
        expect(await exit, run.output()).toBe(0);
      }
    } finally {
      await rm(dataDir, { recursive: true, force: true });
    }
  }, 240_000);
});
