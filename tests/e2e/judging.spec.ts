import { createHash } from 'node:crypto';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { ADMIN_EMAIL, useAppWithMail } from './support/accounts.ts';
import { apiCall, apiSignIn, axeClean, type ApiSession } from './support/api.ts';
import type { RunningApp } from './support/app.ts';
import { openSignedIn } from './support/signed-in.ts';

const { app, mailbox } = useAppWithMail();
let dir = '';
let clip = '';

test.beforeAll(() => {
  dir = mkdtempSync(path.join(os.tmpdir(), 'e2e-judging-'));
  clip = path.join(dir, 'reference.mp4');
  // A real 2-second clip for the judging test's reference.
  execFileSync('ffmpeg', ['-v', 'error', '-f', 'lavfi', '-i', 'testsrc=duration=2:size=320x240:rate=25', '-c:v', 'mpeg4', clip]); // prettier-ignore
});
test.afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** Uploads a file through the real upload path (init, one tus chunk) and waits until it is processed. */
async function uploadReady(a: RunningApp, s: ApiSession, file: string): Promise<string> {
  const bytes = readFileSync(file);
  const started = await apiCall(a, s, 'POST', 'api/videos/upload/init', {
    file_name: path.basename(file),
    size_bytes: bytes.length,
    content_type: 'video/mp4',
    purpose: 'judging_test',
    checksum_sha256: createHash('sha256').update(bytes).digest('hex'),
  });
  const id = (started.video as { id: string }).id;
  const sent = await fetch(new URL(started.upload_url as string, a.url), {
    method: 'PATCH',
    headers: {
      authorization: `Bearer ${s.token}`,
      'x-csrf-token': s.csrf,
      'tus-resumable': '1.0.0',
      'upload-offset': '0',
      'content-type': 'application/offset+octet-stream',
    },
    body: new Uint8Array(bytes),
  });
  expect(sent.status, await sent.text()).toBeLessThan(300);
  await expect.poll(async () => (await apiCall(a, s, 'GET', `api/videos/${id}`)).status, { timeout: 60_000 }).toBe('ready');
  return id;
}

