import { expect, type Locator, type Page } from '@playwright/test';

/** Starts a <video> (muted, as autoplay rules allow) and waits until it has really played a moment of it. */
export async function expectPlays(video: Locator) {
  await expect(video).toBeVisible();
  await video.evaluate(async (v: HTMLVideoElement) => {
    v.muted = true;
    await v.play();
  });
  await expect.poll(() => video.evaluate((v: HTMLVideoElement) => v.currentTime), { timeout: 15_000 }).toBeGreaterThan(0.3);
}

/** The live player's <video> (src/features/live/components/stream-player.tsx). */
const livePlayer = (page: Page) => page.locator('video.live-player-video');

/** Where the live player's playhead is, in seconds. */
export const playhead = (page: Page) => livePlayer(page).evaluate((v: HTMLVideoElement) => v.currentTime);

/**
 * Waits until the live player's playhead is past `seconds`. A stall fails naming what the player was doing (its chart
 * state, paused, ready state, buffered ranges, the note it shows), so a stuck player says where it stuck.
 */
export async function expectPlayheadPast(page: Page, seconds: number, timeout: number) {
  try {
    await expect.poll(() => playhead(page), { timeout }).toBeGreaterThan(seconds);
  } catch (error) {
    const state = await livePlayer(page)
      .evaluate((v: HTMLVideoElement) => ({
        chart: v.dataset.state,
        currentTime: v.currentTime,
        paused: v.paused,
        readyState: v.readyState,
        networkState: v.networkState,
        error: v.error?.message ?? null,
        buffered: Array.from({ length: v.buffered.length }, (_, i) => [v.buffered.start(i), v.buffered.end(i)]),
        note: document.querySelector('.live-player-note')?.textContent ?? null,
      }))
      .catch((e: unknown) => String(e));
    throw new Error(`${String(error)}\nThe player then: ${JSON.stringify(state)}`);
  }
}
