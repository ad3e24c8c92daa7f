import { expect, test } from '@playwright/test';
import { ADMIN_EMAIL, useAppWithMail } from './support/accounts.ts';
import { apiCall, apiSignIn, axeClean } from './support/api.ts';
import { openSignedIn } from './support/signed-in.ts';

const { app, mailbox } = useAppWithMail();
const HOUR = 3_600_000;
test.describe.configure({ timeout: 180_000 });

test('a new leader becomes a line; an editor approves it and a spectator on the board sees it live', async ({ browser }) => {
  const a = app();
  const editor = { email: ADMIN_EMAIL, name: 'Coach Admin', password: 'admin-pass-9876' };
  const ana = { email: 'ana-cm@example.test', name: 'Ana Early', password: 'ana-password-1' };
  const ben = { email: 'ben-cm@example.test', name: 'Ben Surge', password: 'ben-password-1' };
  const spectator = { email: 'cy-cm@example.test', name: 'Cy Watcher', password: 'cy-password-1' };

  const editorApi = await apiSignIn(a, mailbox, editor);
  const challenge = await apiCall(a, editorApi, 'POST', 'api/challenges/', {
    title: 'Toes-to-bar sprint',
    score_type: 'reps',
    starts_at: new Date(Date.now() - HOUR).toISOString(),
    ends_at: new Date(Date.now() + 48 * HOUR).toISOString(),
  });
  const id = challenge.id as number;
  for (const [who, reps] of [
    [ana, 40],
    [ben, 52],
  ] as const) {
    const s = await apiSignIn(a, mailbox, who);
    await apiCall(a, s, 'POST', `api/challenges/${id}/join`, { division: 'rx', sex: 'female' });
    await apiCall(a, s, 'POST', `api/challenges/${id}/submit-score`, { reps });
  }

  // The spectator watches the board: no commentary yet.
  await apiSignIn(a, mailbox, spectator);
  const watcher = await (await browser.newContext()).newPage();
  await openSignedIn(watcher, a, mailbox, spectator, `challenge-leaderboard-page?id=${id}`);
  await expect(watcher.getByRole('table').getByRole('row').nth(1)).toContainText('Ben Surge');
  const strip = watcher.getByRole('region', { name: 'Live commentary' });
  await expect(strip).toHaveCount(0);

  // The editor finds Ben's new lead waiting (the job writes it within a second or two) and approves it.
  const page = await (await browser.newContext()).newPage();
  await openSignedIn(page, a, mailbox, editor, 'commentary-admin-dashboard');
  await expect(page.getByRole('heading', { name: 'Commentary', level: 1 })).toBeVisible();
  const line = page.getByRole('listitem').filter({ hasText: 'Ben Surge' }).filter({ hasText: 'Waiting' });
  await expect(async () => {
    await page.reload();
    await expect(line).toBeVisible({ timeout: 2000 });
  }).toPass({ timeout: 20_000 });
  await expect(line).toContainText('New leader');
  await axeClean(page);
  await line.getByRole('button', { name: 'Approve' }).click();
  // It leaves the waiting list for the published one.
  await expect(line).toHaveCount(0);
  await page.getByRole('tab', { name: 'Published' }).click();
  await expect(page.getByRole('listitem').filter({ hasText: 'Ben Surge' })).toContainText('Published');

  // The spectator's board shows it without a reload.
  await expect(strip).toBeVisible();
  await expect(strip).toContainText('Ben Surge');
  await axeClean(watcher);
});
