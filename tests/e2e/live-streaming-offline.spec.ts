import { expect, test, type Page } from '@playwright/test';
import { CHROMIUM_ARGS } from '#scripts/find-browser.mjs';
import { useAppWithMail } from './support/accounts.ts';
import { apiCall, apiSignIn } from './support/api.ts';
import { openSignedIn } from './support/signed-in.ts';
import { expectPlayheadPast, playhead } from './support/video.ts';

// Chromium's fake camera and microphone, allowed without a prompt.
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
const sentCount = async (page: Page) =>
  Number((await page.getByText(/Streaming · \d+ segments? sent/).textContent())?.match(/(\d+) segment/)?.[1]);

test('the athlete drops offline mid-stream: the page says so, the kept segments go in order when back, and the recording has no hole', async ({
  page,
  browser,
}) => {
  test.setTimeout(240_000);
  const a = app();
  const coach = await apiSignIn(a, mailbox, { email: 'coach-offline@example.test', name: 'Coach Olga', password: 'coach-password-1' });
  const now = Date.now();
  const c = await apiCall(a, coach, 'POST', 'api/challenges/', {
    title: 'Squats through a tunnel',
    score_type: 'reps',
    starts_at: new Date(now - 3_600_000).toISOString(),
    ends_at: new Date(now + 86_400_000).toISOString(),
  });
  const annWho = { email: 'ann-offline@example.test', name: 'Ann Athlete', password: 'ann-password-1' };
  const ann = await apiSignIn(a, mailbox, annWho);
  await apiCall(a, ann, 'POST', `api/challenges/${String(c.id)}/join`, { division: 'rx', sex: 'female' });
  const fanWho = { email: 'fan-offline@example.test', name: 'Fan Fay', password: 'fan-password-1' };

  const crashes: string[] = [];
  page.on('pageerror', (e) => crashes.push(e.message));
  await openSignedIn(page, a, mailbox, annWho, `live-attempt-page?challenge=${String(c.id)}`);
  await page.getByRole('button', { name: 'Start the clock' }).click();
  await page.getByRole('button', { name: 'Stream my camera' }).click();
  await expect(page.getByText(/Streaming · [2-9]\d* segments? sent/)).toBeVisible({ timeout: 20_000 });

  const fanPage = await (await browser.newContext()).newPage();
  await openSignedIn(fanPage, a, mailbox, fanWho, 'live-spectating');
  await fanPage.getByRole('link', { name: 'Watch Ann Athlete' }).click();
  await expectPlayheadPast(fanPage, 0.5, 30_000);

  // The athlete's connection drops for a few seconds: the page says so in plain words and keeps the video.
  const sentBefore = await sentCount(page);
  await page.context().setOffline(true);
  await expect(page.getByText(/Connection lost: your video is kept and sent when it returns \([1-9]\d* segments? waiting\)/)).toBeVisible({
    timeout: 10_000,
  });
  await page.waitForTimeout(5000);
  await page.context().setOffline(false);
  // Whatever failed to load while offline (a lazily loaded chunk) did not take the page down.
  expect(crashes).toEqual([]);

  // Back online: the waiting segments go out (more than were sent before, none lost) and the spectator keeps playing.
  await expect(page.getByText(/Streaming · \d+ segments? sent/)).toBeVisible({ timeout: 20_000 });
  await expect.poll(() => sentCount(page), { timeout: 20_000 }).toBeGreaterThan(sentBefore + 3);
  const watched = await playhead(fanPage);
  await expectPlayheadPast(fanPage, watched + 1.5, 30_000);

  await page.getByRole('button', { name: 'End and submit' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Submitted: 0 reps' })).toBeVisible();
  // The recording: every segment numbered in order, with no gap marked for the drop (they were kept, not lost).
  const { attempt } = (await apiCall(a, ann, 'GET', `api/live-attempts/mine?challenge_id=${String(c.id)}`)) as { attempt: { id: number } };
  const stream = (await apiCall(a, ann, 'GET', `api/live-attempts/${String(attempt.id)}/segments`)) as {
    last_seq: number;
    gaps: { gap_ms: number }[];
  };
  expect(stream.last_seq).toBeGreaterThanOrEqual(sentBefore + 3);
  expect(stream.gaps).toEqual([]);
});
