import { expect, test, type Page } from '@playwright/test';
import { expectSignedIn } from './support/header.ts';
import { ADMIN_EMAIL, useAppWithMail, type Athlete } from './support/accounts.ts';
import { apiCall, apiSignIn, axeClean } from './support/api.ts';
import { choose } from './support/choose.ts';
import { openSignedIn } from './support/signed-in.ts';

const { app, mailbox } = useAppWithMail();
const PUBLIC = { sex: 'public', birth_year: 'public', bodyweight: 'public', gym: 'public', bio: 'public', records: 'public' };
const coach = { email: 'gym.coach@example.test', name: 'Coach Carla', password: 'coach-password-1' };
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

test('a multi-gym event: athletes of three gyms join and score, the Gyms tab ranks the gyms with their counted athletes', async ({
  page,
  browser,
}) => {
  test.setTimeout(180_000);
  await openSignedIn(page, app(), mailbox, coach, 'create-challenge-page');
  await page.getByLabel('Title').fill('Gym wars burpees');
  await choose(page, 'Scoring', 'Max reps');
  await page.getByRole('checkbox', { name: /Gym event/ }).check();
  await choose(page, 'Gym score', 'Sum of best N points');
  await page.getByLabel('Athletes counted per gym (N)').fill('2');
  await expect(page.getByText(/Gym score: the points of its best 2 athletes added up/)).toBeVisible();
  await axeClean(page);
  await page.getByRole('button', { name: 'Create challenge' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Gym wars burpees' })).toBeVisible();
  const id = Number(new URL(page.url()).searchParams.get('id'));
  await expect(page.getByText(/Sum of best N points \(N = 2\); athletes count for the gym/)).toBeVisible();
  await expect(page.getByRole('link', { name: 'See the gym board' })).toHaveAttribute('href', /view=gyms/);

  // Three gyms; five athletes each on a gym's profile join and score. Board: Elsa 60, Nora 50, Ned 48, Sam 45, Sue 44
  // (places 1–5, 6 − place points): North 4 + 3 = 7, East 5, South 2 + 1 = 3.
  const first = await apiSignIn(app(), mailbox, person('Nora North'));
  const gyms: Record<string, number> = {};
  for (const name of ['North Box', 'South Box', 'East Box'])
    gyms[name] = (await apiCall(app(), first, 'POST', 'api/gyms', { name, city: 'Oslo' })).id as number;
  const plan: [string, string, number][] = [
    ['Nora North', 'North Box', 50],
    ['Ned North', 'North Box', 48],
    ['Sam South', 'South Box', 45],
    ['Sue South', 'South Box', 44],
    ['Elsa East', 'East Box', 60],
  ];
  for (const [name, gym, reps] of plan) {
    const s = name === 'Nora North' ? first : await apiSignIn(app(), mailbox, person(name));
    await apiCall(app(), s, 'PUT', 'api/v1/athlete-profiles/me', { display_name: name, privacy: PUBLIC, gym_id: gyms[gym] });
    await apiCall(app(), s, 'POST', `api/challenges/${id}/join`, { division: 'rx' });
    await apiCall(app(), s, 'POST', `api/challenges/${id}/submit-score`, { reps });
  }

  // Sam (South) looks at the board: the Gyms tab is in the address; South is marked as theirs.
  const sam = await (await browser.newContext()).newPage();
  await openSignedIn(sam, app(), mailbox, person('Sam South'), `challenge-leaderboard-page?id=${id}`);
  await expectSignedIn(sam);
  await sam.getByRole('tab', { name: 'Gyms' }).click();
  await expect(sam).toHaveURL(/view=gyms/);
  const rows = sam.getByRole('table', { name: 'Gym wars burpees gym board' }).getByRole('row');
  await expect(rows).toHaveCount(4);
  await expect(rows.nth(1).getByRole('rowheader')).toHaveText('North Box');
  await expect(rows.nth(1).getByRole('cell').nth(0)).toHaveText('1');
  await expect(rows.nth(1).getByRole('cell').nth(2)).toHaveText('7 pts');
  await expect(rows.nth(2).getByRole('rowheader')).toHaveText('East Box');
  await expect(rows.nth(2).getByRole('cell').nth(2)).toHaveText('5 pts');
  await expect(rows.nth(3).getByRole('rowheader')).toHaveText('South Box (your gym)');
  await expect(rows.nth(3)).toHaveAttribute('aria-current', 'true');
  await expect(rows.nth(3).getByRole('cell').nth(2)).toHaveText('3 pts');
  // The counted athletes unfold under their gym.
  await rows.nth(1).getByText('2 counted of 2').click();
  await expect(rows.nth(1)).toContainText('Nora North: 2nd overall (4 pts)');
  await expect(rows.nth(1)).toContainText('Ned North: 3rd overall (3 pts)');
  await axeClean(sam);

  // The view survives a reload (it is in the address), on a phone, light and dark.
  await sam.reload();
  await expect(sam.getByRole('tab', { name: 'Gyms' })).toHaveAttribute('aria-selected', 'true');
  await expect(rows).toHaveCount(4);
  await phoneChecks(sam);
  await sam.screenshot({ path: 'test-results/gym-board-phone-light.png', fullPage: true });
  await sam.evaluate(() => localStorage.setItem('theme', 'dark'));
  await sam.reload();
  await expect(sam.locator('html')).toHaveAttribute('data-theme', 'dark');
  await expect(rows).toHaveCount(4);
  await rows.nth(3).getByText('2 counted of 2').click();
  await expect(rows.nth(3)).toContainText('Sam South: 4th overall (2 pts)');
  await phoneChecks(sam);
  await sam.screenshot({ path: 'test-results/gym-board-phone-dark.png', fullPage: true });
  await sam.setViewportSize({ width: 1280, height: 800 });
  await axeClean(sam);
  await sam.screenshot({ path: 'test-results/gym-board-desktop-dark.png', fullPage: true });

  // The athletes' board names each athlete's gym under the name; the gym opens its page.
  await sam.getByRole('tab', { name: 'Overall' }).click();
  const board = sam.getByRole('table', { name: 'Gym wars burpees leaderboard' });
  const nora = board.getByRole('row').filter({ hasText: 'Nora North' });
  await expect(nora.getByRole('link', { name: 'North Box' })).toBeVisible();
  await expect(board.getByRole('row').filter({ hasText: 'Sam South' })).toContainText('South Box');
  await axeClean(sam);
  await sam.screenshot({ path: 'test-results/challenge-board-gyms-desktop-dark.png', fullPage: true });
  await sam.setViewportSize({ width: 360, height: 800 });
  await phoneChecks(sam);
  await sam.screenshot({ path: 'test-results/challenge-board-gyms-phone-dark.png', fullPage: true });
  await sam.evaluate(() => localStorage.setItem('theme', 'light'));
  await sam.reload();
  await expect(nora.getByRole('link', { name: 'North Box' })).toBeVisible();
  await sam.screenshot({ path: 'test-results/challenge-board-gyms-phone-light.png', fullPage: true });
  await nora.getByRole('link', { name: 'North Box' }).click();
  await expect(sam.getByRole('heading', { name: 'North Box', level: 1 })).toBeVisible();

  // The creator's form, on a phone, dark: the gym fields fit and stay accessible.
  await page.evaluate(() => localStorage.setItem('theme', 'dark'));
  await page.goto(`${app().url}edit-challenge-page?id=${id}`);
  await expect(page.getByLabel('Athletes counted per gym (N)')).toHaveValue('2');
  await phoneChecks(page);
  await page.screenshot({ path: 'test-results/gym-event-form-phone-dark.png', fullPage: true });
});

test("the viewer's gym below the first page of 50 is pinned under it with its place", async ({ page }) => {
  test.setTimeout(240_000);
  // 52 gyms with one athlete each: sign-ups beyond the per-address limits, so an administrator raises them first.
  const admin = await apiSignIn(app(), mailbox, { email: ADMIN_EMAIL, name: 'Coach Admin', password: 'admin-pass-12345' });
  for (const group of ['registerUser', 'initiateLogin', 'verifyOtp'])
    await apiCall(app(), admin, 'PUT', `api/admin/rate-limits/${group}`, { max: 1000 });
  const hour = 3_600_000;
  const challenge = await apiCall(app(), admin, 'POST', 'api/challenges/', {
    title: 'Fifty-two boxes',
    score_type: 'reps',
    gym_rule: 'sum_places',
    gym_best_n: 1,
    starts_at: new Date(Date.now() - hour).toISOString(),
    ends_at: new Date(Date.now() + 48 * hour).toISOString(),
  });
  const id = challenge.id as number;
  // Gym k's one athlete scores 100 − k reps: gym 1 wins; the viewer's gym (52nd) is last, on page 2.
  const athletes = Array.from({ length: 52 }, (_, i) => ({ k: i + 1, who: person(`Box${i + 1} Athlete`) }));
  for (let start = 0; start < athletes.length; start += 6) {
    await Promise.all(
      athletes.slice(start, start + 6).map(async ({ k, who }) => {
        const s = await apiSignIn(app(), mailbox, who);
        const gym = await apiCall(app(), s, 'POST', 'api/gyms', { name: `Box ${String(k).padStart(2, '0')}`, city: 'Lyon' });
        await apiCall(app(), s, 'PUT', 'api/v1/athlete-profiles/me', { display_name: who.name, privacy: PUBLIC, gym_id: gym.id });
        await apiCall(app(), s, 'POST', `api/challenges/${id}/join`, { division: 'rx' });
        await apiCall(app(), s, 'POST', `api/challenges/${id}/submit-score`, { reps: 100 - k });
      }),
    );
  }

  await openSignedIn(page, app(), mailbox, athletes[51]!.who, `challenge-leaderboard-page?id=${id}&view=gyms`);
  const rows = page.getByRole('table', { name: 'Fifty-two boxes gym board' }).getByRole('row');
  // Header, 50 gyms and the viewer's gym pinned with its place (the gap row between is hidden from assistive tech).
  await expect(rows).toHaveCount(52);
  await expect(rows.nth(1).getByRole('rowheader')).toHaveText('Box 01');
  const pinned = rows.last();
  await expect(pinned.getByRole('rowheader')).toHaveText('Box 52 (your gym)');
  await expect(pinned).toHaveAttribute('aria-current', 'true');
  await expect(pinned.getByRole('cell').nth(0)).toHaveText('52');
  await expect(page.getByText('Showing 1–50 of 52')).toBeVisible();
  // On page 2 the viewer's gym is in the page itself, not pinned twice.
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page).toHaveURL(/page=2/);
  await expect(rows).toHaveCount(3);
  await expect(rows.nth(2).getByRole('rowheader')).toHaveText('Box 52 (your gym)');
  await phoneChecks(page);
});
