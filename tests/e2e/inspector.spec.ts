import { execFileSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { signUp } from './support/accounts.ts';
import { apiSignIn, openTimedChallengeJoined } from './support/api.ts';
import { Mailbox } from './support/mailbox.ts';
import { startApp, type RunningApp } from './support/app.ts';
import { expectSignedIn } from './support/header.ts';

const root = path.resolve(import.meta.dirname, '../..');

function filesUnder(dir: string): string[] {
  return readdirSync(dir).flatMap((f) => (statSync(path.join(dir, f)).isDirectory() ? filesUnder(path.join(dir, f)) : [path.join(dir, f)]));
}

test('the production build holds no inspector code', () => {
  // dist/client is the build global setup made (npm start serves it).
  const hits = filesUnder(path.join(root, 'dist/client'))
    .filter((f) => /\.(js|html|map)$/.test(f))
    .filter((f) => /@statelyai\/inspect|createBrowserInspector|stately\.ai\/inspect/.test(readFileSync(f, 'utf8')));
  expect(hits).toEqual([]);
});

test.describe('a dev build with ?inspect', () => {
  let app: RunningApp;
  let clientDir: string;
  const mailbox = new Mailbox();

  test.beforeAll(async () => {
    test.setTimeout(300_000);
    clientDir = mkdtempSync(path.join(os.tmpdir(), 'dev-client-'));
    // A development build (import.meta.env.DEV is true only with NODE_ENV=development), served by the app like npm start.
    execFileSync(
      process.execPath,
      [
        path.join(root, 'node_modules/vite/bin/vite.js'),
        'build',
        '--mode',
        'development',
        '--outDir',
        clientDir,
        '--emptyOutDir',
        '--logLevel',
        'warn',
      ],
      {
        cwd: root,
        stdio: 'inherit',
        env: { ...process.env, NODE_ENV: 'development' },
      },
    );
    const smtp = await mailbox.start();
    app = await startApp({ CLIENT_DIR: clientDir, SMTP_URL: smtp });
  });

  test.afterAll(async () => {
    await app?.stop();
    await mailbox.stop();
    if (clientDir) rmSync(clientDir, { recursive: true, force: true });
  });

  test('attaches every actor to the inspector window, with no secret in what it is sent', async ({ page }) => {
    test.setTimeout(120_000);
    // The inspector UI lives on the internet: stand in for its window and record what is posted to it.
    await page.addInitScript(() => {
      const posted: unknown[] = [];
      (window as unknown as { inspectorPosts: unknown[]; inspectorOpened: string[] }).inspectorPosts = posted;
      const opened: string[] = [];
      (window as unknown as { inspectorOpened: string[] }).inspectorOpened = opened;
      window.open = ((url?: string | URL) => {
        opened.push(String(url));
        // The real inspector says it is ready; the library then sends what it has held back.
        setTimeout(() => window.postMessage({ type: '@statelyai.connected' }, '*'), 0);
        return {
          postMessage: (m: unknown) => void posted.push(JSON.parse(JSON.stringify(m))),
          close() {},
          focus() {},
          closed: false,
        } as unknown as Window;
      }) as typeof window.open;
    });
    const who = { email: `inspect.${Date.now()}@example.test`, name: 'Ina Spector', password: 'inspect-pass-1357' };
    await signUp(page, app, who, mailbox);
    // Signing in by hand (not the helper) keeps ?inspect in the address.
    await page.goto(`${app.url}login-page?inspect`);
    const since = mailbox.mark();
    await page.getByLabel('Email').fill(who.email);
    await page.getByLabel('Password', { exact: true }).fill(who.password);
    await page.getByRole('button', { name: 'Send sign-in code' }).click();
    const code = await mailbox.loginCode(who.email, since);
    await page.getByLabel('Sign-in code').fill(code);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expectSignedIn(page);

    const opened = await page.evaluate(() => (window as unknown as { inspectorOpened: string[] }).inspectorOpened);
    expect(opened).toHaveLength(1);
    expect(opened[0]).toContain('stately.ai/inspect');
    await expect
      .poll(async () => {
        const posts = await page.evaluate(
          () => (window as unknown as { inspectorPosts: { type?: string; event?: { type?: string } }[] }).inspectorPosts,
        );
        return posts.filter((p) => p.type === '@xstate.event').map((p) => p.event?.type);
      })
      .toEqual(expect.arrayContaining(['login.submitCredentials', 'login.submitCode', 'session.login', 'socket.connect']));

    const sent = JSON.stringify(await page.evaluate(() => (window as unknown as { inspectorPosts: unknown[] }).inspectorPosts));
    expect(sent).not.toContain(who.password);
    expect(sent).not.toContain(code);
    expect(sent).not.toMatch(/eyJ[\w-]+\.[\w-]+\./); // no access token
    expect(sent).not.toMatch(/[?&]token=(?!\[redacted\])/);
    for (const match of sent.matchAll(/"(token|csrfToken|csrf_token|password|code)":("[^"]*")/g))
      expect(match[2], match[1]).toBe('"[redacted]"');

    // A second flow on a page of its own: the score form's chart (and its video choice) reports too.
    const api = await apiSignIn(app, mailbox, who);
    const challengeId = await openTimedChallengeJoined(app, api, 'Inspected Fran', false);
    await page.goto(`${app.url}score-submission-page?id=${String(challengeId)}&inspect`);
    await page.getByLabel('Your time', { exact: true }).fill('7:45');
    await page.getByRole('radio', { name: 'A YouTube or Vimeo link' }).check();
    await page.getByLabel('Link to the video').fill('https://vimeo.com/745');
    await page.getByRole('button', { name: 'Submit score' }).click();
    await expect(page.getByRole('heading', { name: /^(New best!|Score saved|Saved for review)$/ })).toBeVisible();
    await expect
      .poll(async () => {
        const posts = await page.evaluate(
          () => (window as unknown as { inspectorPosts: { type?: string; event?: { type?: string } }[] }).inspectorPosts,
        );
        return posts.filter((p) => p.type === '@xstate.event').map((p) => p.event?.type);
      })
      .toEqual(expect.arrayContaining(['score.update', 'score.setVideo', 'score.submit', 'xstate.done.actor.submitScore']));
  });
});
