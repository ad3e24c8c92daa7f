import { expect, test } from '@playwright/test';
import { signIn, signUp, useAppWithMail } from './support/accounts.ts';
import { expectSignedIn, signOut } from './support/header.ts';

// Request logs at info, as a production server writes them: the test reads every line.
const { app, mailbox } = useAppWithMail({ LOG_LEVEL: 'info' });

let n = 0;
const athlete = () => ({ email: `hardened${++n}.${Date.now()}@example.test`, name: 'Hana Hardened', password: 'first-secret-pass-31' });

test('no token, code or password used in sign-in, a password reset and the socket reaches the server log', async ({ page, context }) => {
  const ana = athlete();
  const secrets: string[] = [ana.password];
  const sockets: string[] = [];
  page.on('websocket', (ws) => sockets.push(ws.url()));

  await signUp(page, app(), ana, mailbox);
  let since = mailbox.mark();
  await signIn(page, app(), mailbox, ana);
  secrets.push(await mailbox.loginCode(ana.email, since));
  await expectSignedIn(page);
  // The real-time socket opens after sign-in with ?token=<access token>.
  await expect.poll(() => sockets.length).toBeGreaterThan(0);
  for (const url of sockets) secrets.push(new URL(url).searchParams.get('token')!);
  for (const cookie of await context.cookies()) if (cookie.value.length >= 20) secrets.push(cookie.value);

  await signOut(page);
  since = mailbox.mark();
  await page.goto(`${app().url}forgot-password-page`);
  await page.getByLabel('Email').fill(ana.email);
  await page.getByRole('button', { name: 'Send reset link' }).click();
  const mail = await mailbox.waitFor(ana.email, /password-reset-page\?token=/, since);
  const link = /(https?:\/\/\S+password-reset-page\?token=[A-Za-z0-9_-]+)/.exec(mail.text)![1]!;
  expect(link.startsWith(app().url)).toBe(true);
  secrets.push(new URL(link).searchParams.get('token')!);
  await page.goto(link);
  ana.password = 'second-secret-pass-47';
  secrets.push(ana.password);
  await page.getByLabel('New password', { exact: true }).fill(ana.password);
  await page.getByLabel('Repeat the new password').fill(ana.password);
  await page.getByRole('button', { name: 'Set new password' }).click();
  await expect(page.getByRole('status')).toBeVisible();

  since = mailbox.mark();
  await signIn(page, app(), mailbox, ana);
  secrets.push(await mailbox.loginCode(ana.email, since));
  await expectSignedIn(page);
  await expect.poll(() => sockets.length).toBeGreaterThan(1);
  for (const url of sockets) secrets.push(new URL(url).searchParams.get('token')!);
  for (const cookie of await context.cookies()) if (cookie.value.length >= 20) secrets.push(cookie.value);

  const log = app().output();
  // The log does hold those requests, with their secrets hidden.
  expect(log).toContain('password-reset-page?token=[REDACTED]');
  expect(log).toMatch(/api\/ws\?token=\[REDACTED\]/);
  const leaked = [...new Set(secrets.filter(Boolean))].filter((secret) => log.includes(secret));
  expect(leaked).toEqual([]);
});

test('after a wrong password the code step says plainly that a code comes only when both match, and offers a way back', async ({
  page,
}) => {
  const ana = athlete();
  await signUp(page, app(), ana, mailbox);
  await page.getByLabel('Email').fill(ana.email);
  await page.getByLabel('Password', { exact: true }).fill('not-the-password-1');
  await page.getByRole('button', { name: 'Send sign-in code' }).click();
  await expect(page.getByText('A code is sent only when the email and password match.')).toBeVisible();
  await expect(page.getByRole('status')).toContainText('If the email and password match an account');
  await expect(page.getByRole('link', { name: 'reset your password' })).toHaveAttribute('href', /forgot-password-page$/);
  await page.getByRole('button', { name: 'go back and try again' }).click();
  await expect(page.getByLabel('Password', { exact: true })).toBeVisible();
  await expect(page.getByLabel('Email')).toHaveValue(ana.email);
});

test('a 503 from the API shows "Service unavailable, retrying" and keeps the session', async ({ page }) => {
  const ana = athlete();
  await signUp(page, app(), ana, mailbox);
  await signIn(page, app(), mailbox, ana);
  await expectSignedIn(page);
  // The dashboard's own reads are over first: a read still in flight from it would take the 503s meant for
  // the reloaded page, whose notice the reload then wipes (a flaky failure on a busy machine). The quiet network, not
  // the app's settled signal (tests/e2e/support/settled.ts): every GET to the API is failed below, the session's own
  // calls too, which the signal (react-query's reads, lazy chunks) does not count.
  await page.waitForLoadState('networkidle');
  // The database blinks: the next reads answer 503, as the server now does for a database fault.
  let failures = 0;
  await page.route(
    (url) => url.pathname.includes('/api/') && !url.pathname.endsWith('/api/health'),
    async (route) => {
      if (route.request().method() === 'GET' && failures < 2) {
        failures += 1;
        return route.fulfill({
          status: 503,
          contentType: 'application/json',
          body: JSON.stringify({ detail: 'Service unavailable, please retry in a moment.' }),
        });
      }
      return route.fallback();
    },
  );
  await page.reload();
  await expect(page.getByText('Service unavailable, retrying').first()).toBeVisible();
  expect(failures).toBeGreaterThan(0);
  await expectSignedIn(page);
  await expect(page).toHaveURL(/dashboard-page$/);
});
