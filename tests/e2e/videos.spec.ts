import { createHash } from 'node:crypto';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { useAppWithMail } from './support/accounts.ts';
import { axeClean } from './support/api.ts';
import { expectPlays } from './support/video.ts';
import { openSignedIn } from './support/signed-in.ts';

const { app, mailbox } = useAppWithMail();
let dir = '';
let clip = '';

test.beforeAll(() => {
  dir = mkdtempSync(path.join(os.tmpdir(), 'e2e-video-'));
  clip = path.join(dir, 'front-squat.mp4');
  // A real 4-second 720p clip with sound, big enough (about 2 MB) to travel in several chunks.
  execFileSync('ffmpeg', ['-v', 'error', '-f', 'lavfi', '-i', 'testsrc=duration=4:size=1280x720:rate=30', '-f', 'lavfi', '-i', 'sine=duration=4',
    '-c:v', 'mpeg4', '-b:v', '4M', '-c:a', 'aac', '-shortest', clip]); // prettier-ignore
});
test.afterAll(() => rmSync(dir, { recursive: true, force: true }));

const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

test('a video upload cut off mid-way resumes after a reload, is processed and plays', async ({ page }, testInfo) => {
  test.setTimeout(180_000);
  await openSignedIn(
    page,
    app(),
    mailbox,
    { email: 'vera@example.test', name: 'Vera', password: 'vera-pass-12345' },
    'placeholder-video-page',
  );
  await expect(page.getByRole('heading', { name: 'Videos', level: 1 })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'No videos yet' })).toBeVisible();
  await axeClean(page);

  // The connection dies after two chunks: every later chunk is cut off.
  const offsets: number[] = [];
  page.on('request', (r) => {
    if (r.method() === 'PATCH' && r.url().includes('/api/videos/upload/chunk/')) offsets.push(Number(r.headers()['upload-offset']));
  });
  let passed = 0;
  await page.route('**/api/videos/upload/chunk/**', (route) => {
    if (route.request().method() !== 'PATCH') return route.continue();
    passed += 1;
    return passed <= 2 ? route.continue() : route.abort('connectionreset');
  });
  await page.getByLabel('Choose a video').setInputFiles(clip);
  await expect(page.getByText(/Interrupted\. The connection dropped/)).toBeVisible({ timeout: 30_000 });
  const progress = page.getByRole('progressbar', { name: 'Upload progress' });
  const percent = Number(await progress.getAttribute('aria-valuenow'));
  expect(percent).toBeGreaterThan(0);
  expect(percent).toBeLessThan(100);

  // A reload forgets the page, not the upload: the same file continues where the server stopped.
  await page.unroute('**/api/videos/upload/chunk/**');
  await page.reload();
  const before = offsets.length;
  await page.getByLabel('Choose a video').setInputFiles(clip);
  await expect(page.getByRole('heading', { name: 'front-squat.mp4', level: 1 })).toBeVisible({ timeout: 30_000 });
  expect(offsets[before]).toBeGreaterThan(0);
  const videoId = new URL(page.url()).searchParams.get('id')!;
  const stored = readFileSync(path.join(app().dataDir, 'videos', 'uploads', videoId));
  expect(sha256(stored)).toBe(sha256(readFileSync(clip)));

  // Processing finishes on its own; then the player plays.
  await expect(page.getByText('Ready', { exact: true })).toBeVisible({ timeout: 90_000 });
  const video = page.locator('video');
  await expect(video).toBeVisible();
  await axeClean(page);
  await expectPlays(video);
  // Frame stepping pauses and moves one frame (30 fps); the link names the moment.
  await page.getByRole('button', { name: 'Next frame' }).click();
  const paused = await video.evaluate((v: HTMLVideoElement) => ({ paused: v.paused, t: v.currentTime }));
  expect(paused.paused).toBe(true);
  await expect(page.getByRole('link', { name: /^Open at 0:0\d\.\d\d$/ })).toHaveAttribute('href', /[?&]t=\d/);
  await page.screenshot({ path: testInfo.outputPath('player-1280.png'), fullPage: true });
  await page.setViewportSize({ width: 360, height: 800 });
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  await page.screenshot({ path: testInfo.outputPath('player-360.png'), fullPage: true });
  // The list shows it ready.
  await page.getByRole('link', { name: 'All your videos' }).click();
  await expect(page.getByRole('listitem').filter({ hasText: 'front-squat.mp4' })).toContainText('Ready');
});
