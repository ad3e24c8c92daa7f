import { expect, test } from '@playwright/test';
import { ADMIN_EMAIL, useAppWithMail } from './support/accounts.ts';
import { apiCall, apiSignIn } from './support/api.ts';
import { expectSignedIn } from './support/header.ts';
import { looksRight, SHOTS } from './support/looks.ts';
import { openSignedIn } from './support/signed-in.ts';

const { app, mailbox } = useAppWithMail();

test('an administrator starts a broadcast; a signed-out visitor sees the banner and watches; the stop takes the banner away', async ({
  browser,
}) => {
  test.setTimeout(180_000);
  const a = app();
  const adminWho = { email: ADMIN_EMAIL, name: 'Coach Admin', password: 'admin-password-1' };
  const admin = await apiSignIn(a, mailbox, adminWho);
  const now = Date.now();
  const c = await apiCall(a, admin, 'POST', 'api/challenges/', {
    title: 'Broadcast burpees',
    score_type: 'reps',
    starts_at: new Date(now - 3_600_000).toISOString(),
    ends_at: new Date(now + 86_400_000).toISOString(),
  });
  const ana = await apiSignIn(a, mailbox, { email: 'ana-bc@example.test', name: 'Ana Athlete', password: 'ana-password-1' });
  await apiCall(a, ana, 'POST', `api/challenges/${String(c.id)}/join`, { division: 'rx', sex: 'female' });
  const attempt = await apiCall(a, ana, 'POST', 'api/live-attempts', { challenge_id: c.id });
  await apiCall(a, ana, 'POST', `api/live-attempts/${String(attempt.id)}/update`, { seq: 1, count: 12 });

  // The administrator schedules a broadcast featuring Ana's attempt, then starts it.
  const page = await (await browser.newContext({ viewport: { width: 1280, height: 900 } })).newPage();
  await openSignedIn(page, a, mailbox, adminWho, 'admin-broadcast-dashboard');
  await expectSignedIn(page);
  await expect(page.getByRole('heading', { name: 'Broadcasts', level: 1 })).toBeVisible();
  await expect(page.getByText('No broadcast is live.')).toBeVisible();
  await page.getByRole('textbox', { name: 'Title' }).fill('Friday Night Burpees');
  await page.getByRole('combobox', { name: 'Live attempt' }).click();
  await page.getByRole('option', { name: /Ana Athlete · Broadcast burpees/ }).click();
  await page.getByRole('button', { name: 'Schedule broadcast' }).click();
  await expect(page.getByText('Broadcast scheduled.').first()).toBeVisible();
  await page.getByRole('button', { name: 'Start Friday Night Burpees' }).click();
  const live = page.locator('section[aria-labelledby="bc-live-title"]');
  await expect(live.getByRole('button', { name: 'Stop broadcast' })).toBeVisible();
  await expect(live).toContainText('Featuring Ana Athlete live on Broadcast burpees');
  await looksRight(page, 'broadcast-dashboard', () => expect(live.getByRole('button', { name: 'Stop broadcast' })).toBeVisible());

  // A signed-out visitor sees the invitation and opens the viewer.
  const visitor = await (await browser.newContext({ viewport: { width: 1280, height: 900 } })).newPage();
  await visitor.goto(a.url);
  const banner = visitor.getByRole('region', { name: 'Live broadcast' });
  await expect(banner).toContainText('Friday Night Burpees');
  if (SHOTS) {
    await visitor.setViewportSize({ width: 360, height: 780 });
    await visitor.screenshot({ path: `${SHOTS}/broadcast-banner-home-360.png` });
    await visitor.setViewportSize({ width: 1280, height: 900 });
  }
  await banner.getByRole('link', { name: 'Watch the broadcast' }).click();
  await expect(visitor.getByRole('heading', { name: 'Friday Night Burpees', level: 1 })).toBeVisible();
  await expect(visitor.getByTestId('broadcast-count')).toHaveText('12');
  await expect(visitor.getByTestId('broadcast-viewer-count')).toHaveText(/^[1-9]\d*$/);
  await expect(visitor.getByText('Ana Athlete', { exact: true })).toBeVisible();
  // The count moves for the visitor too (read again every few seconds without a socket).
  await apiCall(a, ana, 'POST', `api/live-attempts/${String(attempt.id)}/update`, { seq: 2, count: 13 });
  await expect(visitor.getByTestId('broadcast-count')).toHaveText('13', { timeout: 15_000 });
  await looksRight(visitor, 'broadcast-viewer', () => expect(visitor.getByTestId('broadcast-count')).toHaveText('13'));
  // The administrator's own page has the banner too, and sees the visitor counted.
  await page.reload();
  await expect(page.getByRole('region', { name: 'Live broadcast' })).toContainText('Friday Night Burpees');
  await expect(page.getByTestId('broadcast-viewers')).toHaveText(/^[1-9]\d*$/);

  // The administrator stops it: their signed-in page hears it over the socket at once, the visitor's on its next read.
  await page.getByRole('button', { name: 'Stop broadcast' }).click();
  await expect(page.getByText('No broadcast is live.')).toBeVisible();
  await expect(page.getByRole('region', { name: 'Live broadcast' })).toHaveCount(0);
  await expect(async () => {
    await visitor.reload();
    await expect(visitor.getByText('No broadcast is live right now')).toBeVisible({ timeout: 3000 });
  }).toPass({ timeout: 40_000 });
  await visitor.getByRole('link', { name: 'See who is live now' }).click();
  await expect(visitor.getByRole('heading', { name: 'Live now', level: 1 })).toBeVisible();
  await expect(visitor.getByRole('region', { name: 'Live broadcast' })).toHaveCount(0);
});

