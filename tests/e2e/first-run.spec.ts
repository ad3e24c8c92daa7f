import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { startSignUp, useAppWithMail } from './support/accounts.ts';
import { axeBuilder, axeClean } from './support/api.ts';
import { EMBEDDED } from './support/e2e-postgres.ts';
import { accountMenuButton, expectSignedIn } from './support/header.ts';

// Issue #37's first run, as a newcomer meets it after the README's two commands: the demo world is on (SEED=demo),
// a demo athlete signs in in one press from the sign-in page, the world looks alive (achievements, streaks, stories
// with comments, theater videos), a board row's menu follows an athlete and gives kudos, a score goes in with a video
// uploaded from the score form and reads Unverified (no Ranked badge), every place shown names its board, and the
// demo administrator reaches reported content from the admin home. Signing up goes straight to the mailed code.
// On the embedded database even with E2E_DATABASE_URL: the newcomer's `npm start` (#36).
const { app, mailbox } = useAppWithMail({ SEED: 'demo', ...EMBEDDED });

let dir = '';
let clip = '';
test.beforeAll(() => {
  dir = mkdtempSync(path.join(os.tmpdir(), 'e2e-first-run-'));
  clip = path.join(dir, 'my-set.mp4');
  execFileSync('ffmpeg', ['-v', 'error', '-f', 'lavfi', '-i', 'testsrc=duration=2:size=320x240:rate=15', '-c:v', 'mpeg4', clip]);
});
test.afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** "3rd of 12 · Women Rx": a place that names its board. */
const NAMED_PLACE = /\d+(st|nd|rd|th) of \d+ · (Women|Men)( \d+[–-]\d+| \d+\+)? (Rx|Scaled)/;

/** From `/`, Sign In, then the sign-in page's one-press demo account of that kind (no password, no code). */
async function demoSignIn(page: Page, kind: 'demo athlete' | 'demo administrator') {
  await page.goto(app().url);
  await page.getByRole('link', { name: 'Sign In', exact: true }).click();
  const account = page.getByRole('button', { name: new RegExp(`Sign in as .+${kind}$`) }).first();
  await expect(account).toBeVisible({ timeout: 20_000 });
  await account.click();
  await expect(accountMenuButton(page)).toBeVisible({ timeout: 20_000 });
}

/**
 * A demo athlete who stood on a closed challenge's podium is told so at their first sign-in (the achievement pops up
 * over the page, with confetti): closed before the journey goes on, as a person would.
 */
async function closeCelebrations(page: Page) {
  const popup = page.getByTestId('achievement-popup');
  for (let i = 0; i < 8; i++) {
    const shown = await popup
      .first()
      .waitFor({ state: 'visible', timeout: i === 0 ? 5_000 : 2_000 })
      .then(() => true)
      .catch(() => false);
    if (!shown) return;
    const text = (await popup.first().textContent()) ?? '';
    await popup.first().getByRole('button', { name: 'Close' }).click();
    // The next achievement may take its place at once: wait for this one to go.
    await expect(popup.filter({ hasText: text })).toHaveCount(0);
  }
}

/** A challenge of the demo world, by title (the public list). */
async function challengeId(title: string): Promise<number> {
  const res = await fetch(`${app().url}api/challenges/discover?status=open&limit=50`);
  const { items } = (await res.json()) as { items: { id: number; title: string }[] };
  const found = items.find((c) => c.title === title);
  expect(found, `the demo world has "${title}"`).toBeTruthy();
  return found!.id;
}

