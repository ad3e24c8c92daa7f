import { expect, test, type Page } from '@playwright/test';
import { useAppWithMail } from './support/accounts.ts';
import { axeClean } from './support/api.ts';
import { choose } from './support/choose.ts';
import { openSignedIn } from './support/signed-in.ts';

const { app, mailbox } = useAppWithMail();

async function scoreReps(page: Page, reps: string) {
  await page.getByRole('link', { name: 'Submit a score' }).click();
  await page.getByLabel('Reps', { exact: true }).fill(reps);
  await page.getByRole('button', { name: 'Submit score' }).click();
  await expect(page.getByRole('heading', { name: 'New best!' })).toBeVisible();
}

test('a team challenge (best 2): athletes create and join teams, the Teams tab ranks the teams', async ({ page, browser }) => {
  test.setTimeout(150_000);
  const coach = { email: 'coach@example.test', name: 'Coach Carla', password: 'coach-password-1' };
  await openSignedIn(page, app(), mailbox, coach, 'create-challenge-page');
  await page.getByLabel('Title').fill('Team pull-ups');
  await choose(page, 'Scoring', 'Max reps');
  await page.getByLabel('Teams').check();
  await choose(page, 'Team score', 'Best N');
  await page.getByLabel('Members counted (N)').fill('2');
  await page.getByLabel('Largest team').fill('3');
  await axeClean(page);
  await page.getByRole('button', { name: 'Create challenge' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Team pull-ups' })).toBeVisible();
  await expect(page.getByText('team score: best 2 of members’ bests')).toBeVisible();
  const detailPath = page.url().slice(app().url.length);

  // The coach creates Steel and scores 50: one counted member, fewer than N.
  await page.getByLabel('Team name').fill('Steel');
  await page.getByRole('button', { name: 'Create team and join' }).click();
  await expect(page.getByText('You are in, Rx, team Steel.')).toBeVisible();
  await scoreReps(page, '50');

  // Ana creates Iron; Ben joins it: two counted members (30 + 25) rank above Steel.
  const ana = await (await browser.newContext()).newPage();
  await openSignedIn(ana, app(), mailbox, { email: 'ana@example.test', name: 'Ana Athlete', password: 'ana-password-1' }, detailPath);
  await ana.getByLabel('Team name').fill('Iron');
  await ana.getByRole('button', { name: 'Create team and join' }).click();
  await expect(ana.getByText('You are in, Rx, team Iron.')).toBeVisible();
  await scoreReps(ana, '30');
  await ana.close();

  const ben = await (await browser.newContext()).newPage();
  await openSignedIn(ben, app(), mailbox, { email: 'ben@example.test', name: 'Ben Athlete', password: 'ben-password-1' }, detailPath);
  await ben.getByLabel('Join a team').check();
  await choose(ben, 'Choose a team', 'Iron (1 of 3)');
  await axeClean(ben);
  await ben.getByRole('button', { name: 'Join team' }).click();
  await expect(ben.getByText('You are in, Rx, team Iron.')).toBeVisible();
  await scoreReps(ben, '25');
  await ben.getByRole('link', { name: 'See the leaderboard' }).click();
  await ben.getByRole('tab', { name: 'Teams' }).click();
  const rows = ben.getByRole('table', { name: 'Team pull-ups team board' }).getByRole('row');
  // Rank, team, members, counted, team score (the members list is folded inside its cell).
  await expect(rows.nth(1).getByRole('cell').nth(0)).toHaveText('1');
  await expect(rows.nth(1).getByRole('rowheader')).toHaveText('Iron (your team)');
  await expect(rows.nth(1).getByRole('cell').nth(2)).toHaveText('2');
  await expect(rows.nth(1).getByRole('cell').nth(3)).toHaveText('55 reps');
  await expect(rows.nth(2).getByRole('cell').nth(0)).toHaveText('2');
  await expect(rows.nth(2).getByRole('rowheader')).toHaveText('Steel');
  await expect(rows.nth(2).getByRole('cell').nth(3)).toHaveText('50 reps');
  await expect(rows.nth(1).getByText('Ana Athlete: 30 reps')).toBeHidden();
  await rows.nth(1).getByText('2 members').click();
  await expect(rows.nth(1)).toContainText('Ana Athlete: 30 reps');
  await expect(rows.nth(1)).toContainText('Ben Athlete: 25 reps');
  await axeClean(ben);
  await ben.close();
});
