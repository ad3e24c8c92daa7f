import { expect, test } from '@playwright/test';
import { pageRoutes, routePaths } from '#src/app/route-table.ts';
import { ADMIN_EMAIL, signIn, startSignUp, useAppWithMail } from './support/accounts.ts';
import { apiRegister, axeBuilder } from './support/api.ts';
import { expectSignedIn, signOut } from './support/header.ts';
import { openSignedIn } from './support/signed-in.ts';

// A community site is configured, so the Timeline item is offered (tests/e2e/navigation.spec.ts covers none).
const { app, mailbox } = useAppWithMail({ COMMUNITY_SITE_URL: 'http://community.invalid/' });

// Each test makes its own athlete, so a test never depends on another having run. The sign-up form is the first
// test's journey and the sign-in form that of the tests about signing in; the others make their account through the
// API and start signed in (openSignedIn).
let n = 0;
const athlete = (name = 'Ana Athlete') => ({ email: `athlete${++n}.${Date.now()}@example.test`, name, password: 'squat-every-day-42' });
const admin = { email: ADMIN_EMAIL, name: 'Coach Admin', password: 'admin-pass-9876' };

test('signing up goes straight on to the mailed code and signs in; the session survives a reload; sign out', async ({ page }) => {
  const ana = athlete();
  const since = mailbox.mark();
  await startSignUp(page, app(), ana);
  // No second typing of the password: the code step follows the form, with the server's words above it.
  await expect(
    page
      .getByRole('status')
      .filter({ hasText: /Account created/ })
      .first(),
  ).toBeVisible();
  await expect(page.getByLabel('Password', { exact: true })).toHaveCount(0);
  const code = await mailbox.loginCode(ana.email, since);
  // The code step by keyboard.
  const codeField = page.getByLabel('Sign-in code');
  await expect(codeField).toBeFocused();
  await expect(codeField).toHaveAttribute('autocomplete', 'one-time-code');
  await expect(page.getByRole('button', { name: /Send a new code in \d+ s/ })).toBeDisabled();
  await page.keyboard.type(code);
  await page.keyboard.press('Enter');

  await expect(page).toHaveURL(/dashboard-page$/);
  const nav = page.getByRole('navigation', { name: 'Main' });
  await expect(nav.getByRole('link', { name: 'Dashboard' })).toBeVisible();
  await expect(nav.getByRole('button', { name: /Timeline/ })).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Admin Tools' })).toHaveCount(0);
  await expect(page.getByText('Admin', { exact: true })).toHaveCount(0);
  const stored = await page.evaluate(() => JSON.parse(localStorage.getItem('auth-storage') ?? 'null'));
  expect(stored).toMatchObject({ user: { email: ana.email, display_name: ana.name }, role: 'subscriber' });
  expect(JSON.stringify(stored)).not.toContain('eyJ'); // no access token at rest

  await page.reload();
  await expectSignedIn(page);
  await expect(nav.getByRole('link', { name: 'Dashboard' })).toBeVisible();
  // The signed-out page opened while signed in does not claim otherwise.
  await page.goto(`${app().url}signed-out-page`);
  await expect(page.getByRole('heading', { name: 'You are still signed in' })).toBeVisible();
  await page.goBack();

  await signOut(page);
  await expect(page).toHaveURL(/signed-out-page$/);
  await expect(page.getByRole('link', { name: 'Sign In', exact: true })).toBeVisible();
  await expect(nav.getByRole('link', { name: 'Dashboard' })).toHaveCount(0);
  await page.reload();
  await expect(page.getByRole('link', { name: 'Sign In', exact: true })).toBeVisible();
  // Signing in again is email, password and a fresh code (the demo sign-in is not offered: this server has no demo world).
  await page.goto(`${app().url}login-page`);
  await expect(page.getByRole('heading', { name: 'Try the demo' })).toHaveCount(0);
  await signIn(page, app(), mailbox, ana);
  await expectSignedIn(page);
});