test('a demo athlete signs in in one press and finds a living world: achievements, streaks, stories, theater', async ({ page }) => {
  test.setTimeout(180_000);
  await demoSignIn(page, 'demo athlete');
  await page.goto(`${app().url}dashboard-page`);
  const achievements = page.getByRole('region', { name: 'Achievements' });
  await expect(achievements.getByRole('listitem').first()).toBeVisible({ timeout: 20_000 });
  // Streaks from the athlete's seeded scores: none of them still waits for a first score.
  const streaks = page.getByRole('region', { name: 'Active Streaks' });
  await expect(streaks.getByTestId('streak-weekly_participation')).toBeVisible();
  await expect(streaks.getByText('Submit a score to start your first streak.', { exact: false })).toHaveCount(0);
  await expect(streaks.getByTestId('streak-weekly_participation')).not.toContainText('Best: 0');
  await axeClean(page);

  await page.goto(`${app().url}my-stories-page`);
  await expect(page.getByRole('heading', { level: 1, name: 'Community Stories' })).toBeVisible();
  await expect(page.getByRole('link', { name: /^[1-9]\d* comments? on / }).first()).toBeVisible({ timeout: 20_000 });

  // The theater's videos are made with ffmpeg at the first start and processed like any upload.
  const theaterChallenge = await challengeId('Max unbroken pull-ups');
  await expect(async () => {
    await page.goto(`${app().url}challenge-detail-page?id=${theaterChallenge}`);
    const theater = page.getByRole('region', { name: 'Theater' });
    await expect(theater.getByRole('button', { name: /Play/ }).first()).toBeVisible({ timeout: 5_000 });
  }).toPass({ timeout: 90_000 });
});

test('a board row menu follows an athlete and gives kudos, from the keyboard', async ({ page }, testInfo) => {
  test.setTimeout(120_000);
  await demoSignIn(page, 'demo athlete');
  const id = await challengeId('Fran');
  await page.goto(`${app().url}challenge-leaderboard-page?id=${id}`);
  await closeCelebrations(page);
  const rows = page.getByRole('table').first().getByRole('row');
  // The first row that is not the viewer's own carries a menu named for its athlete.
  const more = rows.getByRole('button', { name: /^More for / }).first();
  await expect(more).toBeVisible({ timeout: 20_000 });
  const name = (await more.getAttribute('aria-label'))!.replace(/^More for /, '');
  await expect(page.locator('[aria-current="true"]').getByRole('button', { name: /^More for / })).toHaveCount(0);

  await more.focus();
  await page.keyboard.press('Enter');
  // What the viewer already did is asked as the menu opens (the demo athletes follow some of each other already);
  // Home goes to the first item once it is there.
  const followItem = page.getByRole('menuitem', { name: new RegExp(`^(Follow|Unfollow) ${name}$`) });
  await expect(followItem).toBeEnabled({ timeout: 10_000 });
  const wasFollowing = (await followItem.textContent())!.startsWith('Unfollow');
  // The open menu itself (its popper sits outside the page's landmarks, as every Radix menu's does).
  const inMenu = await axeBuilder(page).include('[role="menu"]').analyze();
  expect(inMenu.violations.map((v) => v.id)).toEqual([]);
  await page.keyboard.press('Home');
  await expect(followItem).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page.getByText(wasFollowing ? `You no longer follow ${name}.` : `You follow ${name}.`).first()).toBeVisible();
  await expect(more).toBeFocused();

  // Opened again, it offers the way back; then kudos on the result, given or taken back the same way.
  await page.keyboard.press('Enter');
  const flipped = wasFollowing ? `Follow ${name}` : `Unfollow ${name}`;
  await expect(page.getByRole('menuitem', { name: flipped, exact: true })).toBeEnabled({ timeout: 10_000 });
  const kudos = page.getByRole('menuitem', { name: /^(Give|Take back) kudos · \d+ kudos$/ });
  await expect(kudos).toBeEnabled();
  const hadGiven = (await kudos.textContent())!.startsWith('Take back');
  await page.keyboard.press('ArrowDown');
  await expect(kudos).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(
    page.getByText(new RegExp(hadGiven ? `^You took back your kudos for ${name}` : `^You gave ${name} kudos for `)).first(),
  ).toBeVisible();
  await more.click();
  await expect(page.getByRole('menuitem', { name: new RegExp(`^${hadGiven ? 'Give' : 'Take back'} kudos · \\d+ kudos$`) })).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(page.getByRole('menu')).toHaveCount(0);
  await axeClean(page);
  await page.screenshot({ path: testInfo.outputPath('board-menu-1280.png') });

  // On a phone the row keeps its menu, and nothing scrolls sideways.
  await page.setViewportSize({ width: 360, height: 780 });
  await expect(more).toBeVisible();
  await more.click();
  await expect(page.getByRole('menuitem', { name: flipped, exact: true })).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  await page.screenshot({ path: testInfo.outputPath('board-menu-360.png') });
  await page.keyboard.press('Escape');
});

