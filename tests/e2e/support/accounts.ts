import { expect, test, type Page } from '@playwright/test';
import { Mailbox } from './mailbox.ts';
import { startApp, type RunningApp } from './app.ts';
import { expectSignedIn } from './header.ts';

export const ADMIN_EMAIL = 'coach.admin@example.test';

/** A mailbox on loopback and an app that sends its mail there, with one admin email (and extraEnv). */
function startWithMail(extraEnv: Record<string, string>) {
  const mailbox = new Mailbox();
  const app = mailbox.start().then((smtpUrl) => startApp({ SMTP_URL: smtpUrl, ADMIN_EMAILS: ADMIN_EMAIL, ...extraEnv }));
  app.catch(() => undefined); // awaited (and reported) by the file that takes it
  return { mailbox, app };
}

/**
 * The next file's app, started while this worker's current file runs: starting tsx, PGlite and the
 * server takes seconds of a file's time (much more on a busy machine), and most of a test is waiting
 * on pages. Only for the plain app (no extra env); each file still gets its own fresh database.
 * E2E_NO_SPARE=1 starts each file's app in its own beforeAll instead.
 */
let spare: ReturnType<typeof startWithMail> | undefined;

/** A fresh app whose mail goes to a real SMTP server on loopback, with one admin email. */
export function useAppWithMail(extraEnv: Record<string, string> = {}) {
  const plain = Object.keys(extraEnv).length === 0 && !process.env.E2E_NO_SPARE;
  // The plain app is taken when the file loads (its mailbox is the one the file holds); others start in beforeAll.
  let mine = plain ? (spare ?? startWithMail({})) : undefined;
  if (plain) spare = undefined;
  const mailbox = mine?.mailbox ?? new Mailbox();
  let app: RunningApp | undefined;
  test.beforeAll(async () => {
    // This hook only: starting may take up to startApp's 90 s deadline (twice for a plain app, see below).
    test.setTimeout(plain ? 210_000 : 120_000);
    if (!mine) {
      const smtpUrl = await mailbox.start();
      mine = { mailbox, app: startApp({ SMTP_URL: smtpUrl, ADMIN_EMAILS: ADMIN_EMAIL, ...extraEnv }) };
    }
    // An app started ahead that did not come up (on a machine busy enough to outlast the deadline) is
    // started once more, now that the file needs it.
    app = await (plain
      ? mine.app.catch((error: unknown) => {
          console.warn(`The app started ahead did not come up; starting another. ${String(error).slice(0, 300)}`);
          return startApp({ SMTP_URL: `smtp://127.0.0.1:${mailbox.port}`, ADMIN_EMAILS: ADMIN_EMAIL });
        })
      : mine.app);
    if (plain) spare ??= startWithMail({});
  });
  test.afterAll(async () => {
    await app?.stop();
    await mailbox.stop();
  });
  return {
    app: () => {
      if (!app) throw new Error('app not started');
      return app;
    },
    mailbox,
  };
}

let shared: ReturnType<typeof startWithMail> | undefined;

/**
 * One plain app per worker, kept for every file that asks for it (it goes when the worker exits):
 * for files whose tests make their own uniquely named users and data and look at nothing else
 * (the QA paths), which need no fresh database.
 */
export function useSharedAppWithMail() {
  shared ??= startWithMail({});
  const { mailbox } = shared;
  let app: RunningApp | undefined;
  test.beforeAll(async () => {
    test.setTimeout(210_000); // this hook only: starting may take up to startApp's 90 s deadline, twice
    const ahead = shared!;
    // One that did not come up (a machine busy enough to outlast the deadline) is started once more.
    app = await ahead.app.catch((error: unknown) => {
      console.warn(`The shared app did not come up; starting another. ${String(error).slice(0, 300)}`);
      ahead.app = startApp({ SMTP_URL: `smtp://127.0.0.1:${mailbox.port}`, ADMIN_EMAILS: ADMIN_EMAIL });
      return ahead.app;
    });
  });
  return {
    app: () => {
      if (!app) throw new Error('app not started');
      return app;
    },
    mailbox,
  };
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
