import { expect, test, type Page } from '@playwright/test';
import { expectSignedIn } from './support/header.ts';
import { useAppWithMail, type Athlete } from './support/accounts.ts';
import { apiCall, apiSignIn, axeClean } from './support/api.ts';
import { openSignedIn } from './support/signed-in.ts';

const { app, mailbox } = useAppWithMail();
const person = (name: string): Athlete => ({
  email: `${name.toLowerCase().replace(' ', '.')}@example.test`,
  name,
  password: 'athlete-pass-1',
});

async function phoneChecks(page: Page) {
  await page.setViewportSize({ width: 360, height: 780 });
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  await axeClean(page);
}

test('two alliances of teams in a multi-gym event: the Alliances switch of the Gyms tab ranks them', async ({ page }) => {
  test.setTimeout(180_000);
  const coach = await apiSignIn(app(), mailbox, person('Coach Carla'));
  const hour = 3_600_000;
  const challenge = await apiCall(app(), coach, 'POST', 'api/challenges/', {
    title: 'Alliance wars',
    score_type: 'reps',
    gym_rule: 'sum_points',
    gym_best_n: 2,
    starts_at: new Date(Date.now() - hour).toISOString(),
    ends_at: new Date(Date.now() + 48 * hour).toISOString(),
  });
  const id = challenge.id as number;

  // Four captains, a team each; Harbor Pact (Alpha + Bravo) and Summit Pact (Charlie + Delta) turn active.
  const captains: Record<string, Awaited<ReturnType<typeof apiSignIn>>> = {};
  const teams: Record<string, number> = {};
  for (const [name, team] of [
    ['Ann Alpha', 'Alpha Lifters'],
    ['Ben Bravo', 'Bravo Barbell'],
    ['Cat Charlie', 'Charlie Crew'],
    ['Dan Delta', 'Delta Dogs'],
  ] as const) {
    captains[name] = await apiSignIn(app(), mailbox, person(name));
    teams[team] = (await apiCall(app(), captains[name], 'POST', 'api/teams', { name: team, max_size: 5 })).id as number;
  }
  for (const [alliance, [lead, leadTeam], [other, otherTeam]] of [
    ['Harbor Pact', ['Ann Alpha', 'Alpha Lifters'], ['Ben Bravo', 'Bravo Barbell']],
    ['Summit Pact', ['Cat Charlie', 'Charlie Crew'], ['Dan Delta', 'Delta Dogs']],
  ] as const) {
    const proposed = await apiCall(app(), captains[lead]!, 'POST', `api/teams/${teams[leadTeam]}/alliances`, {
      name: alliance,
      team_ids: [teams[otherTeam]],
    });
    await apiCall(app(), captains[other]!, 'POST', `api/alliances/${proposed.id as number}/teams/${teams[otherTeam]}/accept`, {});
  }
  // Board: Cat 60, Ann 50, Dan 48, Eve (no team) 45, Ben 40 → 5 to 1 points: Summit 5 + 3 = 8, Harbor 4 + 1 = 5.
  const eve = await apiSignIn(app(), mailbox, person('Eve Solo'));
  for (const [s, reps] of [
    [captains['Cat Charlie']!, 60],
    [captains['Ann Alpha']!, 50],
    [captains['Dan Delta']!, 48],
    [eve, 45],
    [captains['Ben Bravo']!, 40],
  ] as const) {
    await apiCall(app(), s, 'POST', `api/challenges/${id}/join`, { division: 'rx' });
    await apiCall(app(), s, 'POST', `api/challenges/${id}/submit-score`, { reps });
  }

  // Ben opens the Gyms tab and switches it to Alliances: the choice is kept in the address.
  await openSignedIn(page, app(), mailbox, person('Ben Bravo'), 'dashboard-page');
  await expectSignedIn(page);
  await page.goto(`${app().url}challenge-leaderboard-page?id=${id}&view=gyms`);
  await expect(page.getByRole('radio', { name: 'Gyms' })).toBeChecked();
  await page.getByRole('radio', { name: 'Alliances' }).click();
  await expect(page).toHaveURL(/view=gyms/);
  await expect(page).toHaveURL(/unit=alliances/);
  const rows = page.getByRole('table', { name: 'Alliance wars alliance board' }).getByRole('row');
  await expect(rows).toHaveCount(3);
  await expect(rows.nth(1).getByRole('rowheader')).toContainText('Summit Pact');
  await expect(rows.nth(1).getByRole('rowheader')).toContainText('Charlie Crew · Delta Dogs');
  await expect(rows.nth(1).getByRole('cell').nth(0)).toHaveText('1');
  await expect(rows.nth(1).getByRole('cell').nth(2)).toHaveText('8 pts');
  await expect(rows.nth(2).getByRole('rowheader')).toContainText('Harbor Pact (your alliance)');
  await expect(rows.nth(2)).toHaveAttribute('aria-current', 'true');
  await expect(rows.nth(2).getByRole('cell').nth(0)).toHaveText('2');
  await expect(rows.nth(2).getByRole('cell').nth(2)).toHaveText('5 pts');
  await rows.nth(2).getByText('2 counted of 2').click();
  await expect(rows.nth(2)).toContainText('Ann Alpha: 2nd overall (4 pts)');
  await expect(rows.nth(2)).toContainText('Ben Bravo: 5th overall (1 pt)');
  await axeClean(page);
  await page.screenshot({ path: 'test-results/alliance-board-desktop-light.png', fullPage: true });

  // Kept over a reload; on a phone, light and dark.
  await page.reload();
  await expect(page.getByRole('radio', { name: 'Alliances' })).toBeChecked();
  await expect(rows).toHaveCount(3);
  await phoneChecks(page);
  await page.screenshot({ path: 'test-results/alliance-board-phone-light.png', fullPage: true });
  await page.evaluate(() => localStorage.setItem('theme', 'dark'));
  await page.reload();
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
  await expect(rows).toHaveCount(3);
  await phoneChecks(page);
  await page.screenshot({ path: 'test-results/alliance-board-phone-dark.png', fullPage: true });
  await page.setViewportSize({ width: 1280, height: 800 });
  await axeClean(page);
  await page.screenshot({ path: 'test-results/alliance-board-desktop-dark.png', fullPage: true });

  // Back to Gyms: nobody here has a gym, so the gym board says so in plain words.
  await page.getByRole('radio', { name: 'Gyms' }).click();
  await expect(page.getByText(/No gyms yet/)).toBeVisible();
});