test('a spectator narrows /live-spectating to the athletes they follow', async ({ page }) => {
  test.setTimeout(120_000);
  const a = app();
  const admin = await apiSignIn(a, mailbox, { email: ADMIN_EMAIL, name: 'Coach Admin', password: 'admin-password-1' });
  const now = Date.now();
  const c = await apiCall(a, admin, 'POST', 'api/challenges/', {
    title: 'Follow burpees',
    score_type: 'reps',
    starts_at: new Date(now - 3_600_000).toISOString(),
    ends_at: new Date(now + 86_400_000).toISOString(),
  });
  const people = [
    { email: 'bo-bc@example.test', name: 'Bo Followed', password: 'bo-password-1' },
    { email: 'cy-bc@example.test', name: 'Cy Stranger', password: 'cy-password-1' },
  ];
  const ids: number[] = [];
  for (const who of people) {
    const s = await apiSignIn(a, mailbox, who);
    await apiCall(a, s, 'POST', `api/challenges/${String(c.id)}/join`, { division: 'rx', sex: 'male' });
    const started = await apiCall(a, s, 'POST', 'api/live-attempts', { challenge_id: c.id });
    ids.push(Number(started.user_id));
  }
  const fanWho = { email: 'fan-bc@example.test', name: 'Fan Finn', password: 'fan-password-1' };
  const fan = await apiSignIn(a, mailbox, fanWho);
  // No body: the follow is the address itself.
  const follow = await fetch(`${a.url}api/follows/athletes/${String(ids[0])}`, {
    method: 'PUT',
    headers: { authorization: `Bearer ${fan.token}`, 'x-csrf-token': fan.csrf },
  });
  expect(follow.status).toBeLessThan(300);

  await openSignedIn(page, a, mailbox, fanWho, 'live-spectating');
  await expect(page.getByRole('link', { name: 'Watch Cy Stranger' })).toBeVisible();
  await page.getByRole('radio', { name: 'People I follow' }).click();
  await expect(page.getByRole('link', { name: 'Watch Bo Followed' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Watch Cy Stranger' })).toHaveCount(0);
  await expect(page).toHaveURL(/who=following/);
  await looksRight(page, 'live-spectating-following', () => expect(page.getByRole('link', { name: 'Watch Bo Followed' })).toBeVisible());
});
