import { expect, test } from '@playwright/test';
import { ADMIN_EMAIL, useAppWithMail } from './support/accounts.ts';
import { apiCall, apiSignIn } from './support/api.ts';
import { looksRight } from './support/looks.ts';

const { app, mailbox } = useAppWithMail();

test('a signed-out visitor sees a scheduled broadcast count down on the banner and the viewer page, then turn live', async ({
  browser,
}) => {
  test.setTimeout(120_000);
  const a = app();
  const admin = await apiSignIn(a, mailbox, { email: ADMIN_EMAIL, name: 'Coach Admin', password: 'admin-password-1' });
  const show = await apiCall(a, admin, 'POST', 'api/admin/broadcasts', {
    title: 'Countdown Show',
    stream_url: 'https://www.twitch.tv/repforge',
    scheduled_for: new Date(Date.now() + 10 * 60_000).toISOString(),
  });

  const visitor = await (await browser.newContext({ viewport: { width: 1280, height: 900 } })).newPage();
  await visitor.goto(a.url);
  const banner = visitor.getByRole('region', { name: 'Upcoming broadcast' });
  await expect(banner).toContainText(/Starts in (10:00|9:\d\d): Countdown Show/);
  const before = await banner.getByRole('timer').textContent();
  await expect(banner.getByRole('timer')).not.toHaveText(before!, { timeout: 5000 });

  await banner.getByRole('link', { name: 'Open the broadcast page' }).click();
  await expect(visitor.getByRole('heading', { name: 'Countdown Show', level: 1 })).toBeVisible();
  await expect(visitor.getByRole('timer')).toHaveText(/^Starts in 9:\d\d$/);
  await looksRight(visitor, 'broadcast-countdown', () => expect(visitor.getByRole('timer')).toHaveText(/^Starts in 9:\d\d$/));

  // Started early by the administrator: the visitor's page (no socket) turns live on its next read.
  await apiCall(a, admin, 'POST', `api/admin/broadcasts/${String(show.id)}/start`, {});
  await expect(visitor.getByRole('timer')).toHaveCount(0, { timeout: 40_000 });
  await expect(visitor.locator('iframe[title]')).toHaveCount(1);
  await visitor.goto(a.url);
  await expect(visitor.getByRole('region', { name: 'Live broadcast' })).toContainText('Countdown Show');
  await expect(visitor.getByRole('region', { name: 'Upcoming broadcast' })).toHaveCount(0);
});
