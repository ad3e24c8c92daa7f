import { expect, test } from '@playwright/test';
import { useAppWithMail } from './support/accounts.ts';
import { apiCall, apiSignIn, axeClean } from './support/api.ts';
import { openSignedIn } from './support/signed-in.ts';

const { app, mailbox } = useAppWithMail();
const DAY = 86_400_000;

test('an athlete with two scores sees them counted, her place and percentile; a new athlete sees where to start', async ({ browser }) => {
  test.setTimeout(120_000);
  const a = app();
  const coach = { email: 'coach@example.test', name: 'Coach Carla', password: 'coach-password-1' };
  const ana = { email: 'ana@example.test', name: 'Ana Numbers', password: 'ana-password-1' };
  const ben = { email: 'ben@example.test', name: 'Ben New', password: 'ben-password-1' };

  const coachApi = await apiSignIn(a, mailbox, coach);
  const challenge = await apiCall(a, coachApi, 'POST', 'api/challenges/', {
    title: 'Max pull-ups week',
    score_type: 'reps',
    starts_at: new Date(Date.now() - 3_600_000).toISOString(),
    ends_at: new Date(Date.now() + 30 * DAY).toISOString(),
  });
  const id = challenge.id as number;
  await apiCall(a, coachApi, 'POST', `api/challenges/${id}/join`, { division: 'rx', sex: 'male' });
  await apiCall(a, coachApi, 'POST', `api/challenges/${id}/submit-score`, { reps: 30 });
  await apiSignIn(a, mailbox, ben);
  const anaApi = await apiSignIn(a, mailbox, ana);
  await apiCall(a, anaApi, 'POST', `api/challenges/${id}/join`, { division: 'rx', sex: 'female' });
  await apiCall(a, anaApi, 'POST', `api/challenges/${id}/submit-score`, { reps: 20 });
  await apiCall(a, anaApi, 'POST', `api/challenges/${id}/submit-score`, { reps: 25 });

  const page = await (await browser.newContext()).newPage();
  await openSignedIn(page, a, mailbox, ana, 'analytics-dashboard-page');
  await expect(page.getByRole('heading', { name: 'Your analytics' })).toBeVisible();
  await expect(page.getByText('2 submissions in the last 26 weeks')).toBeVisible();
  const places = page.getByRole('region', { name: 'Table of places per challenge' });
  const row = places.getByRole('row').filter({ hasText: 'Max pull-ups week' });
  await expect(row).toContainText('2nd of 2 overall');
  await expect(row).toContainText('2nd of 2 · Rx');
  await expect(row).toContainText('50');
  // The chart's numbers as a table.
  await page.getByText('Show the weeks as a table').click();
  const weeks = page.getByRole('region', { name: 'Table of submissions per week' });
  await expect(weeks.getByRole('row')).toHaveCount(27);
  await expect(weeks.getByRole('row').last()).toContainText('2');
  await axeClean(page);
  await page.screenshot({ path: 'test-results/analytics-desktop-light.png', fullPage: true });

  // A phone: nothing scrolls sideways.
  await page.setViewportSize({ width: 360, height: 780 });
  await page.reload();
  await expect(page.getByText('2 submissions in the last 26 weeks')).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  // Dark: still readable (axe checks the contrast).
  await page.evaluate(() => localStorage.setItem('theme', 'dark'));
  await page.reload();
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
  await expect(page.getByText('2 submissions in the last 26 weeks')).toBeVisible();
  await axeClean(page);
  await page.screenshot({ path: 'test-results/analytics-phone-dark.png', fullPage: true });

  // A new athlete: the empty state and where to start.
  const fresh = await (await browser.newContext()).newPage();
  await openSignedIn(fresh, a, mailbox, ben, 'analytics-dashboard-page');
  await expect(fresh.getByText('Submit your first score to see your numbers here.')).toBeVisible();
  await expect(fresh.getByRole('link', { name: 'Find a challenge' })).toBeVisible();
  await axeClean(fresh);
});
