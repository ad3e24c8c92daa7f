import { expect, test, type Page } from '@playwright/test';
import { ADMIN_EMAIL, useAppWithMail } from './support/accounts.ts';
import { apiCall, apiSignIn, axeClean } from './support/api.ts';
import { openSignedIn } from './support/signed-in.ts';

const { app, mailbox } = useAppWithMail();
const boss = { email: ADMIN_EMAIL, name: 'Coach Admin', password: 'admin-pass-12345' };
const PUBLIC = { sex: 'public', birth_year: 'public', bodyweight: 'public', gym: 'public', bio: 'public', records: 'public' };

async function phoneDark(page: Page) {
  await page.setViewportSize({ width: 360, height: 780 });
  await page.evaluate(() => localStorage.setItem('theme', 'dark'));
  await page.reload();
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
}

test('an administrator builds a federation and a league of two gyms and an event; the season table ranks the gyms', async ({ page }) => {
  test.setTimeout(240_000);
  const admin = await apiSignIn(app(), mailbox, boss);
  const harbour = await apiCall(app(), admin, 'POST', 'api/gyms', { name: 'Harbour Barbell', city: 'Bristol' });
  const quarry = await apiCall(app(), admin, 'POST', 'api/gyms', { name: 'Quarry CrossFit', city: 'Bath' });
  const now = Date.now();
  const window = { starts_at: new Date(now - 3_600_000).toISOString(), ends_at: new Date(now + 7 * 86_400_000).toISOString() };
  const ids: number[] = [];
  for (const title of ['Coastal 1 burpees', 'Coastal 2 rows'])
    ids.push((await apiCall(app(), admin, 'POST', 'api/challenges/', { title, score_type: 'reps', ...window })).id as number);
  await apiCall(app(), admin, 'POST', 'api/events', { name: 'Coastal Throwdown', rule: 'sum_of_places', challenge_ids: ids, ...window });

  // Harbour's one athlete wins the event (25 points); Quarry's two are 2nd and 3rd (18 + 15 = 33).
  const athletes: [string, number, number][] = [
    ['Hana Harbour', harbour.id as number, 50],
    ['Quinn Quarry', quarry.id as number, 45],
    ['Rae Quarry', quarry.id as number, 40],
  ];
  for (const [name, gymId, reps] of athletes) {
    const who = { email: `${name.split(' ')[0]!.toLowerCase()}@example.test`, name, password: 'athlete-password-1' };
    const s = await apiSignIn(app(), mailbox, who);
    await apiCall(app(), s, 'PUT', 'api/v1/athlete-profiles/me', { display_name: name, gym_id: gymId, privacy: PUBLIC });
    for (const id of ids) {
      await apiCall(app(), s, 'POST', `api/challenges/${id}/join`, { division: 'rx' });
      await apiCall(app(), s, 'POST', `api/challenges/${id}/submit-score`, { reps });
    }
  }

  await openSignedIn(page, app(), mailbox, boss, 'sports-network-admin?section=federations');
  await expect(page.getByRole('tab', { name: 'Federations' })).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByText('No federations yet. Add the first one.')).toBeVisible();
  await page.getByRole('button', { name: 'Add a federation' }).click();
  const fedDialog = page.getByRole('dialog', { name: 'Add a federation' });
  await fedDialog.getByLabel('Name').fill('Atlantic Federation');
  await fedDialog.getByLabel('Country or region').fill('United Kingdom');
  await axeClean(page);
  await fedDialog.getByRole('button', { name: 'Add federation' }).click();
  await expect(page.getByRole('row').filter({ hasText: 'Atlantic Federation' })).toContainText('United Kingdom');

  await page.getByRole('tab', { name: 'Leagues' }).click();
  await expect(page).toHaveURL(/section=leagues/);
  await page.getByRole('button', { name: 'Add a league' }).click();
  const leagueDialog = page.getByRole('dialog', { name: 'Add a league' });
  await leagueDialog.getByLabel('Name').fill('Coastal League');
  await leagueDialog.getByRole('combobox', { name: 'Federation' }).click();
  await page.getByRole('option', { name: 'Atlantic Federation' }).click();
  await leagueDialog.getByLabel('Season', { exact: true }).fill('2026');
  await leagueDialog.getByRole('button', { name: 'Add league' }).click();

  // The new league opens: add the two gyms with the picker and the event.
  await expect(page.getByRole('heading', { level: 2, name: 'Coastal League' })).toBeVisible();
  await expect(page).toHaveURL(/league=\d+/);
  await expect(page.getByText('Atlantic Federation', { exact: true })).toBeVisible();
  await expect(page.getByText('Add member gyms to see the season table.')).toBeVisible();
  for (const [typed, name] of [
    ['harb', 'Harbour Barbell'],
    ['quar', 'Quarry CrossFit'],
  ]) {
    const picker = page.getByRole('combobox', { name: 'Add a gym' });
    await picker.fill(typed!);
    await page
      .getByRole('option', { name: new RegExp(name!) })
      .first()
      .click();
    await page.getByRole('button', { name: 'Add gym' }).click();
    await expect(page.getByRole('region', { name: /Member gyms/ }).getByRole('link', { name: name! })).toBeVisible();
  }
  await page.getByRole('combobox', { name: 'Add an event' }).click();
  await page.getByRole('option', { name: 'Coastal Throwdown' }).click();
  await page.getByRole('button', { name: 'Add event' }).click();
  await expect(page.getByRole('link', { name: 'Coastal Throwdown' })).toBeVisible();

  const season = page.getByRole('table', { name: 'Coastal League season table' });
  const rows = season.locator('tbody tr');
  await expect(rows).toHaveCount(2);
  await expect(rows.nth(0)).toContainText('Quarry CrossFit');
  await expect(rows.nth(0)).toContainText('33');
  await expect(rows.nth(1)).toContainText('Harbour Barbell');
  await expect(rows.nth(1)).toContainText('25');
  await axeClean(page);
  await page.screenshot({ path: 'test-results/sports-network-league-desktop.png', fullPage: true });

  // A phone, dark: the table stacks, nothing scrolls sideways, still clean.
  await phoneDark(page);
  await expect(page.getByRole('heading', { level: 2, name: 'Coastal League' })).toBeVisible();
  await expect(season.locator('tbody tr').nth(0)).toContainText('Quarry CrossFit');
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  await axeClean(page);
  await page.screenshot({ path: 'test-results/sports-network-league-phone-dark.png', fullPage: true });

  // Anyone signed in (or not) reads the season table through the API.
  const league = /league=(\d+)/.exec(page.url())![1];
  const res = await fetch(`${app().url}api/sports-network/leagues/${league}/season`);
  expect(res.status).toBe(200);
  const body = (await res.json()) as { items: { place: number; gym: { name: string }; total: number }[] };
  expect(body.items.map((r) => [r.place, r.gym.name, r.total])).toEqual([
    [1, 'Quarry CrossFit', 33],
    [2, 'Harbour Barbell', 25],
  ]);
});

