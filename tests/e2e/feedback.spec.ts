import { expect, test } from '@playwright/test';
import { ADMIN_EMAIL, signUpAndSignIn, useAppWithMail } from './support/accounts.ts';
import { axeBuilder } from './support/api.ts';
import { choose } from './support/choose.ts';
import { openSignedIn } from './support/signed-in.ts';

const { app, mailbox } = useAppWithMail();

test('feedback from the footer: a bug report is sent, and an admin resolves it', async ({ page, browser }) => {
  await page.goto(`${app().url}challenge-discovery-page`);
  const requests: string[] = [];
  page.on('request', (r) => {
    if (r.url().includes('/api/feedback/submit-feedback')) requests.push(r.postData() ?? '');
  });
  const button = page.getByRole('contentinfo').getByRole('button', { name: 'Feedback' });
  await button.click();
  const dialog = page.getByRole('dialog', { name: 'Send feedback' });
  // What the form checks and fills in by itself (the address, the browser, an empty form refused) is in
  // tests/component/feedback-dialog.test.tsx; here the report goes to the server and on to an admin.
  await expect(dialog.getByLabel('Page address')).toHaveValue(/challenge-discovery-page$/);

  const axe = await axeBuilder(page).include('[role="dialog"]').analyze();
  expect(axe.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);

  await choose(dialog, 'Type', 'Bug report');
  await dialog.getByLabel('Subject').fill('Leaderboard ties look wrong');
  await dialog.getByLabel('Description').fill('Two athletes with the same score get different places.');
  await dialog.getByLabel('Steps to reproduce').fill('1. Open a leaderboard\n2. Look at rows 2 and 3');
  await expect(dialog.getByText(`${1000 - '1. Open a leaderboard\n2. Look at rows 2 and 3'.length} characters left`)).toBeVisible();
  await dialog.getByRole('button', { name: 'Send feedback' }).click();
  await expect(page.getByText('Thank you! Your feedback has been submitted successfully.').first()).toBeVisible();
  await expect(dialog).toHaveCount(0, { timeout: 5_000 });
  await expect(button).toBeFocused();
  expect(requests).toHaveLength(1);
  expect(JSON.parse(requests[0]!)).toMatchObject({
    type: 'bug_report',
    steps_to_reproduce: '1. Open a leaderboard\n2. Look at rows 2 and 3',
  });

  const adminPage = await browser.newPage();
  await openSignedIn(adminPage, app(), mailbox, { email: ADMIN_EMAIL, name: 'Coach Admin', password: 'admin-pass-9876' }, 'dashboard-page');
  await adminPage.getByRole('navigation', { name: 'Admin Tools' }).getByRole('link', { name: 'Feedback', exact: true }).click();
  await expect(adminPage.getByRole('heading', { name: 'Feedback', level: 1 })).toBeVisible();
  await adminPage.getByLabel('Search subject and description').fill('ties');
  const row = adminPage.getByRole('button', { name: /Leaderboard ties look wrong/ });
  await row.click();
  const detail = adminPage.getByRole('article');
  await expect(detail).toContainText('Two athletes with the same score get different places.');
  await expect(detail).toContainText('a visitor who was not signed in');
  await choose(detail, 'New status', 'Resolved');
  await detail.getByLabel('Note (optional)').fill('Fixed in the ranking query.');
  await detail.getByRole('button', { name: 'Save status' }).click();
  await expect(detail.getByText('Resolved', { exact: true }).first()).toBeVisible();
  await expect(detail.getByRole('listitem').filter({ hasText: 'Coach Admin moved it from New to Resolved' })).toBeVisible();
  await choose(adminPage, 'Status', 'Resolved', { exact: true });
  await expect(adminPage.getByRole('button', { name: /Leaderboard ties look wrong/ })).toBeVisible();
  await adminPage.close();
});

test('the signed-out page takes a rating that admins see', async ({ page, browser }) => {
  await page.goto(`${app().url}signed-out-page`);
  await page.getByRole('button', { name: 'Send rating' }).click();
  await expect(page.getByRole('alert')).toHaveText('Choose a rating from 1 to 5.');
  await page.getByLabel('4 – Very good').check();
  await page.getByLabel('Anything we should know? (optional)').fill('Love the leaderboards');
  await page.getByRole('button', { name: 'Send rating' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Thanks for rating' })).toBeVisible();

  const adminPage = await browser.newPage();
  await signUpAndSignIn(adminPage, app(), mailbox, { email: ADMIN_EMAIL, name: 'Coach Admin', password: 'admin-pass-9876' }); // registering an existing email answers the same, then signs in
  await adminPage.goto(`${app().url}admin-sign-out-feedback-page`);
  await expect(adminPage.getByText('4.00 / 5')).toBeVisible();
  await expect(adminPage.getByText('Love the leaderboards')).toBeVisible();
  await adminPage.close();
});
