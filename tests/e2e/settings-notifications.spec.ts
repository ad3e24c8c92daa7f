import { expect, test, type Page } from '@playwright/test';
import { useAppWithMail } from './support/accounts.ts';
import type { RunningApp } from './support/app.ts';
import { apiCall, apiSignIn, axeClean, setClock } from './support/api.ts';
import { expectSignedIn } from './support/header.ts';
import { openSignedIn } from './support/signed-in.ts';

// The server's clock can be moved (TEST_CLOCK=1): a 3-day streak takes seconds.
const { app, mailbox } = useAppWithMail({ TEST_CLOCK: '1' });
const DAY = 86_400_000;

/** Sets the two popup switches on /settings and saves them. */
async function choosePopups(page: Page, a: RunningApp, on: boolean) {
  await page.goto(`${a.url}settings`);
  for (const name of ['Achievement popups in the app', 'Streak milestone popups in the app']) {
    const control = page.getByRole('switch', { name });
    if ((await control.getAttribute('aria-checked')) !== String(on)) await control.click();
    await expect(control).toHaveAttribute('aria-checked', String(on));
  }
  const saved = page.waitForResponse((r) => r.url().endsWith('/api/settings') && r.request().method() === 'PUT');
  await page.getByRole('button', { name: 'Save notification choices' }).click();
  expect((await saved).status()).toBe(200);
  await expect(page.getByText('Notification choices saved.', { exact: true })).toBeVisible();
}

/** Submits a score on the page and waits until the server's real-time message of that kind reached it. */
async function submitAndHear(page: Page, a: RunningApp, id: number, reps: number, messageType: string) {
  await page.goto(`${a.url}score-submission-page?id=${id}`);
  const heard = new Promise<void>((resolve) => {
    page.on('websocket', (ws) =>
      ws.on('framereceived', ({ payload }) => {
        if (String(payload).includes(`"${messageType}"`)) resolve();
      }),
    );
  });
  await page.getByLabel('Reps', { exact: true }).fill(String(reps));
  await page.getByRole('button', { name: 'Submit score' }).click();
  return heard;
}

test('achievement popups switched off stay away while the dashboard lists them; switched on, the next one pops up', async ({ browser }) => {
  test.setTimeout(150_000);
  const a = app();
  const coach = { email: 'coach@example.test', name: 'Coach Carla', password: 'coach-password-1' };
  const ana = { email: 'ana@example.test', name: 'Ana Quiet', password: 'ana-password-1' };

  const coachApi = await apiSignIn(a, mailbox, coach);
  const challenge = await apiCall(a, coachApi, 'POST', 'api/challenges/', {
    title: 'Quiet pull-ups',
    score_type: 'reps',
    starts_at: new Date(Date.now() - 3_600_000).toISOString(),
    ends_at: new Date(Date.now() + 30 * DAY).toISOString(),
  });
  const id = challenge.id as number;
  const anaApi = await apiSignIn(a, mailbox, ana);
  await apiCall(a, anaApi, 'POST', `api/challenges/${id}/join`, { division: 'rx', sex: 'female' });

  // The table says what comes in the app and what always comes by mail.
  let page = await (await browser.newContext()).newPage();
  await openSignedIn(page, a, mailbox, ana, 'settings');
  await expectSignedIn(page);
  const table = page.getByRole('region', { name: 'Notifications by kind' });
  const signInCodes = table.getByRole('switch', { name: 'Sign-in codes by mail (always on)' });
  await expect(signInCodes).toBeDisabled();
  await expect(signInCodes).toHaveAttribute('aria-checked', 'true');
  await expect(table.getByRole('switch', { name: 'Popup sound in the app' })).toHaveAttribute('aria-checked', 'false');
  await axeClean(page);

  // Popups off: the first score unlocks "On the board" without a popup; the dashboard lists it.
  await choosePopups(page, a, false);
  await submitAndHear(page, a, id, 10, 'achievement_unlocked');
  await page.waitForTimeout(1000);
  await expect(page.getByTestId('achievement-popup')).toHaveCount(0);
  await page.goto(`${a.url}dashboard-page`);
  await expect(page.getByRole('listitem').filter({ hasText: 'On the board' })).toBeVisible();
  await expect(page.getByTestId('achievement-popup')).toHaveCount(0);

  // The choice is the account's: after a reload it is still off.
  await page.goto(`${a.url}settings`);
  await expect(page.getByRole('switch', { name: 'Achievement popups in the app' })).toHaveAttribute('aria-checked', 'false');
  await page.context().close();

  // A week later (a fresh sign-in at the moved clock), popups back on: the second week's score pops up its milestone.
  await setClock(a, 7 * DAY);
  page = await (await browser.newContext()).newPage();
  await openSignedIn(page, a, mailbox, ana, 'dashboard-page');
  await expectSignedIn(page);
  await choosePopups(page, a, true);
  await submitAndHear(page, a, id, 12, 'milestone_reached');
  const popup = page.getByTestId('achievement-popup').filter({ hasText: '2-week weekly participation' });
  await expect(popup).toBeVisible({ timeout: 20_000 });
});

