import { expect, test, type Page } from '@playwright/test';
import { Mailbox } from './mailbox.ts';
import { useApp, type RunningApp } from './app.ts';
import { expectSignedIn } from './header.ts';

export const ADMIN_EMAIL = 'coach.admin@example.test';

/** A fresh app whose mail goes to a real SMTP server on loopback, with one admin email. */
export function useAppWithMail(extraEnv: Record<string, string> = {}) {
  const mailbox = new Mailbox();
  let smtpUrl = '';
  test.beforeAll(async () => {
    smtpUrl = await mailbox.start();
  });
  const app = useApp(() => ({ SMTP_URL: smtpUrl, ADMIN_EMAILS: ADMIN_EMAIL, ...extraEnv }));
  test.afterAll(async () => {
    await mailbox.stop();
  });
  return { app, mailbox };
}

export interface Athlete {
  email: string;
  name: string;
  password: string;
}

export async function signUp(page: Page, app: RunningApp, who: Athlete) {
  await page.goto(`${app.url}login-page`);
  await page.getByRole('button', { name: 'Create an account' }).click();
  await page.getByLabel('Email').fill(who.email);
  await page.getByLabel('Display name').fill(who.name);
  await page.getByLabel('Password', { exact: true }).fill(who.password);
  await page.getByRole('checkbox', { name: /I accept the Terms of Service/ }).check();
  await page.getByRole('button', { name: 'Create account' }).click();
  await expect(page.getByRole('heading', { name: 'Sign in' })).toBeVisible();
}

export async function signIn(page: Page, app: RunningApp, mailbox: Mailbox, who: Athlete, startAt = 'login-page') {
  const since = mailbox.mark();
  if (!page.url().includes('login-page') || startAt !== 'login-page') await page.goto(`${app.url}${startAt}`);
  await page.getByLabel('Email').fill(who.email);
  await page.getByLabel('Password', { exact: true }).fill(who.password);
  await page.getByRole('button', { name: 'Send sign-in code' }).click();
  const code = await mailbox.loginCode(who.email, since);
  await page.getByLabel('Sign-in code').fill(code);
  await page.getByRole('button', { name: 'Sign in' }).click();
  // Done when the session is kept and the page has moved on: a test that navigated at once raced the
  // answer and found itself signed out (a flaky failure in challenges-divisions).
  await page.waitForFunction(() => !location.pathname.endsWith('login-page') && !!localStorage.getItem('auth-storage'));
}

export async function signUpAndSignIn(page: Page, app: RunningApp, mailbox: Mailbox, who: Athlete) {
  await signUp(page, app, who);
  await signIn(page, app, mailbox, who);
  await expectSignedIn(page);
}
