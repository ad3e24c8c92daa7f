import { expect, test } from '@playwright/test';
import { sql } from 'drizzle-orm';
import type { DatabaseHandle } from '#server/db/index.ts';
import { rebuildGlobalBuckets } from '#server/areas/athletes/bests.ts';
import { ADMIN_EMAIL } from './support/accounts.ts';
import { apiCall, apiSignIn, axeClean } from './support/api.ts';
import { useSeededApp } from './support/seeded-app.ts';
import { ROW_2K } from '../server/fixtures.ts';
import { openSignedIn } from './support/signed-in.ts';

const ATHLETES = 200;

/**
 * A Global Ranks world of 200 athletes written straight into the embedded database before the server
 * opens it: "Ranked i" has a global score of 5·i (all different), so places are known in advance.
 */
async function seedRanks(db: DatabaseHandle['db']) {
  await db.execute(sql`insert into users (email, email_normalized, password_hash, display_name, created_at)
    select 'r' || g || '@ranks.test', 'r' || g || '@ranks.test', 'x', 'Ranked ' || g, now() from generate_series(1, ${ATHLETES}) g`);
  await db.execute(sql`insert into global_scores (user_id, total, tests_count, updated_at)
    select id, 5 * substring(email from 2 for position('@' in email) - 2)::int, 1, now() from users where email like '%@ranks.test'`);
  await rebuildGlobalBuckets(db);
}

const { app, mailbox } = useSeededApp('ranks-find', seedRanks);

test('on Global Ranks, Find me jumps to the page holding my row and a search finds others by name', async ({ page }) => {
  test.setTimeout(150_000);
  const a = app();
  const admin = await apiSignIn(a, mailbox, { email: ADMIN_EMAIL, name: 'Admin Ada', password: 'admin-password-1' });
  const row = (await apiCall(a, admin, 'POST', 'api/v1/tests', ROW_2K)) as { id: number };
  const mia = { email: 'mia@example.test', name: 'Mia Middle', password: 'mia-password-1' };
  const s = await apiSignIn(a, mailbox, mia);
  // 7:05 on the 2k row scores 729 (600 s is 0, 360 s is 1,000): "Ranked 146" (730) … "Ranked 200" are ahead,
  // so Mia is 56th overall, on page 2 of 50.
  const record = (await apiCall(a, s, 'POST', 'api/v1/athlete-profiles/submit-pr', {
    test_id: row.id,
    value: '7:05',
    unit: 'mm:ss',
    achieved_on: '2026-11-01',
  })) as { id: number };
  await apiCall(a, admin, 'POST', `api/v1/athlete-profiles/admin/approve/${record.id}`, {});
  const shown = { sex: 'public', birth_year: 'public', bodyweight: 'public', gym: 'public', bio: 'public', records: 'public' };
  await apiCall(a, s, 'PUT', 'api/v1/athlete-profiles/me', { display_name: mia.name, gym: 'Harbor Box', privacy: shown });

  await openSignedIn(page, a, mailbox, mia, 'global-test-leaderboards-page');
  await expect(page.getByRole('table').getByRole('row').nth(1)).toContainText('1Ranked 200');
  await page.getByRole('button', { name: 'Find me' }).click();
  await expect(page).toHaveURL(/[?&]page=2\b/);
  const mine = page.locator('tr[data-picked]');
  await expect(mine).toContainText('56Mia Middle (you)');
  await expect(mine).toBeInViewport();
  // Her gym on the board is a link to its page.
  await mine.getByRole('link', { name: 'Harbor Box' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Harbor Box' })).toBeVisible();
  await page.goBack();
  await expect(page.locator('tr[data-picked]')).toContainText('56Mia Middle (you)');

  // Someone else by the start of a word of their name: the board moves to their page and marks them.
  await page.getByLabel('Find an athlete').fill('ranked 9');
  await page.getByRole('button', { name: /112th Ranked 90 · page 3/ }).click();
  await expect(page).toHaveURL(/[?&]page=3\b/);
  await expect(page.locator('tr[data-picked]')).toContainText('112Ranked 90');

  // The same finder on one test's board: Mia is its only athlete.
  await page.getByRole('button', { name: '2k row' }).click();
  await expect(page.getByRole('heading', { name: '2k row' })).toBeVisible();
  await expect(page).not.toHaveURL(/[?&]hl=/);
  await page.getByLabel('Find an athlete').fill('ranked');
  await expect(page.getByText('No athlete on this board matches “ranked”.')).toBeVisible();
  await page.getByLabel('Find an athlete').fill('mia');
  await expect(page.getByRole('button', { name: /1st Mia Middle · page 1/ })).toBeVisible();

  // At phone width, light and dark, the finder and its results fit without sideways scroll.
  await page.setViewportSize({ width: 360, height: 800 });
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  await axeClean(page);
  await page.screenshot({ path: test.info().outputPath('ranks-find-test-360-light.png'), fullPage: true });
  await page.getByRole('button', { name: 'Overall' }).click();
  await page.getByLabel('Find an athlete').fill('ranked 9');
  await page.getByRole('button', { name: /112th Ranked 90 · page 3/ }).click();
  await expect(page.locator('tr[data-picked]')).toBeInViewport();
  // The marked row stays marked over a reload (the address keeps it), in the dark theme too.
  await page.evaluate(() => localStorage.setItem('theme', 'dark'));
  await page.reload();
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
  await expect(page.locator('tr[data-picked]')).toContainText('112Ranked 90');
  await expect(page.locator('tr[data-picked]')).toBeInViewport();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  await axeClean(page);
  await page.screenshot({ path: test.info().outputPath('ranks-find-360-dark.png') });
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.getByLabel('Find an athlete').fill('ranked 9');
  await expect(page.getByRole('button', { name: /112th Ranked 90/ })).toBeVisible();
  await axeClean(page);
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.screenshot({ path: test.info().outputPath('ranks-find-1280-dark.png') });
});
