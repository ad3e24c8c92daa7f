import { expect, test } from '@playwright/test';
import { useAppWithMail } from './support/accounts.ts';
import { apiCall, apiSignIn, axeClean } from './support/api.ts';
import { openSignedIn } from './support/signed-in.ts';

const { app, mailbox } = useAppWithMail();

test('an athlete goes live and taps; a spectator in another browser sees the count move live; the end puts the score on the board', async ({
  page,
  browser,
}, testInfo) => {
  test.setTimeout(180_000);
  const a = app();
  const coach = await apiSignIn(a, mailbox, { email: 'coach-live@example.test', name: 'Coach Carla', password: 'coach-password-1' });
  const now = Date.now();
  const c = await apiCall(a, coach, 'POST', 'api/challenges/', {
    title: 'Burpees live',
    score_type: 'reps',
    starts_at: new Date(now - 3_600_000).toISOString(),
    ends_at: new Date(now + 86_400_000).toISOString(),
  });
  const anaWho = { email: 'ana-live@example.test', name: 'Ana Athlete', password: 'ana-password-1' };
  const ana = await apiSignIn(a, mailbox, anaWho);
  await apiCall(a, ana, 'POST', `api/challenges/${String(c.id)}/join`, { division: 'rx', sex: 'female' });
  const fanWho = { email: 'fan-live@example.test', name: 'Fan Finn', password: 'fan-password-1' };

  // The athlete, on a phone: Go live from the challenge's page.
  await page.setViewportSize({ width: 360, height: 780 });
  await openSignedIn(page, a, mailbox, anaWho, `challenge-detail-page?id=${String(c.id)}`);
  await page.getByRole('link', { name: 'Go live' }).click();
  await page.getByRole('button', { name: 'Start the clock' }).click();
  const tap = page.getByRole('button', { name: /^\+1/ });
  await expect(tap).toBeVisible();
  for (let i = 0; i < 3; i++) await tap.click();
  await expect(page.locator('.live-count-number')).toHaveText('3');

  // A spectator in another browser context finds the attempt and watches it.
  const fanPage = await (await browser.newContext()).newPage();
  await openSignedIn(fanPage, a, mailbox, fanWho, 'live-spectating');
  await fanPage.getByRole('link', { name: 'Watch Ana Athlete' }).click();
  const count = fanPage.getByTestId('live-count');
  await expect(count).toHaveText('3');
  await expect(fanPage.getByText('Watching').locator('..')).toContainText('1');
  // The count follows the taps live (over the socket; the page would otherwise read again only every 5 s).
  for (let i = 0; i < 4; i++) await tap.click();
  await expect(count).toHaveText('7', { timeout: 1500 });
  await page.getByRole('button', { name: 'Undo one (−1)' }).click();
  await expect(count).toHaveText('6', { timeout: 1500 });
  await axeClean(fanPage);
  await axeClean(page);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  await page.screenshot({ path: testInfo.outputPath('live-counter-360.png'), fullPage: true });

  await page.getByRole('button', { name: 'End and submit' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Submitted: 6 reps' })).toBeVisible();
  await expect(fanPage.getByText('Ana Athlete finished live: 6 reps')).toBeVisible();
  await page.getByRole('link', { name: 'See the board' }).click();
  const rows = page.getByRole('table').getByRole('row');
  await expect(rows.nth(1)).toContainText('Ana Athlete');
  await expect(rows.nth(1)).toContainText('6 reps');
  await fanPage.goto(`${a.url}live-spectating`);
  await expect(fanPage.getByRole('heading', { name: 'Nobody is live right now' })).toBeVisible();
});
