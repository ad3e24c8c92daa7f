import { expect, type Locator } from '@playwright/test';

/** Starts a <video> (muted, as autoplay rules allow) and waits until it has really played a moment of it. */
export async function expectPlays(video: Locator) {
  await expect(video).toBeVisible();
  await video.evaluate(async (v: HTMLVideoElement) => {
    v.muted = true;
    await v.play();
  });
  await expect.poll(() => video.evaluate((v: HTMLVideoElement) => v.currentTime), { timeout: 15_000 }).toBeGreaterThan(0.3);
}
