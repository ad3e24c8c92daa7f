import { mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { ADMIN_EMAIL, useAppWithMail } from './support/accounts.ts';
import { axeClean } from './support/api.ts';
import { redisAnswers as redisAnswersNow } from '../server/redis.ts';
import { openSignedIn } from './support/signed-in.ts';
import { e2eDatabaseUrl } from './support/e2e-postgres.ts';

const admin = { email: ADMIN_EMAIL, name: 'Coach Admin', password: 'admin-pass-9876' };
// Sign-in through mail, eight checks (ffmpeg starts twice) and axe runs on a shared two-core machine.
test.describe.configure({ timeout: 180_000 });

/** Whether a Redis answers on 127.0.0.1:6379: then the app is given it and its check must be OK. */
const redisAnswers = await redisAnswersNow();

const card = (page: Page, title: string) => page.getByRole('article').filter({ has: page.getByRole('heading', { name: title, level: 3 }) });

test.describe('every check on a healthy platform', () => {
  const { app, mailbox } = useAppWithMail(
    redisAnswers ? { REDIS_URL: 'redis://127.0.0.1:6379', REDIS_KEY_PREFIX: `e2e-admin-testing-${process.pid}-` } : {},
  );

  test('an administrator runs all checks and every one is OK, with the test mail in their own inbox', async ({ page }) => {
    await openSignedIn(page, app(), mailbox, admin, 'admin-testing-page');
    await expect(page.getByRole('heading', { name: 'Admin Testing', level: 1 })).toBeVisible();
    await expect(page.getByRole('status').filter({ hasText: 'No checks run yet.' })).toBeVisible();
    await axeClean(page);

    const since = mailbox.mark();
    await page.getByRole('button', { name: 'Run all checks' }).click();
    await expect(page.getByRole('status').filter({ hasText: /^8 checks run, none failed\.$/ })).toBeVisible({ timeout: 60_000 });
    for (const check of ['database', 'migrations', 'mail', 'socket', 'jobs', 'storage', 'ffmpeg']) {
      await expect(page.getByTestId(`check-${check}`)).toHaveAttribute('data-status', 'ok');
    }
    await expect(page.getByTestId('check-redis')).toHaveAttribute('data-status', redisAnswers ? 'ok' : 'not_configured');
    // The engine this file's server runs on: PostgreSQL when the run asks for it (E2E_DATABASE_URL, docs/adr/0009).
    const engine = e2eDatabaseUrl() ? 'PostgreSQL' : 'PGlite (embedded PostgreSQL)';
    await expect(card(page, 'Database')).toContainText(`${engine} answered a round-trip query`);
    await expect(card(page, 'Live updates')).toContainText(/came back over this page's live connection in [\d.]+ ms/);
    await expect(card(page, 'Background work')).toContainText(/run by a worker in [\d.]+ ms/);
    const mail = await mailbox.waitFor(ADMIN_EMAIL, /test mail from the Admin Testing page/, since);
    expect(mail.subject).toBe('RepForge test mail');
    await expect(card(page, 'Mail')).toContainText(`The mail server accepted the test mail to ${ADMIN_EMAIL}.`);
    await expect(card(page, 'Mail')).toContainText('Message id');
    expect(mailbox.mails.slice(since).every((m) => m.to.toLowerCase().includes(ADMIN_EMAIL))).toBe(true);
    await axeClean(page);

    // One check again on its own.
    await card(page, 'Database')
      .getByRole('button', { name: /^Run( again)?: Database check$/ })
      .click();
    await expect(card(page, 'Database').getByText('Running…')).toBeHidden();
    await expect(page.getByTestId('check-database')).toHaveAttribute('data-status', 'ok');

    // A phone, dark: nothing scrolls sideways and it stays readable.
    await page.setViewportSize({ width: 360, height: 780 });
    await page.evaluate(() => localStorage.setItem('theme', 'dark'));
    await page.reload();
    await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
    await page.getByRole('button', { name: /^Run( again)?: Upgrades check$/ }).click();
    await expect(page.getByTestId('check-migrations')).toHaveAttribute('data-status', 'ok');
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    await axeClean(page);
    await page.screenshot({ path: 'test-results/admin-testing-phone-dark.png', fullPage: true });
  });
});

test.describe('a video store that cannot be written', () => {
  // A file where the video folder's media folder should be.
  const videoDir = mkdtempSync(path.join(os.tmpdir(), 'e2e-admin-testing-'));
  writeFileSync(path.join(videoDir, 'media'), 'not a folder');
  const { app, mailbox } = useAppWithMail({ VIDEO_DIR: videoDir });

  test('the storage check fails and says why', async ({ page }) => {
    await openSignedIn(page, app(), mailbox, admin, 'admin-testing-page');
    await page.getByRole('button', { name: /^Run( again)?: Video storage check$/ }).click();
    await expect(page.getByTestId('check-storage')).toHaveAttribute('data-status', 'failed');
    await expect(card(page, 'Video storage')).toContainText(/Could not write a test object to the video folder: .*not a directory/);
    await expect(page.getByRole('status')).toHaveText('1 of 1 check failed: Video storage.');
    await axeClean(page);
  });
});
