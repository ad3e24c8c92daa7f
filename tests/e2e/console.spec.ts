import { spawn, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { ADMIN_EMAIL, signUpAndSignIn, useAppWithMail } from './support/accounts.ts';
import { pageRoutes } from '#src/app/route-table.ts';

const { app, mailbox } = useAppWithMail();
const admin = { email: ADMIN_EMAIL, name: 'Console Admin', password: 'console-admin-pass-1' };

/**
 * What may show in the console. Each entry is a reason, not a blanket pass:
 * - 401 on /api/auth/refresh-token: a signed-out first visit asks the refresh cookie once and hears "no session".
 */
const ALLOWED: { pattern: RegExp; why: string }[] = [
  {
    pattern: /Failed to load resource: the server responded with a status of 401/,
    why: 'signed-out session probe (refresh-token) before signing in',
  },
];

/** Collects console errors, page errors and failed React renders from now on. */
function watchConsole(page: Page): { problems: string[]; at: (where: string) => void } {
  const problems: string[] = [];
  let where = '';
  page.on('console', (m) => {
    if (m.type() !== 'error') return;
    const text = m.text();
    if (ALLOWED.some((a) => a.pattern.test(text))) return;
    problems.push(`${where}: console.error ${text.slice(0, 300)}`);
  });
  page.on('pageerror', (e) => problems.push(`${where}: page error ${e.message.slice(0, 300)}`));
  return { problems, at: (w) => (where = w) };
}

test('every route of the route table loads signed in as an administrator without a console error', async ({ page }) => {
  test.setTimeout(300_000);
  await signUpAndSignIn(page, app(), mailbox, admin);
  const watch = watchConsole(page);
  for (const route of pageRoutes) {
    watch.at(route.path);
    await page.goto(app().url + route.path.replace(/^\//, ''));
    await expect(page.getByRole('heading', { level: 1 }).first(), route.path).toBeVisible();
    // The page's own calls settle (or fail) before the next route.
    await page.waitForLoadState('networkidle');
    await expect(page.getByRole('heading', { name: 'Page not found' }), route.path).toHaveCount(0);
    await expect(page.getByText('Something went wrong. Please retry or contact support.'), route.path).toHaveCount(0);
  }
  expect(watch.problems).toEqual([]);
});

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
      await page.waitForLoadState('networkidle');
    }
    expect(watch.problems).toEqual([]);
  } finally {
    vite.kill('SIGTERM');
  }
});
