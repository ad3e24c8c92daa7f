import { expect, test } from '@playwright/test';
import { ADMIN_EMAIL, useAppWithMail } from './support/accounts.ts';
import { axeClean } from './support/api.ts';
import { choose } from './support/choose.ts';
import { openSignedIn } from './support/signed-in.ts';

const { app, mailbox } = useAppWithMail();

test('create a challenge, another athlete joins and scores, the board orders them, the creator edits, an admin deletes', async ({
  page,
  browser,
}) => {
  test.setTimeout(120_000);
  const coach = { email: 'coach@example.test', name: 'Coach Carla', password: 'coach-password-1' };
  await openSignedIn(page, app(), mailbox, coach, 'create-challenge-page');
  await page.getByLabel('Title').fill('Fran for the gym');
  await page.getByLabel('Workout and rules').fill('21-15-9\nThrusters 43 kg\nPull-ups');
  await choose(page, 'Scoring', 'For time');
  await page.getByLabel('Time cap (minutes, optional)').fill('10');
  await page.getByRole('button', { name: 'Create challenge' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Fran for the gym' })).toBeVisible();
  const detailUrl = page.url();
  await axeClean(page);

  // The coach joins Rx and scores 4:30.
  await page.getByRole('button', { name: 'Join challenge' }).click();
  await expect(page.getByText('You are in, Rx.')).toBeVisible();
  await page.getByRole('link', { name: 'Submit a score' }).click();
  await page.getByLabel('Your time').fill('4:30');
  await page.getByRole('button', { name: 'Submit score' }).click();
  await expect(page.getByRole('heading', { name: 'New best!' })).toBeVisible();
  await expect(page.getByText('You are 1st of 1 · Rx.')).toBeVisible();

  // A second athlete joins Rx and is faster.
  const ana = await (await browser.newContext()).newPage();
  // Straight to the detail page (its address under the app's mount point).
  await openSignedIn(
    ana,
    app(),
    mailbox,
    { email: 'ana@example.test', name: 'Ana Athlete', password: 'ana-password-1' },
    detailUrl.slice(app().url.length),
  );
  await choose(ana, 'Category', 'Women');
  await ana.getByRole('button', { name: 'Join challenge' }).click();
  await ana.getByRole('link', { name: 'Submit a score' }).click();
  await ana.getByLabel('Your time').fill('3:59');
  await ana.getByRole('button', { name: 'Submit score' }).click();
  await expect(ana.getByRole('heading', { name: 'New best!' })).toBeVisible();
  await ana.getByRole('link', { name: 'See the leaderboard' }).click();
  const rows = ana.getByRole('table').getByRole('row');
  await expect(rows.nth(1)).toContainText('1Ana Athlete (you)Rx3:59');
  await expect(rows.nth(2)).toContainText('2Coach CarlaRx4:30');
  await axeClean(ana);
  // Women only: Ana keeps her overall place.
  await choose(ana, 'Category', 'Women');
  await expect(rows).toHaveCount(2);
  await ana.goto(`${app().url}my-results-page`);
  await expect(ana.getByRole('row').nth(1)).toContainText('Fran for the gym');
  await expect(ana.getByRole('row').nth(1)).toContainText('3:59');
  await ana.close();

  // The creator edits the title.
  await page.goto(detailUrl);
  await page.getByRole('link', { name: 'Edit' }).click();
  await expect(page.getByLabel('Scoring')).toBeDisabled();
  await page.getByLabel('Title').fill('Fran (gym edition)');
  await page.getByRole('button', { name: 'Save changes' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Fran (gym edition)' })).toBeVisible();

  // An admin deletes it with a reason; it shows in the deleted list.
  const admin = await (await browser.newContext()).newPage();
  await openSignedIn(admin, app(), mailbox, { email: ADMIN_EMAIL, name: 'Admin Ada', password: 'admin-password-1' }, 'dashboard-page');
  await admin.getByRole('navigation', { name: 'Admin Tools' }).getByRole('link', { name: 'Challenges', exact: true }).click();
  await admin.getByLabel('Search challenges').fill('gym edition');
  await admin.getByRole('button', { name: 'Delete…' }).click();
  await admin.getByLabel('Reason for deleting “Fran (gym edition)”').fill('Duplicate of the official Fran');
  await admin.getByRole('button', { name: 'Delete challenge' }).click();
  await expect(admin.getByText('Deleted “Fran (gym edition)”.').first()).toBeVisible();
  await admin.getByRole('tab', { name: 'Deleted' }).click();
  await expect(admin.getByRole('row').filter({ hasText: 'Fran (gym edition)' })).toContainText('Duplicate of the official Fran');
  await axeClean(admin);
  await admin.close();
  await page.goto(detailUrl);
  await expect(page.getByRole('heading', { name: 'Challenge not found' })).toBeVisible();
});

test('discovery lists open challenges and the dashboard recommends them', async ({ page }) => {
  await openSignedIn(page, app(), mailbox, { email: 'ben@example.test', name: 'Ben', password: 'ben-password-1' }, 'create-challenge-page');
  await page.getByLabel('Title').fill('Max pull-ups');
  await choose(page, 'Scoring', 'Max reps');
  await page.getByRole('button', { name: 'Create challenge' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Max pull-ups' })).toBeVisible();
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Challenges' }).click();
  await expect(page.getByRole('link', { name: 'Max pull-ups' })).toBeVisible();
  await page.getByLabel('Search').fill('zzz-nothing');
  await expect(page.getByText('No challenge matches.')).toBeVisible();
  await axeClean(page);
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Dashboard' }).click();
  await expect(page.getByRole('heading', { name: 'Recommended for you' })).toBeVisible();
  await axeClean(page);
});
