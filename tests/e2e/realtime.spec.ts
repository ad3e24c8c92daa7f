import { expect, test } from '@playwright/test';
import { useAppWithMail } from './support/accounts.ts';
import { apiSignIn, apiCall, axeClean, setClock } from './support/api.ts';
import { expectSignedIn } from './support/header.ts';
import { openSignedIn } from './support/signed-in.ts';

// The server's clock can be moved (TEST_CLOCK=1), so six days of history take seconds.
const { app, mailbox } = useAppWithMail({ TEST_CLOCK: '1' });
const DAY = 86_400_000;

test('a score that completes a 7-day streak pops up with Share, and a watcher sees the board move live', async ({ browser }) => {
  test.setTimeout(300_000);
  // Six days of history are moves of the server's clock from the real one: a run crossing midnight (UTC, Ana's zone)
  // between two of them, or before today's score, loses a day (a 5-day streak, seen at 00:00). Close to midnight, the
  // test waits for it to pass first.
  const toMidnight = DAY - (Date.now() % DAY);
  if (toMidnight < 180_000) await new Promise((resolve) => setTimeout(resolve, toMidnight + 1_000));
  const a = app();
  const coach = { email: 'coach@example.test', name: 'Coach Carla', password: 'coach-password-1' };
  const ana = { email: 'ana@example.test', name: 'Ana Streak', password: 'ana-password-1' };
  const ben = { email: 'ben@example.test', name: 'Ben Rival', password: 'ben-password-1' };

  // Six days ago: a pull-up challenge opens; Ben scores 40, Ana 10.
  await setClock(a, -6 * DAY);
  const coachApi = await apiSignIn(a, mailbox, coach);
  const now = Date.now() - 6 * DAY;
  const challenge = await apiCall(a, coachApi, 'POST', 'api/challenges/', {
    title: 'Max pull-ups week',
    score_type: 'reps',
    starts_at: new Date(now - 3_600_000).toISOString(),
    ends_at: new Date(now + 30 * DAY).toISOString(),
  });
  const id = challenge.id as number;
  const benApi = await apiSignIn(a, mailbox, ben);
  await apiCall(a, benApi, 'POST', `api/challenges/${id}/join`, { division: 'rx', sex: 'male' });
  await apiCall(a, benApi, 'POST', `api/challenges/${id}/submit-score`, { reps: 40 });
  // Ana scores on each of the six days before today.
  for (let day = 6; day >= 1; day -= 1) {
    await setClock(a, -day * DAY);
    const anaApi = await apiSignIn(a, mailbox, ana);
    if (day === 6) await apiCall(a, anaApi, 'POST', `api/challenges/${id}/join`, { division: 'rx', sex: 'female' });
    await apiCall(a, anaApi, 'POST', `api/challenges/${id}/submit-score`, { reps: 10 + (6 - day) });
  }
  await setClock(a, 0);

  // The coach watches the leaderboard in another browser: Ben first, Ana second.
  const watcher = await (await browser.newContext()).newPage();
  await openSignedIn(watcher, a, mailbox, coach, `challenge-leaderboard-page?id=${id}`);
  await expectSignedIn(watcher);
  const rows = watcher.getByRole('table').getByRole('row');
  await expect(rows.nth(1)).toContainText('Ben Rival');
  await expect(rows.nth(2)).toContainText('Ana Streak');

  // Ana, today: her dashboard shows a 6-day streak one day from the 7-day milestone.
  const page = await (await browser.newContext()).newPage();
  await openSignedIn(page, a, mailbox, ana, 'dashboard-page');
  await expectSignedIn(page);
  const daily = page.getByTestId('streak-daily_submissions');
  await expect(daily).toContainText('6 days');
  await expect(daily).toContainText('Best: 6');
  await expect(daily).toContainText('Next milestone: 7');
  await expect(daily.getByRole('progressbar')).toHaveAttribute('aria-valuenow', '86');
  await axeClean(page);
  await page.getByRole('button', { name: 'Hide' }).click();
  await expect(daily).toBeHidden();
  await page.getByRole('button', { name: 'Show' }).click();
  await expect(daily).toBeVisible();

  // The seventh day: a score that also takes first place, sent as soon as the form is there (the page's socket
  // may not be open yet: the achievement then pops up when it connects, taken from the server once).
  await page.goto(`${a.url}score-submission-page?id=${id}`);
  await page.getByLabel('Reps', { exact: true }).fill('45');
  await page.getByRole('button', { name: 'Submit score' }).click();
  const popup = page.getByTestId('achievement-popup').filter({ hasText: '7-day daily submissions' });
  await expect(popup).toBeVisible({ timeout: 10_000 });
  await expect(popup).toContainText('UNCOMMON');
  await expect(popup).toContainText('+70 points');
  await expect(popup).toContainText('Daily submissions');
  await expect(popup.getByRole('button', { name: 'Share Achievement' })).toBeVisible();

  // Share: without navigator.share the text goes to the clipboard. (First: the popup leaves after its
  // few seconds, which a slow machine's screenshot and axe scan would use up.)
  await page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
  await page.evaluate(() => Object.defineProperty(navigator, 'share', { value: undefined, configurable: true }));
  await popup.getByRole('button', { name: 'Share Achievement' }).click();
  await expect(page.getByText('Copied to clipboard', { exact: true })).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toContain('I just unlocked: 7-day daily submissions');
  await page.screenshot({ path: 'test-results/achievement-popup.png' });
  await axeClean(page);

  // The watcher's board moved without a reload, sooner than its 15-second poll.
  await expect(rows.nth(1)).toContainText('Ana Streak', { timeout: 8_000 });
  await expect(rows.nth(2)).toContainText('Ben Rival');

  // Dismissed (or timed out on a slow machine), it goes; the dashboard lists what was unlocked.
  if (await popup.isVisible()) await popup.getByRole('button', { name: 'Close' }).click();
  await expect(popup).toBeHidden();
  await page.goto(`${a.url}dashboard-page`);
  await expect(page.getByTestId('streak-daily_submissions')).toContainText('7 days');
  await expect(page.getByRole('region', { name: 'Achievements' })).toContainText('7-day daily submissions');
  await page.screenshot({ path: 'test-results/dashboard-streaks.png', fullPage: true });
  await watcher.close();
  await page.close();
});