test('a score goes in with a video uploaded from the score form: Unverified, no Ranked badge, the place names its board', async ({
  page,
}) => {
  test.setTimeout(240_000);
  await demoSignIn(page, 'demo athlete');
  const id = await challengeId('Max unbroken pull-ups');
  await page.goto(`${app().url}challenge-detail-page?id=${id}`);
  const join = page.getByRole('button', { name: 'Join challenge' });
  const submit = page.getByRole('link', { name: 'Submit a score' });
  await expect(join.or(submit).first()).toBeVisible({ timeout: 20_000 });
  if (await join.isVisible()) await join.click();
  await submit.click();

  await page.getByLabel('Reps', { exact: true }).fill('61');
  await page.getByRole('radio', { name: 'An upload (one of mine, or a new one)' }).check();
  const another = page.getByRole('button', { name: 'Upload a new video' });
  const drop = page.getByLabel('Choose a video');
  await expect(another.or(drop).first()).toBeVisible({ timeout: 20_000 });
  if (await another.isVisible()) await another.click();
  await drop.setInputFiles(clip);
  // The form need not wait for processing: once uploaded, the score goes in with the video still processing and the
  // server holds it for the video (the judges get it once it is ready). Processing a short clip may also win the race.
  const processing = page.getByRole('status').filter({ hasText: 'Processing my-set.mp4' });
  const attached = page.getByRole('combobox', { name: 'Video' }).filter({ hasText: 'my-set.mp4' });
  await expect(processing.or(attached).first()).toBeVisible({ timeout: 150_000 });
  await page.getByRole('button', { name: 'Submit score' }).click();
  const saved = page.getByRole('status').filter({ hasText: /Unverified: waiting for its video|Your video goes to the judges/ });
  await expect(saved).toContainText(/Unverified: waiting for its video|the score shows as Unverified until one has watched it/);
  await expect(saved).toContainText(NAMED_PLACE);

  await page.goto(`${app().url}my-results-page`);
  const row = page.getByRole('row').filter({ hasText: 'Max unbroken pull-ups' }).filter({ hasText: '61' }).first();
  await expect(row).toContainText('Unverified');
  await expect(row).not.toContainText('Ranked');
  // Once processing is over the score is the judges' (a reload reads the check again).
  await expect(async () => {
    await page.reload();
    await expect(page.getByRole('row').filter({ hasText: 'Max unbroken pull-ups' }).filter({ hasText: '61' }).first()).toContainText(
      'Waiting for a judge to watch the video',
      { timeout: 3_000 },
    );
  }).toPass({ timeout: 120_000 });
  await expect(page.getByRole('row').filter({ hasText: 'Max unbroken pull-ups' }).first()).toContainText(NAMED_PLACE);
  await axeClean(page);
  // The other pages that say where the athlete stands name the board too.
  await page.goto(`${app().url}dashboard-page`);
  const recent = page.getByRole('region', { name: 'Recent results' }).getByRole('listitem').filter({ hasText: 'Max unbroken pull-ups' });
  await expect(recent.first()).toContainText(NAMED_PLACE);
  await expect(recent.first()).not.toContainText('Ranked');
  await page.goto(`${app().url}challenge-detail-page?id=${id}`);
  await expect(page.getByText(NAMED_PLACE).first()).toBeVisible();
});

test('the demo administrator reaches reported content from the admin home', async ({ page }) => {
  test.setTimeout(90_000);
  await demoSignIn(page, 'demo administrator');
  // Wide screens show the Admin Tools bar under the header.
  await page.getByRole('navigation', { name: 'Admin Tools' }).getByRole('link', { name: 'Admin Home' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Admin' })).toBeVisible();
  await page.getByRole('link', { name: /^Reported Content/ }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Reported content' })).toBeVisible();
});

test('signing up goes straight to the mailed code, without typing the password again', async ({ page }) => {
  test.setTimeout(90_000);
  const who = { email: 'newcomer@example.test', name: 'Nia Newcomer', password: 'nia-password-1' };
  const since = mailbox.mark();
  await startSignUp(page, app(), who);
  await expect(page.getByLabel('Password', { exact: true })).toHaveCount(0);
  await page.getByLabel('Sign-in code').fill(await mailbox.loginCode(who.email, since));
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expectSignedIn(page);
});
