import { expect, test, type Page } from '@playwright/test';
import { Mailbox } from './mailbox.ts';
import { serverStartMs, startApp, type RunningApp } from './app.ts';
import { expectSignedIn, signOut } from './header.ts';

export const ADMIN_EMAIL = 'coach.admin@example.test';

/** A mailbox on loopback and an app that sends its mail there, with one admin email (and extraEnv). */
function startWithMail(extraEnv: Record<string, string>) {
  const mailbox = new Mailbox();
  const app = mailbox.start().then((smtpUrl) => startApp({ SMTP_URL: smtpUrl, ADMIN_EMAILS: ADMIN_EMAIL, ...extraEnv }));
  app.catch(() => undefined); // awaited (and reported) by the file that takes it
  return { mailbox, app };
}
type Started = ReturnType<typeof startWithMail>;

/**
 * The app started ahead, or once more when it did not come up (on a machine busy enough to outlast
 * startApp's deadline), now that a file needs it.
 */
async function cameUp(started: Started): Promise<RunningApp> {
  return started.app.catch((error: unknown) => {
    console.warn(`An app started ahead did not come up; starting another. ${String(error).slice(0, 300)}`);
    started.app = startApp({ SMTP_URL: `smtp://127.0.0.1:${started.mailbox.port}`, ADMIN_EMAILS: ADMIN_EMAIL });
    return started.app;
  });
}

/**
 * The file's mailbox, known once its beforeAll has run (a file is also loaded where no test runs, to
 * list the tests: nothing may start then); its methods are the real one's.
 */
function laterMailbox(current: () => Mailbox | undefined): Mailbox {
  return new Proxy({} as Mailbox, {
    get(_, key) {
      const box = current();
      if (!box) throw new Error('mailbox not started');
      const value: unknown = Reflect.get(box, key);
      return typeof value === 'function' ? (value as (...a: unknown[]) => unknown).bind(box) : value;
    },
  });
}

/**
 * The next file's app, started while this worker's current file runs: starting tsx, PGlite and the
 * server takes seconds of a file's time (much more on a busy machine), and most of a test is waiting
 * on pages. Only for the plain app (no extra env); each file still gets its own fresh database.
 * E2E_NO_SPARE=1 starts each file's app in its own beforeAll instead.
 */
let spare: Started | undefined;

/** A fresh app whose mail goes to a real SMTP server on loopback, with one admin email. */
export function useAppWithMail(extraEnv: Record<string, string> = {}) {
  let mine: Started | undefined;
  let app: RunningApp | undefined;
  test.beforeAll(async () => {
    // Read now: a file may fill its env in a beforeAll of its own (registered before this one).
    const plain = Object.keys(extraEnv).length === 0 && !process.env.E2E_NO_SPARE;
    // This hook only: starting may take up to startApp's deadline (twice for a plain app, see cameUp).
    test.setTimeout(plain ? 2 * serverStartMs() + 30_000 : serverStartMs() + 30_000);
    if (plain) {
      mine = spare ?? startWithMail({});
      spare = undefined;
      app = await cameUp(mine);
      spare = startWithMail({});
    } else {
      mine = startWithMail(extraEnv);
      app = await mine.app;
    }
  });
  test.afterAll(async () => {
    await app?.stop();
    await mine?.mailbox.stop();
  });
  return {
    app: () => {
      if (!app) throw new Error('app not started');
      return app;
    },
    mailbox: laterMailbox(() => mine?.mailbox),
  };
}

export interface Athlete {
  email: string;
  name: string;
  password: string;
}

/** Fills and sends the sign-up form, which goes straight on to the mailed code: stops at the code step. */
export async function startSignUp(page: Page, app: RunningApp, who: Athlete) {
  await page.goto(`${app.url}login-page`);
  await page.getByRole('button', { name: 'Create an account' }).click();
  await page.getByLabel('Email').fill(who.email);
  await page.getByLabel('Display name').fill(who.name);
  await page.getByLabel('Password', { exact: true }).fill(who.password);
  await page.getByRole('checkbox', { name: /I accept the Terms of Service/ }).check();
  await page.getByRole('button', { name: 'Create account' }).click();
  await expect(page.getByRole('heading', { name: 'Sign in' })).toBeVisible();
  await expect(page.getByLabel('Sign-in code')).toBeVisible();
}

/** Enters the newest code mailed since `since` and waits until the session is kept and the page moved on. */
async function enterCode(page: Page, mailbox: Mailbox, who: Athlete, since: number) {
  const code = await mailbox.loginCode(who.email, since);
  await page.getByLabel('Sign-in code').fill(code);
  await page.getByRole('button', { name: 'Sign in' }).click();
  // Done when the session is kept and the page has moved on: a test that navigated at once raced the
  // answer and found itself signed out (a flaky failure in challenges-divisions).
  await page.waitForFunction(() => !location.pathname.endsWith('login-page') && !!localStorage.getItem('auth-storage'));
}

/**
 * An account made through the sign-up form and its code, then signed out on the sign-in page: it
 * exists, nobody is signed in, and no code is out (the next sign-in mails one at once).
 */
export async function signUp(page: Page, app: RunningApp, who: Athlete, mailbox: Mailbox) {
  const since = mailbox.mark();
  await startSignUp(page, app, who);
  await enterCode(page, mailbox, who, since);
  // The account menu is a wide screen's: on a phone-sized page, widen it for the sign-out and put it back.
  const size = page.viewportSize();
  if (size && size.width < 1024) await page.setViewportSize({ width: 1280, height: size.height });
  await expectSignedIn(page);
  await signOut(page);
  if (size && size.width < 1024) await page.setViewportSize(size);
  await page.goto(`${app.url}login-page`);
  await expect(page.getByLabel('Email')).toBeVisible();
}

export async function signIn(page: Page, app: RunningApp, mailbox: Mailbox, who: Athlete, startAt = 'login-page') {
  const since = mailbox.mark();
  if (!page.url().includes('login-page') || startAt !== 'login-page') await page.goto(`${app.url}${startAt}`);
  await page.getByLabel('Email').fill(who.email);
  await page.getByLabel('Password', { exact: true }).fill(who.password);
  await page.getByRole('button', { name: 'Send sign-in code' }).click();
  await enterCode(page, mailbox, who, since);
}

/** Signing up signs in: the form, then the code it mails (no second typing of the password). */
export async function signUpAndSignIn(page: Page, app: RunningApp, mailbox: Mailbox, who: Athlete) {
  const since = mailbox.mark();
  await startSignUp(page, app, who);
  await enterCode(page, mailbox, who, since);
  await expectSignedIn(page);
}
