import { expect, type Page } from '@playwright/test';
import { axeClean } from './api.ts';

/** Where a spec's screenshots go when asked for (E2E_SHOTS_DIR=/tmp/shots npx playwright test …); none by default. */
export const SHOTS = process.env.E2E_SHOTS_DIR;

/**
 * A page checked as a person would look at it: axe in light and dark, nothing scrolling sideways at 360 px, and
 * (with E2E_SHOTS_DIR) the four screenshots, 1280 and 360 px, light and dark. `ready` says the page has painted
 * what it shows after each reload; the page ends as it began, light at 1280 px.
 */
export async function looksRight(page: Page, name: string, ready: () => Promise<void>) {
  await axeClean(page);
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/${name}-1280-light.png`, fullPage: true });
  await page.setViewportSize({ width: 360, height: 780 });
  await page.reload();
  await ready();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/${name}-360-light.png`, fullPage: true });
  await page.evaluate(() => localStorage.setItem('theme', 'dark'));
  await page.reload();
  await ready();
  await axeClean(page);
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/${name}-360-dark.png`, fullPage: true });
  await page.setViewportSize({ width: 1280, height: 900 });
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/${name}-1280-dark.png`, fullPage: true });
  await page.evaluate(() => localStorage.setItem('theme', 'light'));
  await page.reload();
  await ready();
}
