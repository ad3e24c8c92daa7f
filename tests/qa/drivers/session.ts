import { signIn } from '#tests/e2e/support/accounts.ts';
import { apiRegister } from '#tests/e2e/support/api.ts';
import type { PageDriver } from '../run-path.ts';
import { expect } from '../run-path.ts';
import { accountMenuButton, expectSignedIn, signOut } from '#tests/e2e/support/header.ts';

const expiredDialog = (page: import('@playwright/test').Page) => page.getByRole('alertdialog', { name: 'Session Expired' });

/**
 * The session's sign-in, sign-out and expiry paths. 'session.expired' is what the app
 * does when the server has ended the session: the next call gets 401, the refreshes are
 * refused, and the chart expires the session. Refresh timing and 503s are left to the
 * model tests (they need the server's clock or a failing database).
 */
const driver: PageDriver = {
  machine: 'session',
  async start({ page, app, athlete }) {
    // The account exists and nobody is signed in (the sign-up form is auth.spec.ts's journey).
    await apiRegister(app, athlete);
    await page.goto(`${app.url}challenge-discovery-page`);
  },
  events: {
    'session.login': async ({ page, app, mailbox, athlete }) => {
      await signIn(page, app, mailbox, athlete);
    },
    'session.logout': async ({ page }) => signOut(page),
    'session.expired': async ({ page }) => {
      await page.evaluate(async () => {
        await fetch('./api/auth/logout', { method: 'POST', credentials: 'include' });
      });
      // A page not visited yet (its data is not cached) asks with the ended token and gets 401.
      await accountMenuButton(page).click();
      await page.getByRole('menuitem', { name: 'Personal Records' }).click();
    },
    'session.loginAgain': async ({ page }) => expiredDialog(page).getByRole('button', { name: 'Log In Again' }).click(),
    'session.dismiss': async ({ page }) => expiredDialog(page).getByRole('button', { name: 'Dismiss' }).click(),
    // SESSION_EXPIRED_REDIRECT_MS (10 s) of real time: the state check waits for the redirect.
    'xstate.after.SESSION_EXPIRED_REDIRECT': async () => {},
  },
  states: {
    signedOut: async ({ page }) => expect(page.getByRole('link', { name: 'Sign In', exact: true })).toBeVisible({ timeout: 15_000 }),
    '{"signedIn":"active"}': async ({ page }) => expectSignedIn(page),
    sessionExpired: async ({ page }) => {
      await expect(expiredDialog(page)).toBeVisible({ timeout: 20_000 });
      await expect(expiredDialog(page)).toContainText(/Auto-redirecting to login in \d+ seconds?\.\.\./);
    },
  },
};
export default driver;
