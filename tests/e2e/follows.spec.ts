import { expect, test } from '@playwright/test';
import { useAppWithMail } from './support/accounts.ts';
import { apiCall, apiSignIn, axeClean } from './support/api.ts';
import { openSignedIn } from './support/signed-in.ts';

const { app, mailbox } = useAppWithMail();
test.describe.configure({ timeout: 240_000 });

const ana = { email: 'ana-follows@example.test', name: 'Ana Follower', password: 'ana-pass-98765' };
const bo = { email: 'bo-follows@example.test', name: 'Bo Writer', password: 'bo-pass-98765' };

test('an athlete follows someone and their new story reaches the feed and the inbox; kudos given from the feed', async ({ page }) => {
  const a = app();
  const boApi = await apiSignIn(a, mailbox, bo);
  const first = (await apiCall(a, boApi, 'POST', 'api/stories', {
    title: 'Week one of rowing',
    body: 'Five sessions, two of them before sunrise.',
  })) as { author: { wp_user_id: number } };
  const boId = first.author.wp_user_id;

  await openSignedIn(page, a, mailbox, ana, 'dashboard-page');
  await expect(page.getByRole('heading', { name: 'Follow athletes to fill your feed' })).toBeVisible();

  await page.goto(`${a.url}athlete-profile-page?id=${boId}`);
  await expect(page.getByRole('heading', { name: bo.name, level: 1 })).toBeVisible();
  await page.getByRole('button', { name: `Follow ${bo.name}` }).click();
  await expect(page.getByRole('button', { name: `Following ${bo.name}` })).toHaveAttribute('aria-pressed', 'true');
  await expect(page.getByRole('button', { name: '1 follower' })).toBeVisible();

  await apiCall(a, boApi, 'POST', 'api/stories', { title: 'Second wind', body: 'A new best over 2 km this morning.' });

  await page.goto(`${a.url}dashboard-page`);
  const feed = page.getByRole('region', { name: 'From people you follow' });
  await expect(feed.getByRole('link', { name: 'Second wind' })).toBeVisible();
  const kudos = feed.getByRole('button', { name: 'Kudos for Second wind: 0 kudos' });
  await kudos.click();
  await expect(feed.getByRole('button', { name: 'Kudos for Second wind: 1 kudos' })).toHaveAttribute('aria-pressed', 'true');
  await axeClean(page);
  await page.setViewportSize({ width: 360, height: 780 });
  expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBeLessThanOrEqual(0);

  // The job worker tells followers after the story's commit: the inbox has it.
  await expect(async () => {
    await page.goto(`${a.url}dashboard-page?view=notifications`);
    await expect(page.getByText(`${bo.name} posted a story: Second wind`)).toBeVisible({ timeout: 2_000 });
  }).toPass({ timeout: 30_000 });
});
