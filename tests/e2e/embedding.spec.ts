import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect, test } from '@playwright/test';
import { useAppWithMail } from './support/accounts.ts';
import { expectSignedIn } from './support/header.ts';

// The app framed by a parent on another site: the parent is served from http://localhost:PORT,
// the app from http://127.0.0.1:PORT (Chromium counts both as secure, so Secure cookies work).
const env: Record<string, string> = {};
let parent: Server;
let parentOrigin = '';
test.beforeAll(async () => {
  parent = createServer((req, res) => {
    const src = decodeURIComponent(new URL(req.url ?? '/', 'http://localhost').searchParams.get('src') ?? '');
    res.writeHead(200, { 'content-type': 'text/html' }).end(`<!doctype html><title>Parent</title>
      <script>window.received = []; addEventListener('message', (e) => window.received.push({ origin: e.origin, data: e.data }));</script>
      <iframe title="RepForge" src="${src.replace(/"/g, '&quot;')}" style="width:1200px;height:800px;border:0"></iframe>`);
  });
  await new Promise<void>((resolve) => parent.listen(0, '127.0.0.1', () => resolve()));
  parentOrigin = `http://localhost:${(parent.address() as AddressInfo).port}`;
  env.EMBED_ORIGINS = parentOrigin;
});
test.afterAll(async () => {
  await new Promise<void>((resolve) => parent.close(() => resolve()));
});
const { app, mailbox } = useAppWithMail(env);

test.use({ viewport: { width: 1280, height: 900 } });

test('framed by another site, a signed-in athlete stays signed in across a token refresh, and the parent hears no secrets', async ({
  page,
  request,
}) => {
  const who = { email: 'framed@example.test', password: 'framed-password-1', display_name: 'Framed Fran' };
  expect((await request.post(`${app().url}api/user_registration/register`, { data: who })).status()).toBe(201);

  const framed = (path: string) => `${parentOrigin}/?src=${encodeURIComponent(`${app().url}${path}`)}`;
  await page.clock.install();
  await page.goto(framed('login-page?token=secret-reset-token&tab=signin'));
  const frame = page.frameLocator('iframe[title="RepForge"]');
  const since = mailbox.mark();
  await frame.getByLabel('Email').fill(who.email);
  await frame.getByLabel('Password', { exact: true }).fill(who.password);
  await frame.getByRole('button', { name: 'Send sign-in code' }).click();
  await frame.getByLabel('Sign-in code').fill(await mailbox.loginCode(who.email, since));
  await frame.getByRole('button', { name: 'Sign in' }).click();
  await expectSignedIn(frame);

  // Past the scheduled refresh (5 minutes before the 15-minute token ends): it runs on the refresh
  // cookie alone, which a SameSite=Strict cookie in a cross-site frame never is.
  const refreshed = page.waitForResponse((r) => r.url().endsWith('/api/auth/refresh-token'));
  await page.clock.fastForward('11:00');
  expect((await refreshed).status()).toBe(200);
  await expectSignedIn(frame);
  await expect(frame.getByText('Session Expired')).toHaveCount(0);

  // Messages reached the parent, from the app's origin, without the reset token.
  const received =
    (await page.evaluate(() => (window as unknown as { received: { origin: string; data: Record<string, unknown> }[] }).received)) ?? [];
  const fromApp = received.filter((m) => (m.data as { source?: string })?.source === 'repforge-app');
  expect(fromApp.length).toBeGreaterThan(0);
  expect(fromApp.every((m) => m.origin === new URL(app().url).origin)).toBe(true);
  expect(JSON.stringify(fromApp)).not.toContain('secret-reset-token');

  // A framed app may get no storage at all (this Chromium denies it to the cross-site frame) or
  // storage that does not last, while the partitioned refresh cookie stays: a reload with
  // nothing remembered still comes back signed in.
  const appFrame = page.frames().find((f) => f.url().startsWith(app().url))!;
  await appFrame.evaluate(() => {
    try {
      localStorage.clear();
    } catch {
      // denied: nothing was remembered in the first place
    }
  });
  await page.reload();
  await expectSignedIn(frame);
});

test('a parent not in EMBED_ORIGINS cannot frame the app', async ({ request }) => {
  const res = await request.get(app().url);
  const policy = res.headers()['content-security-policy'] ?? '';
  expect(policy).toContain(`frame-ancestors ${parentOrigin}`);
  expect(policy).not.toMatch(/frame-ancestors[^;]*\*/);
});
