import { expect, test } from '@playwright/test';
import { ADMIN_EMAIL, useAppWithMail } from './support/accounts.ts';
import { axeClean } from './support/api.ts';
import { openSignedIn } from './support/signed-in.ts';

const { app, mailbox } = useAppWithMail();
const admin = { email: ADMIN_EMAIL, name: 'Coach Admin', password: 'admin-pass-9876' };
// Sign-in through mail, a crash and axe runs on a shared two-core machine: more than the default minute.
test.describe.configure({ timeout: 180_000 });

test('a page that crashes shows up in the error log, where an administrator resolves it', async ({ page }) => {
  await openSignedIn(page, app(), mailbox, admin);
  await page.getByRole('navigation', { name: 'Admin Tools' }).getByRole('link', { name: 'Error Logs' }).click();
  await expect(page.getByRole('heading', { name: 'Error logs', level: 1 })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'No errors reported.' })).toBeVisible();
  await axeClean(page);

  const reported = page.waitForResponse((r) => r.url().includes('/api/admin/report-frontend-error') && r.request().method() === 'POST');
  await page.getByRole('button', { name: 'Send a test error' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'Something went wrong' })).toBeVisible();
  expect((await reported).status()).toBe(202);

  await page.getByRole('button', { name: 'Retry' }).click();
  const row = page.getByRole('button', { name: /Test error from the error logs page/ });
  await expect(row).toBeVisible();
  await expect(row).toContainText('Page crash');
  await expect(row).toContainText('1 report');
  await expect(row).toContainText('1 person');
  await row.click();
  const detail = page.getByRole('article', { name: 'Test error from the error logs page' });
  // The build's private source maps turn the minified frames into the page's source file and line.
  await expect(detail.getByLabel('Stack trace', { exact: true })).toContainText(
    /src\/features\/admin\/pages\/admin-error-logs-page\.tsx:\d+:\d+/,
  );
  await expect(detail.getByLabel('Stack trace as reported')).toContainText(/assets\/admin-error-logs-page-[\w-]+\.js:\d+:\d+/);
  await expect(detail).toContainText('Coach Admin');
  await axeClean(page);
  await detail.getByRole('button', { name: 'Resolve' }).click();
  await expect(page.getByText('Marked as resolved. It opens again if it comes back.', { exact: true })).toBeVisible();
  await expect(detail.getByText('Resolved', { exact: true })).toBeVisible();
});

test('ten failed sign-ins from one address raise an alert on the security page', async ({ page }) => {
  for (let i = 0; i < 10; i++) {
    const res = await fetch(`${app().url}api/auth/initiate-login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'user-agent': 'CredentialStuffer/2.0' },
      body: JSON.stringify({ email: `target${i % 2}@example.test`, password: 'guessing-wrong-123' }),
    });
    expect(res.status).toBe(200);
  }
  await openSignedIn(page, app(), mailbox, admin);
  await page.getByRole('navigation', { name: 'Admin Tools' }).getByRole('link', { name: 'Security', exact: true }).click();
  await expect(page.getByRole('heading', { name: 'Security monitoring', level: 1 })).toBeVisible();
  const alert = page.getByRole('list', { name: 'Security alerts' }).getByRole('listitem').filter({ hasText: '10 failed sign-ins' });
  await expect(alert).toContainText('from 127.0.0.1');
  await expect(alert).toContainText('against 2 accounts');
  const timeline = page.getByRole('table', { name: 'Authentication events' });
  await expect(timeline.getByText('CredentialStuffer/2.0').first()).toBeVisible();
  await axeClean(page);

  await alert.getByRole('button', { name: 'Show this address' }).click();
  const summary = page.getByRole('article', { name: 'Address 127.0.0.1' });
  await expect(summary.getByText('Sign-in failed')).toBeVisible();
  await expect(summary.getByRole('button', { name: 'Coach Admin (coach.admin@example.test)' })).toBeVisible();
  await summary.getByRole('button', { name: 'Coach Admin (coach.admin@example.test)' }).click();
  const account = page.getByRole('article', { name: 'Coach Admin (coach.admin@example.test)' });
  await expect(account).toContainText(/\d live sessions?/);
  await expect(account.getByRole('button', { name: 'End all sessions' })).toBeVisible();
  await axeClean(page);
});

test('an administrator lowers a rate limit and the next request is turned away', async ({ page }) => {
  const forgot = () =>
    fetch(`${app().url}api/auth/forgot-password`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'nobody@example.test' }),
    });
  expect((await forgot()).status).toBe(200);
  await openSignedIn(page, app(), mailbox, admin, 'admin-rate-limiting-page');
  await expect(page.getByRole('heading', { name: 'Rate limiting', level: 1 })).toBeVisible();
  const field = page.getByLabel('Limit for Mail a password reset link');
  await expect(field).toHaveValue('10');
  await field.fill('0');
  const row = page.getByRole('row').filter({ has: field });
  await row.getByRole('button', { name: 'Save' }).click();
  await expect(row.getByText('Enter a whole number from 1 to 100,000.')).toBeVisible();
  await field.fill('1');
  await row.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Mail a password reset link: now 1 per 1 min.', { exact: true })).toBeVisible();
  await expect(row).toContainText('(default 10)');
  expect((await forgot()).status).toBe(429);
  await page.reload();
  await expect(page.getByRole('table', { name: 'Rate limit changes' })).toContainText('10 → 1');
  await expect(page.getByRole('table', { name: 'Top offending addresses' })).toContainText('127.0.0.1');
  await axeClean(page);
});
