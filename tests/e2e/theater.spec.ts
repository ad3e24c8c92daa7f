import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { useAppWithMail } from './support/accounts.ts';
import { apiSignIn, apiCall, axeClean } from './support/api.ts';
import { expectSignedIn } from './support/header.ts';
import { openSignedIn } from './support/signed-in.ts';
import { expectPlays } from './support/video.ts';

const { app, mailbox } = useAppWithMail();
const DAY = 86_400_000;

test('two spectators vote on a score video and each sees the counts move live', async ({ browser }) => {
  test.setTimeout(120_000);
  const a = app();
  const coach = { email: 'coach@example.test', name: 'Coach Carla', password: 'coach-password-1' };
  const ana = { email: 'ana@example.test', name: 'Ana Video', password: 'ana-password-1' };
  const ben = { email: 'ben@example.test', name: 'Ben Fan', password: 'ben-password-1' };
  const cy = { email: 'cy@example.test', name: 'Cy Fan', password: 'cy-password-1' };

  const coachApi = await apiSignIn(a, mailbox, coach);
  const challenge = await apiCall(a, coachApi, 'POST', 'api/challenges/', {
    title: 'Burpee theater',
    score_type: 'reps',
    starts_at: new Date(Date.now() - 3_600_000).toISOString(),
    ends_at: new Date(Date.now() + 7 * DAY).toISOString(),
  });
  const id = challenge.id as number;

  // A visitor sees the empty theater and a way to sign in.
  const visitor = await (await browser.newContext()).newPage();
  await visitor.goto(`${a.url}challenge-detail-page?id=${id}`);
  const visitorTheater = visitor.getByRole('region', { name: 'Theater' });
  await expect(visitorTheater.getByText('No videos yet')).toBeVisible();
  await expect(visitorTheater.getByRole('link', { name: 'Sign in' })).toBeVisible();

  const anaApi = await apiSignIn(a, mailbox, ana);
  await apiCall(a, anaApi, 'POST', `api/challenges/${id}/join`, { division: 'rx', sex: 'female' });
  await apiCall(a, anaApi, 'POST', `api/challenges/${id}/submit-score`, { reps: 88, video_url: 'https://www.youtube.com/watch?v=burpees' });

  const open = async (who: typeof ben) => {
    const page = await (await browser.newContext()).newPage();
    await openSignedIn(page, a, mailbox, who, `challenge-detail-page?id=${id}`);
    await expectSignedIn(page);
    const card = page.getByRole('region', { name: 'Theater' }).getByRole('article').filter({ hasText: 'Ana Video' });
    await expect(card).toContainText('88 reps');
    await expect(card.getByRole('link', { name: 'Watch the video of Ana Video (opens in a new tab)' })).toHaveAttribute(
      'href',
      'https://www.youtube.com/watch?v=burpees',
    );
    return { page, card };
  };
  const bens = await open(ben);
  const cys = await open(cy);
  const up = (card: typeof bens.card) => card.getByRole('button', { name: /Thumbs up for Ana Video's video/ });
  const down = (card: typeof bens.card) => card.getByRole('button', { name: /Thumbs down for Ana Video's video/ });

  // Ben: thumbs up. Cy's page shows it without a reload.
  await up(bens.card).click();
  await expect(up(bens.card)).toHaveAttribute('aria-pressed', 'true');
  await expect(up(bens.card)).toHaveText('1');
  await expect(up(cys.card)).toHaveText('1');
  await expect(up(cys.card)).toHaveAttribute('aria-pressed', 'false');

  // Cy: thumbs up too; Ben sees 2. Then Ben changes his mind: thumbs down.
  await up(cys.card).click();
  await expect(up(bens.card)).toHaveText('2');
  await down(bens.card).click();
  await expect(down(bens.card)).toHaveAttribute('aria-pressed', 'true');
  await expect(up(cys.card)).toHaveText('1');
  await expect(down(cys.card)).toHaveText('1');
  await expect(cys.card).toContainText('Net votes: 0');
  await axeClean(cys.page);

  // A phone, light and dark: no sideways scroll.
  for (const scheme of ['Light', 'Dark'] as const) {
    await cys.page.setViewportSize({ width: 1280, height: 900 });
    await cys.page.getByRole('group', { name: 'Theme' }).getByRole('button', { name: scheme }).click();
    await cys.page.setViewportSize({ width: 360, height: 800 });
    await cys.card.scrollIntoViewIfNeeded();
    expect(await cys.page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    await cys.page.screenshot({ path: `test-results/theater-360-${scheme.toLowerCase()}.png` });
  }
  await axeClean(cys.page);

  // Ana on her own video: counts, no buttons.
  const anas = await (await browser.newContext()).newPage();
  await openSignedIn(anas, a, mailbox, ana, `challenge-detail-page?id=${id}`);
  await expectSignedIn(anas);
  const own = anas.getByRole('region', { name: 'Theater' }).getByRole('article').filter({ hasText: 'Ana Video' });
  await expect(own).toContainText('Your video');
  await expect(own).toContainText('1 thumbs up');
  await expect(own.getByRole('button')).toHaveCount(0);
});

test('an athlete shows an uploaded video in the theater; another plays it and votes; withdrawn, it leaves open theaters at once', async ({
  browser,
}, testInfo) => {
  test.setTimeout(240_000);
  const a = app();
  const dir = mkdtempSync(path.join(os.tmpdir(), 'e2e-theater-'));
  const clip = path.join(dir, 'wall-balls.mp4');
  // A real 3-second clip, small so that processing is quick.
  execFileSync('ffmpeg', ['-v', 'error', '-f', 'lavfi', '-i', 'testsrc=duration=3:size=320x240:rate=25', '-c:v', 'mpeg4', clip]);
  const coach = { email: 'coach2@example.test', name: 'Coach Dee', password: 'coach-password-2' };
  const eva = { email: 'eva@example.test', name: 'Eva Upload', password: 'eva-password-1' };
  const fan = { email: 'fan@example.test', name: 'Fin Fan', password: 'fin-password-1' };
  const coachApi = await apiSignIn(a, mailbox, coach);
  const challenge = await apiCall(a, coachApi, 'POST', 'api/challenges/', {
    title: 'Wall ball theater',
    score_type: 'reps',
    starts_at: new Date(Date.now() - 3_600_000).toISOString(),
    ends_at: new Date(Date.now() + 7 * DAY).toISOString(),
  });
  const id = challenge.id as number;

  // Eva uploads her attempt, waits for it to be processed and submits her score with it.
  const evaApi = await apiSignIn(a, mailbox, eva);
  const page = await (await browser.newContext()).newPage();
  await openSignedIn(page, a, mailbox, eva, 'placeholder-video-page');
  await expectSignedIn(page);
  await page.getByLabel('Choose a video').setInputFiles(clip);
  await expect(page.getByRole('heading', { name: 'wall-balls.mp4', level: 1 })).toBeVisible({ timeout: 60_000 });
  await expect(page.getByText('Ready', { exact: true })).toBeVisible({ timeout: 120_000 });
  const videoId = new URL(page.url()).searchParams.get('id')!;
  rmSync(dir, { recursive: true, force: true });
  await apiCall(a, evaApi, 'POST', `api/challenges/${id}/join`, { division: 'rx', sex: 'female' });
  await apiCall(a, evaApi, 'POST', `api/challenges/${id}/submit-score`, { reps: 61, video_id: videoId });

  // Fin's theater is empty: an upload is not shown until its athlete says so.
  const fin = await (await browser.newContext()).newPage();
  await openSignedIn(fin, a, mailbox, fan, `challenge-detail-page?id=${id}`);
  await expectSignedIn(fin);
  const finTheater = fin.getByRole('region', { name: 'Theater' });
  await expect(finTheater.getByText('No videos yet')).toBeVisible();

  // Eva switches it on in My Results.
  await page.goto(`${a.url}my-results-page`);
  const show = page.getByRole('switch', { name: 'Show in the challenge’s theater' });
  await expect(show).toHaveAttribute('aria-checked', 'false');
  await show.click();
  await expect(show).toHaveAttribute('aria-checked', 'true');
  await expect(page.getByText('Your video is in the challenge’s theater.', { exact: true })).toBeVisible();

  // Fin sees it arrive without reloading, plays it with the shared player, and votes.
  const card = finTheater.getByRole('article').filter({ hasText: 'Eva Upload' });
  await expect(card).toContainText('61 reps');
  await card.getByRole('button', { name: "Play Eva Upload's video" }).click();
  const video = card.locator('video');
  await expectPlays(video);
  const up = card.getByRole('button', { name: /Thumbs up for Eva Upload's video/ });
  await up.click();
  await expect(up).toHaveAttribute('aria-pressed', 'true');
  await expect(up).toHaveText('1');
  await axeClean(fin);
  for (const [width, scheme] of [
    [1280, 'Light'],
    [1280, 'Dark'],
    [360, 'Dark'],
    [360, 'Light'],
  ] as const) {
    await fin.setViewportSize({ width: 1280, height: 900 });
    await fin.getByRole('group', { name: 'Theme' }).getByRole('button', { name: scheme }).click();
    await fin.setViewportSize({ width, height: 900 });
    await card.scrollIntoViewIfNeeded();
    expect(await fin.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    await fin.screenshot({ path: testInfo.outputPath(`theater-upload-${width}-${scheme.toLowerCase()}.png`) });
  }
  await axeClean(fin);
  const streamUrl = await video.getAttribute('src');

  // Eva takes it back: it leaves Fin's theater and its link stops.
  await show.click();
  await expect(show).toHaveAttribute('aria-checked', 'false');
  await expect(page.getByText('Your video is no longer in the theater.', { exact: true })).toBeVisible();
  expect((await fin.request.get(new URL(streamUrl!, a.url).toString())).status()).toBe(404);
  // Fin's open theater drops it at once, without a reload.
  await expect(finTheater.getByText('No videos yet')).toBeVisible();
  await expect(card).toHaveCount(0);
});