test('a wrong code is refused in words and the right one still works', async ({ page }) => {
  const ana = athlete();
  await apiRegister(app(), ana);
  await page.goto(`${app().url}login-page`);
  const since = mailbox.mark();
  await page.getByLabel('Email').fill(ana.email);
  await page.getByLabel('Password', { exact: true }).fill(ana.password);
  await page.getByRole('button', { name: 'Send sign-in code' }).click();
  const code = await mailbox.loginCode(ana.email, since);
  const wrong = code === '000000' ? '111111' : '000000';
  await page.getByLabel('Sign-in code').fill(wrong);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByRole('alert')).toContainText(/wrong|expired/i);
  await page.getByLabel('Sign-in code').fill(code);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expectSignedIn(page);
});

test('a protected page sends a visitor to sign in and back', async ({ page }) => {
  const ana = athlete();
  await apiRegister(app(), ana);
  await page.goto(`${app().url}my-results-page`);
  await expect(page).toHaveURL(/login-page\?next=%2Fmy-results-page$/);
  await signIn(page, app(), mailbox, ana, 'login-page?next=%2Fmy-results-page');
  await expect(page).toHaveURL(/my-results-page$/);
});

test('an admin sees the Admin Tools bar and the Admin badge; a subscriber is refused admin pages', async ({ page, browser }) => {
  await openSignedIn(page, app(), mailbox, admin, 'dashboard-page');
  const ana = athlete();
  const bar = page.getByRole('navigation', { name: 'Admin Tools' });
  await expect(bar).toBeVisible();
  for (const name of [
    'Test Management',
    'Test Approval',
    'Historical Upload',
    'Challenges',
    'Feedback',
    'Sign-out Feedback',
    'Error Logs',
    'Security',
  ]) {
    await expect(bar.getByRole('link', { name, exact: true })).toBeVisible();
  }
  await expect(page.locator('.admin-badge')).toHaveText('Admin');
  await expect(page.locator('.admin-badge')).toHaveCSS('background-color', 'rgb(250, 204, 21)');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  const results = await axeBuilder(page).analyze();
  expect(results.violations.map((v) => v.id)).toEqual([]);

  const other = await browser.newPage();
  await openSignedIn(other, app(), mailbox, ana, 'dashboard-page');
  await expectSignedIn(other);
  await other.goto(`${app().url}admin-feedback-page`);
  await expect(other.getByRole('heading', { name: 'Not allowed' })).toBeVisible();
  await other.close();
});

test('forgot password: the mailed link sets a new password and old sessions end', async ({ page }) => {
  const ana = athlete();
  await apiRegister(app(), ana);
  const since = mailbox.mark();
  await page.goto(`${app().url}forgot-password-page`);
  await page.getByLabel('Email').fill(ana.email);
  await page.getByRole('button', { name: 'Send reset link' }).click();
  await expect(page.getByRole('status')).toBeVisible();
  const mail = await mailbox.waitFor(ana.email, /password-reset-page\?token=/, since);
  const link = /(https?:\/\/\S+password-reset-page\?token=[A-Za-z0-9_-]+)/.exec(mail.text)![1]!;
  await page.goto(link);
  await page.getByLabel('New password', { exact: true }).fill('a-brand-new-pass-77');
  await page.getByLabel('Repeat the new password').fill('a-brand-new-pass-77');
  await page.getByRole('button', { name: 'Set new password' }).click();
  await expect(page.getByRole('status')).toBeVisible();
  // The link works once.
  await page.goto(link);
  await expect(page.getByRole('alert')).toContainText(/invalid or has expired/);
  ana.password = 'a-brand-new-pass-77';
  await signIn(page, app(), mailbox, ana);
  await expectSignedIn(page);
});