test('a judge certified by passing the judging test applies a 10% penalty in the dashboard and the board re-ranks live; the athlete sees the verdict and appeals', async ({
  page,
  browser,
}, testInfo) => {
  test.setTimeout(180_000);
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

  // The judge passes the judging test in the browser: a reference clip of 10 reps, counted as 9 (within one).
  const video = await uploadReady(a, admin, clip);
  await apiCall(a, admin, 'POST', 'api/judging/test/clips', { video_id: video, title: 'Air squats', reps: 10, marks: [] });
  // A candidate who sends 0 reps fails: told what to look at again, never by how much, and from when to try again.
  const candidateWho = { email: 'cal@example.test', name: 'Cal Candidate', password: 'cal-password-1' };
  const calPage = await (await browser.newContext()).newPage();
  await openSignedIn(calPage, a, mailbox, candidateWho, 'video-judging-test-page');
  await calPage.getByRole('button', { name: 'Send my answers' }).click();
  await expect(calPage.getByRole('heading', { name: 'Not passed this time' })).toBeVisible();
  await expect(calPage.getByRole('list', { name: 'What to look at again for clip 1' })).toHaveText(/Your rep count was off by more than 1/);
  await expect(calPage.getByText(/You can take the test again from/)).toBeVisible();
  await expect(calPage.getByRole('main')).not.toContainText(/reps off|\d+ reps? off/);
  await axeClean(calPage);
  await calPage.reload();
  await expect(calPage.getByRole('status').filter({ hasText: 'You can take the test again from' })).toBeVisible();
  await expect(calPage.getByRole('button', { name: 'Send my answers' })).toHaveCount(0);
  await calPage.close();
  const judgeWho = { email: 'judge@example.test', name: 'Judge Jo', password: 'judge-password-1' };
  // On a phone.
  await page.setViewportSize({ width: 360, height: 800 });
  const noSidewaysScroll = async () => expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  await openSignedIn(page, a, mailbox, judgeWho, 'video-judging-test-page');
  await expect(page.getByRole('heading', { name: 'Clip 1: Air squats' })).toBeVisible();
  await expect(page.locator('video')).toBeVisible();
  await axeClean(page);
  for (let i = 0; i < 9; i++) await page.getByRole('button', { name: 'One rep more for clip 1' }).click();
  await noSidewaysScroll();
  await page.screenshot({ path: testInfo.outputPath('judging-test-360.png'), fullPage: true });
  await page.getByRole('button', { name: 'Send my answers' }).click();
  await expect(page.getByRole('heading', { name: 'You passed' })).toBeVisible();

  // Ana watches the board: she leads, Unverified.
  const anaPage = await (await browser.newContext()).newPage();
  await openSignedIn(anaPage, a, mailbox, anaWho, `challenge-leaderboard-page?id=${c.id}`);
  const rows = anaPage.getByRole('table').getByRole('row');
  await expect(rows.nth(1)).toContainText('Ana Athlete');
  await expect(rows.nth(1)).toContainText('Unverified');

  // The judge takes the top of the queue first.
  await page.goto(`${a.url}judging-dashboard`);
  const items = page.getByRole('list', { name: 'Scores waiting for judging' }).getByRole('listitem');
  await expect(items).toHaveCount(2);
  await expect(items.first()).toContainText('Ana Athlete: 100 reps');
  await expect(items.first()).toContainText('1st overall');
  await expect(page.getByText('2 scores wait for a judge.')).toBeVisible();
  // A challenge's name narrows the queue to it, as a link; Show every challenge widens it again.
  await items.first().getByRole('link', { name: "Only Burpee AMRAP's scores" }).click();
  await expect(page).toHaveURL(new RegExp(`judging-dashboard\\?challenge=${c.id}$`));
  await expect(page.getByText('2 scores wait for a judge in this challenge.')).toBeVisible();
  await expect(page.getByText('Only Burpee AMRAP.')).toBeVisible();
  await noSidewaysScroll();
  await page.screenshot({ path: testInfo.outputPath('judging-queue-one-challenge-360.png'), fullPage: true });
  await page.getByRole('button', { name: 'Show every challenge' }).click();
  await expect(page).toHaveURL(/judging-dashboard$/);
  await expect(items).toHaveCount(2);
  await axeClean(page);
  await noSidewaysScroll();
  await items.first().getByRole('button', { name: 'Claim and judge' }).click();
  await expect(page.getByRole('link', { name: /watch it on youtube.com/ })).toBeVisible();
  // The claimed item has its own address: a reload keeps the judge on it (renewing the claim).
  await expect(page).toHaveURL(/judging-dashboard\?score=\d+$/);
  await page.reload();
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
  // Her list of results says the 90 was adjusted, from what and why.
  const mine = anaPage.getByRole('row').filter({ hasText: 'Adjusted' });
  await expect(mine).toContainText('From 100 reps by a judge: Minor penalty (10%). Chest not to the floor on ten reps');
  await verdict.getByRole('button', { name: 'Appeal this verdict' }).click();
  await anaPage.getByLabel('What did the judge get wrong?').fill('Every rep in the video touches the floor; see the side angle.');
  await anaPage.getByRole('button', { name: 'Send the appeal' }).click();
  await expect(verdict).toContainText('Appealed: waiting for another judge');
  await expect(verdict.getByRole('button', { name: 'Appeal this verdict' })).toHaveCount(0);
  await axeClean(anaPage);
  await anaPage.close();

  // An administrator certifies a senior judge from the dashboard.
  const adminPage = await (await browser.newContext()).newPage();
  await openSignedIn(adminPage, a, mailbox, { email: ADMIN_EMAIL, name: 'Admin Ada', password: 'admin-password-1' }, 'judging-dashboard');
  // The server's rule holds for administrators too: the page says so, with the test and a one-press self-certification.
  await expect(adminPage.getByRole('heading', { name: 'Judging needs a judge’s certificate, for administrators too' })).toBeVisible();
  await expect(adminPage.getByRole('button', { name: 'Certify my account for a season' })).toBeVisible();
  await adminPage.getByLabel('Account email').fill('ben@example.test');
  await adminPage.getByRole('radio', { name: /Senior judge/ }).click();
  await adminPage.getByRole('button', { name: 'Certify for a season' }).click();
  await expect(adminPage.getByText(/Ben Burpee is certified until/).first()).toBeVisible();
  await axeClean(adminPage);
  // Certifying themself, the administrator sees the queue at once, without a reload.
  await adminPage.getByLabel('Account email').fill(ADMIN_EMAIL);
  await adminPage.getByRole('button', { name: 'Certify for a season' }).click();
  await expect(adminPage.getByRole('heading', { name: /Judging needs a judge’s certificate/ })).toHaveCount(0);
  await expect(adminPage.getByText(/Your\s+certificate runs until/)).toBeVisible();
  await adminPage.close();
});