test('a team invitation comes by mail with a way to stop it; switched off on /settings, the choice survives a reload', async ({
  browser,
}) => {
  test.setTimeout(120_000);
  const a = app();
  const cap = { email: 'cap@example.test', name: 'Cara Captain', password: 'cara-password-1' };
  const dee = { email: 'dee@example.test', name: 'Dee Mail', password: 'dee-password-1' };
  const capApi = await apiSignIn(a, mailbox, cap);
  await apiSignIn(a, mailbox, dee);

  // On by default: the invitation reaches the inbox and, after the commit, the mailbox (real SMTP).
  const since = mailbox.mark();
  const team = await apiCall(a, capApi, 'POST', 'api/teams', { name: 'Mail Wolves' });
  await apiCall(a, capApi, 'POST', `api/teams/${team.id as number}/invitations`, { email: dee.email });
  const mail = await mailbox.waitFor(dee.email, /team-dashboard-page\?id=/, since);
  expect(mail.subject).toBe('Cara Captain invited you to join Mail Wolves');
  expect(mail.text).toMatch(/switch it off in your notification settings: \S+\/settings#notifications/);

  const page = await (await browser.newContext()).newPage();
  await openSignedIn(page, a, mailbox, dee, 'settings#notifications');
  await expectSignedIn(page);
  const table = page.getByRole('region', { name: 'Notifications by kind' });
  const invitations = table.getByRole('switch', { name: 'Team invitations by mail' });
  await expect(invitations).toHaveAttribute('aria-checked', 'true');
  await expect(table.getByRole('switch', { name: 'New team members by mail' })).toHaveAttribute('aria-checked', 'false');
  await invitations.click();
  const saved = page.waitForResponse((r) => r.url().endsWith('/api/settings') && r.request().method() === 'PUT');
  await page.getByRole('button', { name: 'Save notification choices' }).click();
  expect((await saved).status()).toBe(200);
  await expect(page.getByText('Notification choices saved.', { exact: true })).toBeVisible();
  await page.reload();
  await expect(page.getByRole('switch', { name: 'Team invitations by mail' })).toHaveAttribute('aria-checked', 'false');
  await expect(page.getByRole('switch', { name: 'Removed from a team by mail' })).toHaveAttribute('aria-checked', 'true');
});

test('the settings page at 1280 and 360 px, light and dark', async ({ browser }) => {
  test.setTimeout(90_000);
  const a = app();
  const cy = { email: 'cy@example.test', name: 'Cy Look', password: 'cy-password-1' };
  const page = await (await browser.newContext()).newPage();
  await openSignedIn(page, a, mailbox, cy, 'dashboard-page');
  for (const scheme of ['Light', 'Dark'] as const) {
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.getByRole('group', { name: 'Theme' }).getByRole('button', { name: scheme }).click();
    for (const width of [1280, 360]) {
      await page.setViewportSize({ width, height: 900 });
      await page.goto(`${a.url}settings#notifications`);
      await expect(page.getByRole('button', { name: 'Save notification choices' })).toBeVisible();
      // Neither the page nor the table scrolls sideways.
      const wider = await page.evaluate(() =>
        [...document.querySelectorAll('body *')]
          .filter((e) => e.getBoundingClientRect().right > window.innerWidth + 1)
          .map((e) => `${e.tagName}.${e.className}`)
          .slice(0, 5),
      );
      expect(wider, `${width} ${scheme}`).toEqual([]);
      expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
      await page.screenshot({ path: `test-results/settings-notifications-${width}-${scheme.toLowerCase()}.png`, fullPage: true });
    }
  }
  await axeClean(page);
});