test('an ended session shows the Session Expired dialog and goes to sign in after 10 seconds', async ({ page }) => {
  test.setTimeout(60_000);
  await openSignedIn(page, app(), mailbox, admin, 'dashboard-page');
  // Every countdown text the dialog shows, as it shows it (on loaded cores a second may pass before a check looks).
  await page.evaluate(() => {
    const shown: string[] = [];
    const seen = window as unknown as { countdown: string[]; countdownAt: number };
    seen.countdown = shown;
    new MutationObserver(() => {
      const text = document
        .querySelector('[role="alertdialog"]')
        ?.textContent?.match(/Auto-redirecting to login in \d+ seconds\.\.\./)?.[0];
      if (text && !shown.length) seen.countdownAt = Date.now();
      if (text && shown.at(-1) !== text) shown.push(text);
    }).observe(document.body, { subtree: true, childList: true, characterData: true });
  });
  // The session ends on the server (as a sign-out elsewhere or a password reset would do).
  await page.evaluate(async () => {
    await fetch('./api/auth/logout', { method: 'POST', credentials: 'include' });
  });
  await page.getByRole('navigation', { name: 'Admin Tools' }).getByRole('link', { name: 'Feedback', exact: true }).click();
  const dialog = page.getByRole('alertdialog', { name: 'Session Expired' });
  await expect(dialog).toBeVisible({ timeout: 20_000 });
  await expect(dialog).toContainText('Your session has expired for security reasons. Please log in again to continue using the app.');
  await expect(dialog).toContainText(/Auto-redirecting to login in \d+ seconds\.\.\./);
  const countdown = () => page.evaluate(() => (window as unknown as { countdown: string[] }).countdown);
  expect((await countdown())[0]).toBe('Auto-redirecting to login in 10 seconds...');
  await expect(page.getByText('Your session has expired. Please log in again.').first()).toBeVisible();
  const shownAt = await page.evaluate(() => (window as unknown as { countdownAt: number }).countdownAt);
  // The redirect remembers the page, so signing in again returns there.
  await expect(page).toHaveURL(/login-page\?next=%2Fadmin-feedback-page$/, { timeout: 15_000 });
  expect(Date.now() - shownAt).toBeGreaterThan(8_000);
  await expect(dialog).toHaveCount(0);
  await expect(page.getByRole('link', { name: 'Sign In', exact: true })).toBeVisible();
});

test('Dismiss on the Session Expired dialog signs out and stays on the page', async ({ page }) => {
  test.setTimeout(60_000);
  const ana = athlete();
  await page.clock.install();
  await openSignedIn(page, app(), mailbox, ana, 'dashboard-page');
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Challenges' }).click();
  await page.evaluate(async () => {
    await fetch('./api/auth/logout', { method: 'POST', credentials: 'include' });
  });
  await page
    .getByRole('navigation', { name: 'Main' })
    .getByRole('button', { name: /Timeline/ })
    .click();
  const dialog = page.getByRole('alertdialog', { name: 'Session Expired' });
  await expect(dialog).toBeVisible({ timeout: 20_000 });
  await dialog.getByRole('button', { name: 'Dismiss' }).click();
  await expect(dialog).toHaveCount(0);
  await expect(page).toHaveURL(/challenge-discovery-page$/);
  await expect(page.getByRole('link', { name: 'Sign In', exact: true })).toBeVisible();
  // Past the 10 s the dialog would have redirected after: still here.
  await page.clock.fastForward(11_000);
  await expect(page).toHaveURL(/challenge-discovery-page$/);
  await expect(page.getByRole('link', { name: 'Sign In', exact: true })).toBeVisible();
});

test('signed in as an admin, every page of the spec renders in both URL forms', async ({ page }) => {
  test.setTimeout(180_000);
  await openSignedIn(page, app(), mailbox, admin, 'dashboard-page');
  const protectedPaths = routePaths().filter(({ route }) => route.access !== 'public');
  expect(protectedPaths.length).toBeGreaterThan(40);
  for (const { path, route } of protectedPaths) {
    // Client-side navigation keeps the in-memory session, as a person clicking around would.
    await page.evaluate((p) => {
      window.history.pushState(null, '', `.${p}`);
      window.dispatchEvent(new PopStateEvent('popstate'));
    }, path);
    const heading = page.getByRole('heading', { level: 1 }).first();
    await expect(heading, path).toBeVisible();
    if (!route.load) await expect(heading, path).toHaveText(route.title);
    await expect(page.getByRole('heading', { name: /Page not found|Not allowed|Sign in/ }), path).toHaveCount(0);
  }
  expect(pageRoutes.filter((r) => r.access === 'admin').length).toBeGreaterThan(10);
});
