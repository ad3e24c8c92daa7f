import { apiRegister } from '#tests/e2e/support/api.ts';
import type { PageDriver } from '../run-path.ts';
import { expect, passingThrough, serverAnswers } from '../run-path.ts';
import { expectSignedIn } from '#tests/e2e/support/header.ts';

/**
 * Sign-in with email, password and the mailed code. The sample's email and code stand for
 * the path's own athlete and the code really mailed to them; an empty or malformed sample
 * is typed as it is. The page's clock is faked so the resend countdown can be skipped.
 */
let since = 0;
const driver: PageDriver = {
  machine: 'login',
  async start({ page, app, athlete }) {
    await page.clock.install();
    // The account exists and nobody is signed in: the sign-up form is auth.spec.ts's journey, not this chart's.
    await apiRegister(app, athlete);
    await page.goto(`${app.url}login-page`);
  },
  events: {
    'login.submitCredentials': async ({ page, mailbox, athlete }, e) => {
      since = mailbox.mark();
      await page.getByLabel('Email').fill(String(e.email).trim() ? athlete.email : '');
      await page.getByLabel('Password', { exact: true }).fill(String(e.password) ? athlete.password : '');
      await page.getByRole('button', { name: 'Send sign-in code' }).click();
    },
    'login.submitCode': async ({ page, mailbox, athlete }, e) => {
      const code = /^\d{6}$/.test(String(e.code).trim()) ? await mailbox.loginCode(athlete.email, since) : String(e.code);
      await page.getByLabel('Sign-in code').fill(code);
      await page.getByRole('button', { name: 'Sign in' }).click();
    },
    'login.resend': async ({ page, mailbox }) => {
      since = mailbox.mark();
      await page.getByRole('button', { name: 'Send a new code', exact: true }).click();
    },
    'login.back': async ({ page }) => page.getByRole('button', { name: 'Use a different email' }).click(),
    'xstate.done.actor.requestCode': serverAnswers,
    'xstate.done.actor.resendCode': serverAnswers,
    'xstate.done.actor.verifyCode': serverAnswers,
    'xstate.after.RESEND_COOLDOWN': async ({ page }) => page.clock.fastForward(61_000),
  },
  states: {
    credentials: async ({ page }) => expect(page.getByRole('button', { name: 'Send sign-in code' })).toBeVisible(),
    requestingCode: passingThrough,
    resendingCode: passingThrough,
    verifying: passingThrough,
    '{"code":"resendLocked"}': async ({ page }) => {
      await expect(page.getByLabel('Sign-in code')).toBeVisible();
      await expect(page.getByRole('button', { name: /Send a new code in \d+ s/ })).toBeDisabled();
    },
    '{"code":"resendReady"}': async ({ page }) => expect(page.getByRole('button', { name: 'Send a new code', exact: true })).toBeEnabled(),
    signedIn: async ({ page }) => expectSignedIn(page),
  },
};
export default driver;
