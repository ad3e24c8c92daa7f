import { readFile } from 'node:fs/promises';
import { expect, test } from '@playwright/test';
import { ADMIN_EMAIL, useAppWithMail } from './support/accounts.ts';
import { apiCall, apiSignIn, axeClean, setClock } from './support/api.ts';
import { expectSignedIn } from './support/header.ts';
import { looksRight } from './support/looks.ts';
import { openSignedIn } from './support/signed-in.ts';

// The server's clock can be moved (TEST_CLOCK=1), so a payment's 7-day hold passes in a second.
const { app, mailbox } = useAppWithMail({ TEST_CLOCK: '1' });

test('a creator offers a tier, an athlete subscribes on the test provider, the dashboard shows the revenue and the fee, the athlete cancels', async ({
  browser,
}) => {
  test.setTimeout(150_000);
  const a = app();
  const coach = { email: 'coach.cara@example.test', name: 'Coach Cara', password: 'coach-password-1' };
  const finn = { email: 'finn@example.test', name: 'Finn Fan', password: 'finn-password-1' };
  const coachApi = await apiSignIn(a, mailbox, coach);
  await apiCall(a, coachApi, 'POST', 'api/creators/me/tiers', {
    name: 'Gold plan',
    price_cents: 2499,
    currency: 'usd',
    benefits: 'A weekly strength plan and subscriber-only challenges.',
  });

  const page = await (await browser.newContext({ viewport: { width: 1280, height: 900 } })).newPage();
  await openSignedIn(page, a, mailbox, finn, 'creator-subscriptions-page');
  await expectSignedIn(page);
  await expect(page.getByRole('heading', { name: 'Creator Subscriptions' })).toBeVisible();
  await expect(page.getByRole('note')).toContainText('no money moves');
  await expect(page.getByText('You do not subscribe to any creator yet.')).toBeVisible();
  await page.getByRole('button', { name: 'Subscribe to Gold plan' }).click();
  await expect(page.getByRole('status')).toContainText('Subscribed to Gold plan');
  const mine = page.getByRole('region', { name: 'My subscriptions' }).or(page.locator('section[aria-labelledby="my-subs"]'));
  await expect(mine.getByText('Active')).toBeVisible();
  await looksRight(page, 'creator-subscriptions', () => expect(page.getByText('Paid until')).toBeVisible());
  await page.getByRole('button', { name: 'Cancel at period end' }).click();
  await expect(page.getByText(/Access until .*; it will not renew\./)).toBeVisible();
  await expect(page.getByRole('button', { name: 'Resubscribe' })).toBeVisible();

  const coachPage = await (await browser.newContext({ viewport: { width: 1280, height: 900 } })).newPage();
  await openSignedIn(coachPage, a, mailbox, coach, 'creator-dashboard');
  await expectSignedIn(coachPage);
  const figures = coachPage.getByRole('list', { name: 'Your figures' });
  await expect(figures).toContainText('Subscribers1');
  // Cancelled at the period's end: still a subscriber, no longer recurring revenue.
  await expect(figures).toContainText('Monthly recurring revenue$0.00');
  await expect(figures).toContainText('Pending $22.50');
  const earnings = coachPage.getByRole('region', { name: 'Earnings per currency' });
  await expect(earnings).toContainText('$24.99');
  await expect(earnings).toContainText('$2.49');
  await looksRight(coachPage, 'creator-dashboard', () => expect(coachPage.getByRole('heading', { name: 'Earnings' })).toBeVisible());
});

test('an administrator approves a creator’s payout and marks it paid; the creator sees it paid and is told', async ({ browser }) => {
  test.setTimeout(120_000);
  const a = app();
  const coach = { email: 'coach.pia@example.test', name: 'Coach Pia', password: 'coach-password-1' };
  const fan = { email: 'fan.paul@example.test', name: 'Fan Paul', password: 'fan-password-1' };
  const admin = { email: ADMIN_EMAIL, name: 'Admin Ada', password: 'admin-password-1' };
  let coachApi = await apiSignIn(a, mailbox, coach);
  const tier = await apiCall(a, coachApi, 'POST', 'api/creators/me/tiers', {
    name: 'Strength club',
    price_cents: 5000,
    currency: 'usd',
    benefits: '',
  });
  const fanApi = await apiSignIn(a, mailbox, fan);
  await apiCall(a, fanApi, 'POST', 'api/creators/subscriptions', { tier_id: tier.id });
  // Past the 7-day hold: 45.00 of the 50.00 is the coach's to pay out.
  await setClock(a, 8 * 86_400_000);
  try {
    coachApi = await apiSignIn(a, mailbox, coach);
    await apiCall(a, coachApi, 'POST', 'api/creators/me/payouts', { amount_cents: 4500, currency: 'usd' });

    const page = await (await browser.newContext({ viewport: { width: 1280, height: 900 } })).newPage();
    await openSignedIn(page, a, mailbox, admin, 'creator-dashboard');
    const queue = page.getByRole('list', { name: 'Payouts waiting for a decision' });
    await expect(queue).toContainText('Coach Pia');
    await expect(queue).toContainText('Waiting for review');
    await page.getByRole('button', { name: 'Approve $45.00 for Coach Pia' }).click();
    await expect(queue).toContainText('Approved, being paid');
    await axeClean(page);
    await page.getByRole('button', { name: 'Mark $45.00 for Coach Pia paid' }).click();
    await expect(queue).toContainText('Paid');
    await page.reload();
    await expect(page.getByText('No payout is waiting for a decision.')).toBeVisible();

    const dashboard = (await apiCall(a, coachApi, 'GET', 'api/creators/me/dashboard')) as {
      payouts: { status: string; amount_cents: number }[];
    };
    expect(dashboard.payouts[0]).toMatchObject({ status: 'paid', amount_cents: 4500 });
    const inbox = await apiCall(a, coachApi, 'GET', 'api/notifications');
    expect(JSON.stringify(inbox)).toContain('Your payout of $45.00 is paid');

    // The coach downloads the month's statement (at 360 px): the payment, its fee and the paid payout.
    const coachPage = await (await browser.newContext({ viewport: { width: 360, height: 800 }, acceptDownloads: true })).newPage();
    await openSignedIn(coachPage, a, mailbox, coach, 'creator-dashboard');
    await expect(coachPage.getByLabel('Statement month')).toBeVisible();
    await axeClean(coachPage);
    const [download] = await Promise.all([
      coachPage.waitForEvent('download'),
      coachPage.getByRole('button', { name: 'Download statement (CSV)' }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^repforge-statement-\d{4}-\d{2}\.csv$/);
    const csv = await readFile(await download.path(), 'utf8');
    expect(csv).toContain(',subscription,Strength club,USD,50.00,5.00,45.00,45.00\r\n');
    expect(csv).toMatch(/,payout,Payout #\d+ \(Paid\),USD,0\.00,0\.00,-45\.00,0\.00\r\n/);
  } finally {
    await setClock(a, 0);
  }
});
