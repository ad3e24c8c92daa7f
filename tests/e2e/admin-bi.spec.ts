import { readFile } from 'node:fs/promises';
import { expect, test } from '@playwright/test';
import { ADMIN_EMAIL, useAppWithMail } from './support/accounts.ts';
import { apiCall, apiSignIn, axeClean } from './support/api.ts';
import { openSignedIn } from './support/signed-in.ts';

const { app, mailbox } = useAppWithMail();
const DAY = 86_400_000;
// Sign-ins through mail, a rollup and axe twice on a shared two-core machine: more than the default minute.
test.describe.configure({ timeout: 180_000 });

test('an administrator sees signups, active users and the funnel of data just made, refreshes, and downloads a CSV', async ({ page }) => {
  const a = app();
  const coach = { email: 'bi.coach@example.test', name: 'Coach Bea', password: 'coach-password-1' };
  const ana = { email: 'bi.ana@example.test', name: 'Ana Funnel', password: 'ana-password-1' };
  const ben = { email: 'bi.ben@example.test', name: 'Ben Looks', password: 'ben-password-1' };
  const coachApi = await apiSignIn(a, mailbox, coach);
  const challenge = await apiCall(a, coachApi, 'POST', 'api/challenges/', {
    title: 'Burpees, "every minute"',
    score_type: 'reps',
    starts_at: new Date(Date.now() - 3_600_000).toISOString(),
    ends_at: new Date(Date.now() + 30 * DAY).toISOString(),
  });
  const id = challenge.id as number;
  const anaApi = await apiSignIn(a, mailbox, ana);
  const benApi = await apiSignIn(a, mailbox, ben);
  const view = (token?: string) =>
    fetch(`${a.url}api/challenges/${id}`, { headers: token ? { authorization: `Bearer ${token}` } : { 'user-agent': 'Visitor/1.0' } });
  // Ana views twice (one view), joins and submits; Ben only looks; a visitor without an account looks once.
  await view(anaApi.token);
  await view(anaApi.token);
  await view(benApi.token);
  await view();
  await apiCall(a, anaApi, 'POST', `api/challenges/${id}/join`, { division: 'rx', sex: 'female' });
  await apiCall(a, anaApi, 'POST', `api/challenges/${id}/submit-score`, { reps: 40 });
  await apiCall(a, coachApi, 'POST', `api/challenges/${id}/join`, { division: 'rx', sex: 'female' });

  await openSignedIn(
    page,
    a,
    mailbox,
    { email: ADMIN_EMAIL, name: 'Admin Iris', password: 'admin-pass-9876' },
    'admin-business-intelligence',
  );
  await expect(page.getByRole('heading', { name: 'Business intelligence', level: 1 })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Creator economy' })).toBeVisible();
  await expect(page.getByText('No payment, refund or payout in this range.')).toBeVisible();
  await page.getByRole('button', { name: 'Refresh now' }).click();
  // Four accounts made today, all four active today (each made a signed-in call).
  await expect(page.getByTestId('bi-signups')).toHaveText('4');
  await expect(page.getByTestId('bi-daily')).toHaveText('4');
  await expect(page.getByTestId('bi-weekly')).toHaveText('4');
  await expect(page.getByTestId('bi-monthly')).toHaveText('4');
  await expect(page.getByTestId('bi-refreshed')).toContainText('Figures as of');
  await expect(page.getByTestId('funnel-viewers')).toHaveText('3');
  await expect(page.getByTestId('funnel-joiners')).toHaveText('2');
  await expect(page.getByTestId('funnel-submitters')).toHaveText('1');
  const row = page.getByRole('region', { name: 'Funnel per challenge' }).getByRole('row').filter({ hasText: 'Burpees' });
  await expect(row).toContainText('66.7%');
  await expect(row).toContainText('50%');
  const cohorts = page.getByRole('region', { name: 'Table of retention by signup week' });
  await expect(cohorts.getByRole('row')).toHaveCount(2);
  await expect(cohorts.getByRole('row').last()).toContainText('100%');
  await axeClean(page);
  await page.screenshot({ path: 'test-results/admin-bi-desktop-light.png', fullPage: true });

  const downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download CSV of challenge funnel' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe('repforge-funnel-30d.csv');
  const csv = await readFile((await download.path())!, 'utf8');
  const lines = csv.trim().split('\r\n');
  expect(lines[0]).toBe('challenge_id,challenge,viewers,joiners,submitters,join_percent,submit_percent');
  expect(lines[1]).toBe(',All challenges,3,2,1,66.7,50');
  expect(lines[2]).toBe(`${id},"Burpees, ""every minute""",3,2,1,66.7,50`);

  // Another range asks again and keeps the numbers (all made today).
  await page.getByRole('radio', { name: 'Last 90 days' }).click();
  await expect(page).toHaveURL(/range=90/);
  await expect(page.getByTestId('bi-signups')).toHaveText('4');

  // A phone in the dark theme: nothing scrolls sideways, and the heat colours keep their contrast.
  await page.setViewportSize({ width: 360, height: 780 });
  await page.evaluate(() => localStorage.setItem('theme', 'dark'));
  await page.reload();
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
  await expect(page.getByTestId('bi-signups')).toHaveText('4');
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  await axeClean(page);
  await page.screenshot({ path: 'test-results/admin-bi-phone-dark.png', fullPage: true });
});

test('an athlete is kept out of the figures', async () => {
  const a = app();
  const who = await apiSignIn(a, mailbox, { email: 'bi.nosy@example.test', name: 'Nosy', password: 'nosy-password-1' });
  const res = await fetch(`${a.url}api/admin/bi`, { headers: { authorization: `Bearer ${who.token}` } });
  expect(res.status).toBe(403);
  const csv = await fetch(`${a.url}api/admin/bi/export/daily`);
  expect(csv.status).toBe(401);
});
