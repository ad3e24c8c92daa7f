import { expect, test } from '@playwright/test';
import { ADMIN_EMAIL, useAppWithMail } from './support/accounts.ts';
import { apiCall, apiSignIn } from './support/api.ts';
import { expectSignedIn } from './support/header.ts';
import { looksRight } from './support/looks.ts';
import { openSignedIn } from './support/signed-in.ts';

const { app, mailbox } = useAppWithMail();
const HOUR = 3_600_000;
test.describe.configure({ timeout: 180_000 });

test('a live attempt passes the leader; an editor approves the line and a spectator watching the attempt sees it live', async ({
  browser,
}) => {
  const a = app();
  const editor = { email: ADMIN_EMAIL, name: 'Coach Admin', password: 'admin-pass-9876' };
  const ana = { email: 'ana-lcm@example.test', name: 'Ana Surge', password: 'ana-password-1' };
  const ben = { email: 'ben-lcm@example.test', name: 'Ben Board', password: 'ben-password-1' };
  const spectator = { email: 'cy-lcm@example.test', name: 'Cy Watcher', password: 'cy-password-1' };

  const editorApi = await apiSignIn(a, mailbox, editor);
  const challenge = await apiCall(a, editorApi, 'POST', 'api/challenges/', {
    title: 'Wall ball marathon',
    score_type: 'reps',
    starts_at: new Date(Date.now() - HOUR).toISOString(),
    ends_at: new Date(Date.now() + 48 * HOUR).toISOString(),
  });
  const id = challenge.id as number;
  const benApi = await apiSignIn(a, mailbox, ben);
  await apiCall(a, benApi, 'POST', `api/challenges/${id}/join`, { division: 'rx', sex: 'female' });
  await apiCall(a, benApi, 'POST', `api/challenges/${id}/submit-score`, { reps: 10 });
  const anaApi = await apiSignIn(a, mailbox, ana);
  await apiCall(a, anaApi, 'POST', `api/challenges/${id}/join`, { division: 'rx', sex: 'female' });
  const attempt = await apiCall(a, anaApi, 'POST', 'api/live-attempts', { challenge_id: id });
  const attemptId = attempt.id as number;

  // The spectator watches Ana's attempt: no commentary yet.
  const watcher = await (await browser.newContext()).newPage();
  await openSignedIn(watcher, a, mailbox, spectator, `live-stream-viewer?id=${attemptId}`);
  await expectSignedIn(watcher);
  await expect(watcher.getByRole('heading', { name: 'Ana Surge', level: 1 })).toBeVisible();
  const strip = watcher.getByRole('region', { name: 'Live commentary' });
  await expect(strip).toHaveCount(0);
  // In the attempt's room (the page counts itself among those watching).
  await expect(watcher.getByText('Watching').locator('..')).toContainText('1');

  // Ana counts past Ben's 10 reps.
  await apiCall(a, anaApi, 'POST', `api/live-attempts/${attemptId}/update`, { seq: 1, count: 11 });
  await expect(watcher.getByTestId('live-count')).toHaveText('11');

  // The editor finds the line waiting (written by a job a moment later) and approves it.
  const page = await (await browser.newContext()).newPage();
  await openSignedIn(page, a, mailbox, editor, 'commentary-admin-dashboard');
  await expectSignedIn(page);
  const line = page.getByRole('listitem').filter({ hasText: 'Live: past the leader' }).filter({ hasText: 'Waiting' });
  await expect(async () => {
    await page.reload();
    await expect(line).toBeVisible({ timeout: 2000 });
  }).toPass({ timeout: 20_000 });
  await expect(line).toContainText('Ana Surge');
  await expect(line).toContainText('live count 11 reps');
  await looksRight(page, 'commentary-live-dashboard', () => expect(line).toBeVisible());
  await line.getByRole('button', { name: 'Approve' }).click();
  await expect(line).toHaveCount(0);

  // The spectator's page shows it without a reload.
  await expect(strip).toBeVisible();
  await expect(strip).toContainText('Ana Surge');
  await looksRight(watcher, 'commentary-live-viewer', () => expect(strip).toContainText('Ana Surge'));
});
