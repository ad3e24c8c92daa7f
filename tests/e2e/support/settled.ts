import type { Page } from '@playwright/test';

/**
 * Waits until the page open in `page` has settled (#36): the app sets `<html data-settled>` once the page's chunk has
 * rendered, no query or mutation is running, the session is not being restored and no Suspense boundary shows its
 * fallback, for two frames (src/lib/settled.tsx). Replaces Playwright's `networkidle` (500 ms with no request after
 * the last one) before a reading of the page: the same moment, known by the app instead of guessed from the network.
 * A page that never settles fails here, naming where (a query polling for ever would need a look).
 */
export async function waitForSettled(page: Page, timeout = 15_000) {
  await page.waitForSelector('html[data-settled]', { state: 'attached', timeout }).catch((error: unknown) => {
    throw new Error(`${page.url()} did not settle in ${timeout} ms (src/lib/settled.tsx): ${String(error)}`);
  });
}
