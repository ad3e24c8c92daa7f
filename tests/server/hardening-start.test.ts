import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '../..');
const dataDir = mkdtempSync(path.join(os.tmpdir(), 'repforge-start-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

const freePort = () =>
  new Promise<number>((resolve) => {
    const s = createServer().listen(0, '127.0.0.1', () => {
      const { port } = s.address() as { port: number };
      s.close(() => resolve(port));
    });
  });

async function answers(port: number): Promise<boolean> {
  try {
    return (await fetch(`http://127.0.0.1:${port}/api/health`, { signal: AbortSignal.timeout(1_000) })).ok;
  } catch {
    return false;
  }
}

/** True while any process of the group (npm, its shell, the launcher, the server) is alive. */
function groupAlive(pgid: number): boolean {
  try {
    process.kill(-pgid, 0);
    return true;
  } catch {
    return false;
  }
}

async function until(check: () => boolean | Promise<boolean>, ms: number): Promise<boolean> {
  const end = Date.now() + ms;
  while (Date.now() < end) {
    if (await check()) return true;
    await new Promise((r) => setTimeout(r, 200));
  }
  return check();
}

it('npm start passes SIGTERM on: the server drains and stops, and no process is left', { timeout: 120_000 }, async () => {
  const port = await freePort();
  // Its own process group, so the test can tell whether anything of it outlived npm (and clean up if so).
  const npm = spawn('npm', ['start'], {
    cwd: root,
    detached: true,
    stdio: 'ignore',
    env: { ...process.env, PORT: String(port), DATA_DIR: dataDir, SEED: 'none', LOG: 'silent' },
  });
  const pgid = npm.pid!;
  try {
    expect(await until(() => answers(port), 90_000)).toBe(true);
    const exited = new Promise<number | null>((resolve) => npm.on('exit', (code) => resolve(code)));
    process.kill(npm.pid!, 'SIGTERM');
    await exited;
    expect(await until(async () => !(await answers(port)), 10_000)).toBe(true);
    expect(await until(() => !groupAlive(pgid), 10_000)).toBe(true);
  } finally {
    if (groupAlive(pgid)) process.kill(-pgid, 'SIGKILL');
  }
});
