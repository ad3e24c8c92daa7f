import { expect, test } from '@playwright/test';
import { ADMIN_EMAIL, signIn, useAppWithMail } from './support/accounts.ts';
import { apiCall, apiSignIn, axeClean } from './support/api.ts';

const { app, mailbox } = useAppWithMail();

test('a certified judge applies a 10% penalty in the dashboard and the board re-ranks live; the athlete sees the verdict and appeals', async ({
  page,
  browser,
}, testInfo) => {
  test.setTimeout(150_000);
  const a = app();
  const admin = await apiSignIn(a, mailbox, { email: ADMIN_EMAIL, name: 'Admin Ada', password: 'admin-password-1' });
  const coach = await apiSignIn(a, mailbox, { email: 'coach@example.test', name: 'Coach Carla', password: 'coach-password-1' });
  const now = Date.now();
  const c = await apiCall(a, coach, 'POST', 'api/challenges/', {
    title: 'Burpee AMRAP',
    score_type: 'reps',
    starts_at: new Date(now - 3_600_000).toISOString(),
    ends_at: new Date(now + 86_400_000).toISOString(),
  });
  await apiCall(a, coach, 'PUT', `api/judging/challenges/${c.id}/video-rule`, { rule: 'top_n', top_n: 3 });
  const anaWho = { email: 'ana@example.test', name: 'Ana Athlete', password: 'ana-password-1' };
  const ana = await apiSignIn(a, mailbox, anaWho);
  const ben = await apiSignIn(a, mailbox, { email: 'ben@example.test', name: 'Ben Burpee', password: 'ben-password-1' });
  for (const s of [ana, ben]) await apiCall(a, s, 'POST', `api/challenges/${c.id}/join`, { division: 'rx', sex: 'female' });
  await apiCall(a, ana, 'POST', `api/challenges/${c.id}/submit-score`, { reps: 100, video_url: 'https://www.youtube.com/watch?v=burpees' });
  await apiCall(a, ben, 'POST', `api/challenges/${c.id}/submit-score`, { reps: 95, video_url: 'https://vimeo.com/95' });

  // The judge is certified by an administrator.
  const judgeWho = { email: 'judge@example.test', name: 'Judge Jo', password: 'judge-password-1' };
  const judgeApi = await apiSignIn(a, mailbox, judgeWho);
  expect(judgeApi.token).toBeTruthy();
  const found = await apiCall(a, admin, 'GET', 'api/auth/admin/users?search=judge%40example.test');
  const judgeId = (found.items as { wp_user_id: number }[])[0]!.wp_user_id;
  await apiCall(a, admin, 'POST', 'api/judging/certificates', { user_id: judgeId, level: 'judge' });

  // Ana watches the board: she leads, Unverified.
  const anaPage = await (await browser.newContext()).newPage();
  await signIn(anaPage, a, mailbox, anaWho);
  await anaPage.goto(`${a.url}challenge-leaderboard-page?id=${c.id}`);
  const rows = anaPage.getByRole('table').getByRole('row');
  await expect(rows.nth(1)).toContainText('Ana Athlete');
  await expect(rows.nth(1)).toContainText('Unverified');

  // The judge takes the top of the queue first, on a phone.
  await page.setViewportSize({ width: 360, height: 800 });
  const noSidewaysScroll = async () => expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  await signIn(page, a, mailbox, judgeWho);
  await page.goto(`${a.url}judging-dashboard`);
  const items = page.getByRole('list', { name: 'Scores waiting for judging' }).getByRole('listitem');
  await expect(items).toHaveCount(2);
  await expect(items.first()).toContainText('Ana Athlete: 100 reps');
  await expect(items.first()).toContainText('place 1');
  await axeClean(page);
  await noSidewaysScroll();
  await items.first().getByRole('button', { name: 'Claim and judge' }).click();
  await expect(page.getByRole('link', { name: /watch it on youtube.com/ })).toBeVisible();
  await page.getByRole('button', { name: 'One rep more' }).click();
  await page.getByRole('radio', { name: /Minor penalty/ }).click();
  await page.getByLabel('Penalty (%)').fill('10');
  await page.getByLabel('Reason').fill('Chest not to the floor on ten reps');
  await axeClean(page);
  await noSidewaysScroll();
  await page.screenshot({ path: testInfo.outputPath('judging-panel-360-light.png'), fullPage: true });
  await page.emulateMedia({ colorScheme: 'dark' });
  await page.screenshot({ path: testInfo.outputPath('judging-panel-360-dark.png'), fullPage: true });
  await page.getByRole('button', { name: 'Send the verdict' }).click();
  await expect(page.getByRole('heading', { name: 'Verdict recorded' })).toBeVisible();

  // The board re-ranks live: Ben first, Ana second with 90 reps, judged.
  await expect(rows.nth(1)).toContainText('Ben Burpee');
  await expect(rows.nth(2)).toContainText('Ana Athlete');
  await expect(rows.nth(2)).toContainText('90');
  await expect(rows.nth(2)).not.toContainText('Unverified');

  // Ana reads the verdict in My Results and appeals once.
  await anaPage.goto(`${a.url}my-results-page`);
  const verdict = anaPage.getByRole('article').filter({ hasText: 'Burpee AMRAP: 90 reps' });
  await expect(verdict).toContainText('Minor penalty (10%, from 100 reps)');
  await verdict.getByRole('button', { name: 'Appeal this verdict' }).click();
  await anaPage.getByLabel('What did the judge get wrong?').fill('Every rep in the video touches the floor; see the side angle.');
  await anaPage.getByRole('button', { name: 'Send the appeal' }).click();
  await expect(verdict).toContainText('Appealed: waiting for another judge');
  await expect(verdict.getByRole('button', { name: 'Appeal this verdict' })).toHaveCount(0);
  await axeClean(anaPage);
  await anaPage.close();
});
