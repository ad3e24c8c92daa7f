import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { ADMIN_EMAIL, useAppWithMail } from './support/accounts.ts';
import { apiCall, apiSignIn, axeClean } from './support/api.ts';
import { choose } from './support/choose.ts';
import { expectPlays } from './support/video.ts';
import { ROW_2K } from '../server/fixtures.ts';
import { openSignedIn } from './support/signed-in.ts';

const { app, mailbox } = useAppWithMail();

test('a qualifying attempt with an uploaded video: the reviewer plays it before approving', async ({ browser }) => {
  test.setTimeout(240_000);
  const a = app();
  const boss = { email: ADMIN_EMAIL, name: 'Coach Admin', password: 'admin-pass-12345' };
  const rower = { email: 'rhea@example.test', name: 'Rhea Rower', password: 'rhea-password-1' };
  const adminApi = await apiSignIn(a, mailbox, boss);
  await apiCall(a, adminApi, 'POST', 'api/v1/tests', ROW_2K);
  const challenge = await apiCall(a, adminApi, 'POST', 'api/challenges/', {
    title: 'Row qualifier',
    score_type: 'time',
    starts_at: new Date(Date.now() + 86_400_000).toISOString(),
    ends_at: new Date(Date.now() + 8 * 86_400_000).toISOString(),
  });

  const dir = mkdtempSync(path.join(os.tmpdir(), 'e2e-qualifying-'));
  const clip = path.join(dir, 'row-attempt.mp4');
  execFileSync('ffmpeg', ['-v', 'error', '-f', 'lavfi', '-i', 'testsrc=duration=3:size=320x240:rate=25', '-c:v', 'mpeg4', clip]);
  const rhea = await apiSignIn(a, mailbox, rower);
  await apiCall(a, rhea, 'POST', `api/challenges/${challenge.id as number}/join`, { division: 'rx' });
  const page = await (await browser.newContext()).newPage();
  await openSignedIn(page, a, mailbox, rower);

  // Before any upload the form says how to add one.
  await page.goto(`${a.url}submit-qualifying-attempt-page?challenge=${challenge.id as number}`);
  await expect(page.getByText(/you have no finished upload yet/)).toBeVisible();

  await page.goto(`${a.url}placeholder-video-page`);
  await page.getByLabel('Choose a video').setInputFiles(clip);
  await expect(page.getByRole('heading', { name: 'row-attempt.mp4', level: 1 })).toBeVisible({ timeout: 60_000 });
  await expect(page.getByText('Ready', { exact: true })).toBeVisible({ timeout: 120_000 });
  rmSync(dir, { recursive: true, force: true });

  await page.goto(`${a.url}submit-qualifying-attempt-page?challenge=${challenge.id as number}`);
  await choose(page, 'Test', '2k row');
  await page.getByLabel(/^Time/).fill('7:05');
  await choose(page, 'Video of the attempt (optional)', 'row-attempt.mp4');
  await axeClean(page);
  await page.getByRole('button', { name: 'Submit qualifying attempt' }).click();
  await expect(page.getByRole('heading', { name: 'Submitted for review' })).toBeVisible();

  // The reviewer plays it from the approval queue.
  const admin = await (await browser.newContext()).newPage();
  await openSignedIn(admin, a, mailbox, boss, 'admin-test-approval-page');
  const card = admin.getByRole('listitem').filter({ hasText: 'Rhea Rower' });
  await expect(card).toContainText('Row qualifier');
  await card.getByRole('button', { name: "Play Rhea Rower's video of 2k row" }).click();
  const video = card.locator('video');
  await expectPlays(video);
  await axeClean(admin);
  await admin.setViewportSize({ width: 360, height: 780 });
  expect(await admin.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  await admin.screenshot({ path: 'test-results/qualifying-video-review-phone.png', fullPage: true });
});
