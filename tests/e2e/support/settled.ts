import type { Page } from '@playwright/test';

/**
 * Waits until the page open in `page` has settled (#36): the app sets `<html data-settled>` once the page's chunk has
 * rendered, no query or mutation is running, the session is not being restored and no Suspense boundary shows its
 * fallback, for two frames (src/lib/settled.tsx). Then, for up to 5 s more, until no placeholder is left busy
 * (`aria-busy="true"`: a skeleton or "Loading" note a page shows by itself). Replaces Playwright's `networkidle` (500 ms
 * with no request after the last one) before a reading of the page: the same moment, told by the app instead of guessed
 * from the network, in one round trip. A page that never settles fails here, naming where.
 */
export async function waitForSettled(page: Page, timeout = 15_000) {
  const settled = await page.evaluate(async (ms) => {
    const until = async (done: () => boolean, within: number) => {
      const end = Date.now() + within;
      while (!done() && Date.now() < end) await new Promise((tick) => setTimeout(tick, 16));
      return done();
    };
    if (!(await until(() => document.documentElement.hasAttribute('data-settled'), ms))) return false;
    await until(() => !document.querySelector('[aria-busy="true"]'), 5_000);
    return true;
  }, timeout);
  if (!settled) throw new Error(`${page.url()} did not settle in ${timeout} ms (src/lib/settled.tsx)`);
}