test('the History tab lists the changes an administrator made, newest first, with who made them', async ({ page }) => {
  test.setTimeout(120_000);
  await openSignedIn(page, app(), mailbox, boss, 'sports-network-admin?section=federations');
  await page.getByRole('button', { name: 'Add a federation' }).click();
  const add = page.getByRole('dialog', { name: 'Add a federation' });
  await add.getByLabel('Name').fill('Pacific Federation');
  await add.getByRole('button', { name: 'Add federation' }).click();
  await page.getByRole('button', { name: 'Edit Pacific Federation' }).click();
  const edit = page.getByRole('dialog', { name: 'Edit Pacific Federation' });
  await edit.getByLabel('Name').fill('Pacific Ocean Federation');
  await edit.getByRole('button', { name: 'Save federation' }).click();
  await expect(page.getByRole('row').filter({ hasText: 'Pacific Ocean Federation' })).toBeVisible();

  await page.getByRole('tab', { name: 'History' }).click();
  await expect(page).toHaveURL(/section=history/);
  const rows = page.getByRole('table', { name: 'Changes, newest first' }).locator('tbody tr');
  await expect(rows.nth(0)).toContainText('Federation “Pacific Federation” renamed “Pacific Ocean Federation”');
  await expect(rows.nth(0)).toContainText(boss.name);
  await expect(rows.nth(1)).toContainText('Federation “Pacific Ocean Federation” created');

  // Only one federation's changes: kept in the address, so a reload shows the same list.
  await page.getByRole('combobox', { name: 'Federation or league' }).click();
  await page.getByRole('option', { name: 'Pacific Ocean Federation' }).click();
  await expect(page).toHaveURL(/about=federation-\d+/);
  await page.reload();
  await expect(rows).toHaveCount(2);
  await expect(rows.nth(0)).toContainText('renamed “Pacific Ocean Federation”');
  await axeClean(page);
  await page.screenshot({ path: 'test-results/sports-network-history-desktop.png', fullPage: true });

  await phoneDark(page);
  await expect(rows.nth(1)).toContainText('created');
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  await axeClean(page);
  await page.screenshot({ path: 'test-results/sports-network-history-phone-dark.png', fullPage: true });
});
