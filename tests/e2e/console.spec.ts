import { spawn, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { useAppWithMail } from './support/accounts.ts';
import { watchConsole } from './support/console.ts';

const { app } = useAppWithMail();
// Every route loading without a console error is checked by the every-route sweeps (signed out, as an
// athlete and as an administrator, over the demo world; tests/e2e/every-route.spec.ts), which load each
// route already. What only the development build reports is checked here.

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.listen(0, '127.0.0.1', () => {
      const address = srv.address();
      srv.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port'))));
    });
  });
}

// React's development build reports mistakes (conditional use(), missing keys, bad hooks) that the
// production build hides, so a handful of lazy routes also load through Vite's dev server.
test('a handful of routes load in the development build without a React error', async ({ page }) => {
  test.setTimeout(240_000);
  const root = path.resolve(import.meta.dirname, '../..');
  const port = await freePort();
  let output = '';
  const vite: ChildProcess = spawn(
    process.execPath,
    [path.join(root, 'node_modules/vite/bin/vite.js'), '--port', String(port), '--strictPort', '--host', '127.0.0.1'],
    {
      cwd: root,
      env: { ...process.env, API_PORT: String(app().port) },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  vite.stdout?.on('data', (d) => (output += d));
  vite.stderr?.on('data', (d) => (output += d));
  try {
    const url = `http://127.0.0.1:${port}/`;
    await expect
      .poll(
        async () =>
          fetch(url).then(
            (r) => r.ok,
            () => false,
          ),
        { timeout: 90_000, message: `vite did not start:\n${output}` },
      )
      .toBe(true);
    const watch = watchConsole(page);
    for (const p of [
      '',
      'challenge-discovery-page',
      'challenge-archive-page',
      'global-test-leaderboards-page',
      'terms-of-service-page',
      'login-page',
    ]) {
      watch.at(`/${p} (dev)`);
      await page.goto(url + p);
      await expect(page.getByRole('heading', { level: 1 }).first(), p).toBeVisible({ timeout: 60_000 });
      // The quiet network, not the app's settled signal (tests/e2e/support/settled.ts): under Vite's dev server the
      // late requests worth watching include its own (modules transformed on demand, its client), which the app does
      // not count. Six loads: the 500 ms each is cheap here.
      await page.waitForLoadState('networkidle');
    }
    expect(watch.problems).toEqual([]);
  } finally {
    vite.kill('SIGTERM');
  }
});
