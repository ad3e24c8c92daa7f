import { expect, test } from '@playwright/test';
import { CHROMIUM_ARGS } from '#scripts/find-browser.mjs';
import { useAppWithMail } from './support/accounts.ts';
import { looksRight } from './support/looks.ts';
import { openSignedIn } from './support/signed-in.ts';
import { expectPlays } from './support/video.ts';

// Chromium's fake camera and microphone (a moving test pattern and a beep), allowed without a prompt.
test.use({
  launchOptions: {
    executablePath: process.env.PLAYWRIGHT_CHROMIUM_EXECUTABLE || undefined,
    args: [...CHROMIUM_ARGS, '--use-fake-device-for-media-stream', '--use-fake-ui-for-media-stream'],
  },
});

const { app, mailbox } = useAppWithMail();

const vi = { email: 'vi.video@example.test', name: 'Vi Video', password: 'vi-password-1' };

test('an athlete records a video interview on camera, re-takes an answer, puts it on her profile, and it plays there', async ({
  browser,
}) => {
  test.setTimeout(240_000);
  const a = app();
  const page = await (await browser.newContext({ viewport: { width: 1280, height: 900 } })).newPage();
  await openSignedIn(page, a, mailbox, vi, 'video-interview-page');
  await expect(page.getByRole('heading', { name: 'Video Interview', level: 1 })).toBeVisible();
  await expect(page.getByText('No video interviews yet')).toBeVisible();
  await looksRight(page, 'video-interview-list', () => expect(page.getByText('No video interviews yet')).toBeVisible());
  await page.getByRole('button', { name: 'Start a video interview' }).click();
  await expect(page).toHaveURL(/video-interview-page\?interview=\d+$/);
  const question = page.locator('#interview-question');
  await expect(question).toContainText('Vi Video');
  const record = page.getByRole('button', { name: 'Record your answer' });
  await expect(record).toBeVisible();
  await expect(page.getByLabel('Your camera')).toBeVisible();

  // The first take is watched, then re-taken.
  await record.click();
  await expect(page.getByText(/Recording 0:0/)).toBeVisible();
  await page.waitForTimeout(1500);
  await page.getByRole('button', { name: 'Stop recording' }).click();
  await expect(page.getByLabel('Your answer, to watch before sending')).toBeVisible();
  await looksRight(page, 'video-interview-preview', () => expect(record).toBeVisible());
  // (A reload drops the unsent take: the question waits for a new one.)
  await record.click();
  await page.waitForTimeout(1500);
  await page.getByRole('button', { name: 'Stop recording' }).click();
  await page.getByRole('button', { name: 'Re-take' }).click();
  await expect(record).toBeVisible();

  // Answer every question: record, stop, send (uploaded over tus, then attached).
  for (let i = 0; i < 8 && (await record.count()) > 0; i++) {
    await record.click();
    await page.waitForTimeout(2000);
    await page.getByRole('button', { name: 'Stop recording' }).click();
    await page.getByRole('button', { name: 'Send this answer' }).click();
    await expect(page.getByRole('heading', { name: 'Interview finished' }).or(page.getByText(`Question ${i + 2} of`))).toBeVisible({
      timeout: 30_000,
    });
  }
  await expect(page.getByRole('heading', { name: 'Interview finished' })).toBeVisible();
  await expect(page.getByText('It is private: only you can watch it.')).toBeVisible();
  await page.getByRole('button', { name: 'Put it on my profile' }).click();
  await expect(page.getByRole('heading', { name: 'On your profile' })).toBeVisible();
  const profileHref = await page.getByRole('link', { name: 'See it on your profile' }).getAttribute('href');
  expect(profileHref).toMatch(/athlete-profile-page\?id=\d+/);

  // Someone signed out opens her profile: the answer plays once processed.
  const visitor = await (await browser.newContext({ viewport: { width: 1280, height: 900 } })).newPage();
  await visitor.goto(`${a.url}${profileHref!.replace(/^\//, '')}`);
  const section = visitor.getByRole('region', { name: 'Video interviews' });
  await expect(section).toBeVisible({ timeout: 30_000 });
  const player = section.locator('video').first();
  await expect(player).toBeVisible({ timeout: 90_000 });
  await expectPlays(player);
  await looksRight(visitor, 'video-interview-profile', () => expect(section.locator('video').first()).toBeVisible({ timeout: 30_000 }));

  // Made private again, it leaves the profile.
  await page.getByRole('button', { name: 'Make it private' }).click();
  await expect(page.getByRole('heading', { name: 'Interview finished' })).toBeVisible();
  await visitor.reload();
  await expect(visitor.getByRole('heading', { name: vi.name, level: 1 })).toBeVisible();
  await expect(visitor.getByRole('region', { name: 'Video interviews' })).toHaveCount(0);
});

test('a browser without a camera gets plain words and a way to answer in writing', async ({ browser }) => {
  test.setTimeout(120_000);
  const a = app();
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  // No camera at all, as on a desktop without one.
  await context.addInitScript(() => {
    Object.defineProperty(navigator.mediaDevices, 'getUserMedia', {
      value: () => Promise.reject(new DOMException('Requested device not found', 'NotFoundError')),
    });
  });
  const page = await context.newPage();
  await page.setViewportSize({ width: 360, height: 780 });
  const noCamera = { email: 'no.camera@example.test', name: 'No Camera', password: 'no-camera-pass-1' };
  await openSignedIn(page, a, mailbox, noCamera, 'video-interview-page?start=1');
  await expect(page.getByRole('alert')).toContainText('No camera was found.');
  await expect(page.getByRole('link', { name: 'Answer in writing instead' })).toHaveAttribute('href', /ai-interview-page/);
  await expect(page.getByRole('button', { name: 'Try the camera again' })).toBeVisible();
});
