import { expect, test, type Page } from '@playwright/test';
import { CHROMIUM_ARGS } from '#scripts/find-browser.mjs';
import { useAppWithMail } from './support/accounts.ts';
import { apiCall, apiSignIn, axeClean } from './support/api.ts';
import { openSignedIn } from './support/signed-in.ts';
import { expectPlayheadPast, playhead } from './support/video.ts';

// Chromium's fake camera and microphone (a moving test pattern and a beep), allowed without a prompt.
test.use({
  launchOptions: {
    executablePath: process.env.PLAYWRIGHT_CHROMIUM_EXECUTABLE || undefined,
    args: [
      ...CHROMIUM_ARGS,
      '--use-fake-device-for-media-stream',
      '--use-fake-ui-for-media-stream',
      '--autoplay-policy=no-user-gesture-required',
    ],
  },
});

const { app, mailbox } = useAppWithMail();
const SHOTS = process.env.LIVE_STREAMING_SHOTS_DIR;

async function shots(page: Page, name: string) {
  if (!SHOTS) return;
  for (const scheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme: scheme });
    await page.screenshot({ path: `${SHOTS}/${name}-${page.viewportSize()?.width ?? 0}-${scheme}.png`, fullPage: true });
  }
  await page.emulateMedia({ colorScheme: 'light' });
}

test('an athlete streams their camera live; a spectator watches the video play and the count follow; the recording goes to judging', async ({
  page,
  browser,
}) => {
  test.setTimeout(240_000);
  const a = app();
  const coach = await apiSignIn(a, mailbox, { email: 'coach-stream@example.test', name: 'Coach Carla', password: 'coach-password-1' });
  const now = Date.now();
  const c = await apiCall(a, coach, 'POST', 'api/challenges/', {
    title: 'Burpees on camera',
    score_type: 'reps',
    starts_at: new Date(now - 3_600_000).toISOString(),
    ends_at: new Date(now + 86_400_000).toISOString(),
  });
  const anaWho = { email: 'ana-stream@example.test', name: 'Ana Athlete', password: 'ana-password-1' };
  const ana = await apiSignIn(a, mailbox, anaWho);
  await apiCall(a, ana, 'POST', `api/challenges/${String(c.id)}/join`, { division: 'rx', sex: 'female' });
  const fanWho = { email: 'fan-stream@example.test', name: 'Fan Finn', password: 'fan-password-1' };

  // The athlete, on a phone: start, then stream the camera.
  await page.setViewportSize({ width: 360, height: 780 });
  await openSignedIn(page, a, mailbox, anaWho, `live-attempt-page?challenge=${String(c.id)}`);
  await page.getByRole('button', { name: 'Start the clock' }).click();
  await page.getByRole('button', { name: 'Stream my camera' }).click();
  await expect(page.getByLabel('Your camera preview')).toBeVisible();
  await expect(page.getByText(/Streaming · [1-9]\d* segments? sent/)).toBeVisible({ timeout: 15_000 });
  const tap = page.getByRole('button', { name: /^\+1/ });
  for (let i = 0; i < 2; i++) await tap.click();

  // A spectator in another browser context: the video plays (its playhead moves) and the count follows.
  const fanPage = await (await browser.newContext()).newPage();
  await openSignedIn(fanPage, a, mailbox, fanWho, 'live-spectating');
  await fanPage.getByRole('link', { name: 'Watch Ana Athlete' }).click();
  await expectPlayheadPast(fanPage, 0.5, 30_000);
  const before = await playhead(fanPage);
  await expectPlayheadPast(fanPage, before + 1.5, 15_000);
  const count = fanPage.getByTestId('live-count');
  await expect(count).toHaveText('2');
  for (let i = 0; i < 3; i++) await tap.click();
  // The tap's 1.5 s budget is checked by live.spec without a camera; here two pages encode and decode video.
  await expect(count).toHaveText('5', { timeout: 5000 });
  await expect(fanPage.getByText('Watching').locator('..')).toContainText('1');

  await axeClean(page);
  await axeClean(fanPage);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  await shots(page, 'live-streaming-athlete');
  await fanPage.setViewportSize({ width: 1280, height: 900 });
  await shots(fanPage, 'live-streaming-spectator');
  await fanPage.setViewportSize({ width: 360, height: 780 });
  expect(await fanPage.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  await shots(fanPage, 'live-streaming-spectator');

  // The athlete ends: the score is on the board, the spectator's player ends, and the recording is judged like an upload.
  await page.getByRole('button', { name: 'End and submit' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Submitted: 5 reps' })).toBeVisible();
  await expect(fanPage.getByText('Ana Athlete finished live: 5 reps')).toBeVisible();
  await page.getByRole('link', { name: 'See the board' }).click();
  const rows = page.getByRole('table').getByRole('row');
  await expect(rows.nth(1)).toContainText('Ana Athlete');
  await expect(rows.nth(1)).toContainText('5 reps');
  await expect
    .poll(
      async () => {
        const mine = (await apiCall(a, ana, 'GET', 'api/judging/mine')) as {
          items: { state: string; display: string; video: { status: string } | null }[];
        };
        const item = mine.items[0];
        return item ? `${item.state} ${item.display} ${item.video?.status ?? 'no video'}` : 'none';
      },
      { timeout: 90_000, intervals: [1000] },
    )
    .toBe('waiting 5 reps ready');
});
