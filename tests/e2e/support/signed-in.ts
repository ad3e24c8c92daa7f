import { expect, type Page } from '@playwright/test';
import type { Athlete } from './accounts.ts';
import { apiSignInFull, type ApiSession } from './api.ts';
import type { RunningApp } from './app.ts';
import { accountMenuButton } from './header.ts';
import type { Mailbox } from './mailbox.ts';

/**
 * Opens `path` (under the app's mount point) in `page` already signed in as `who`, registered first when
 * new: the sign-in goes through the API (register, password, mailed code), its refresh cookie goes into
 * the page's browser context and the remembered user into localStorage, as a sign-in through the form
 * leaves them; the app then restores the session on load, as on any reload. For journeys that do not test
 * signing in (those keep `signIn`/`signUpAndSignIn`, the form): a form sign-in costs a browser
 * several page loads and renders, this costs three API calls.
 *
 * Returns the session for API calls: the browser's own (the same session; its access token stays valid
 * when the page refreshes, and signing out in the page ends it). Waits until the page has restored the
 * session (its refresh answered); on a wide page, also until the header shows the account menu.
 */
export async function openSignedIn(page: Page, app: RunningApp, mailbox: Mailbox, who: Athlete, path = ''): Promise<ApiSession> {
  const userAgent = await page.evaluate(() => navigator.userAgent);
  const signedIn = await apiSignInFull(app, mailbox, who, userAgent);
  const { origin, pathname } = new URL(app.url);
  await page.context().addCookies([
    {
      name: 'refresh_token',
      value: signedIn.refreshCookie,
      domain: new URL(app.url).hostname,
      path: `${pathname}api/auth`,
      httpOnly: true,
      sameSite: 'Strict',
      secure: false,
    },
  ]);
  // localStorage is the origin's: any page of it will do, the smallest is the health check.
  if (!page.url().startsWith(origin)) await page.goto(`${app.url}api/health`);
  const { user, csrf_token } = signedIn.body;
  await page.evaluate(
    (value) => localStorage.setItem('auth-storage', value),
    JSON.stringify({ user, role: user.wp_role, csrf: csrf_token }),
  );
  const restored = page.waitForResponse((res) => res.url().endsWith('/api/auth/refresh-token'));
  await page.goto(`${app.url}${path}`);
  expect((await restored).status(), 'the page restored the session from its cookie').toBe(200);
  const size = page.viewportSize();
  // The account menu is a chunk of its own, loaded once signed in: a busy machine may take a while to fetch it.
  if (!size || size.width >= 1024) await expect(accountMenuButton(page)).toBeVisible({ timeout: 30_000 });
  return signedIn.session;
}
