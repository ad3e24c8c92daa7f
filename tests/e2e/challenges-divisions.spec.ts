import { expect, test } from '@playwright/test';
import { ADMIN_EMAIL, useAppWithMail } from './support/accounts.ts';
import { apiCall, apiSignIn, axeClean } from './support/api.ts';
import { choose } from './support/choose.ts';
import { openSignedIn } from './support/signed-in.ts';

const { app, mailbox } = useAppWithMail();

test('men and women ranked apart: the join form asks for the board, a woman sees her place on it, the overall board keeps Rx above Scaled', async ({
  page,
  browser,
}) => {
  test.setTimeout(120_000);
  const coach = { email: 'coach@example.test', name: 'Coach Carl', password: 'coach-password-1' };
  await openSignedIn(page, app(), mailbox, coach, 'create-challenge-page');
  await page.getByLabel('Title').fill('Fran by division');
  await choose(page, 'Scoring', 'For time');
  await page.getByRole('radio', { name: 'Ranked apart' }).click();
  await page.getByLabel('Women’s loads and standards (optional)', { exact: true }).fill('Thrusters 29 kg');
  await page.getByLabel('Men’s loads and standards (optional)', { exact: true }).fill('Thrusters 43 kg');
  await page.getByRole('button', { name: 'Create challenge' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Fran by division' })).toBeVisible();
  const detailUrl = page.url();

  // The coach, a man, joins Rx and is fastest: 3:30.
  await choose(page, 'Board', 'Men', { exact: true });
  await page.getByRole('button', { name: 'Join challenge' }).click();
  await page.getByRole('link', { name: 'Submit a score' }).click();
  await page.getByLabel('Your time').fill('3:30');
  await page.getByRole('button', { name: 'Submit score' }).click();
  await expect(page.getByRole('heading', { name: 'New best!' })).toBeVisible();

  // A woman joins Rx: the form asks for her board before Join, and keeps it on her profile when she says so.
  const ana = await (await browser.newContext()).newPage();
  await openSignedIn(ana, app(), mailbox, { email: 'ana@example.test', name: 'Ana Athlete', password: 'ana-password-1' });
  await ana.goto(detailUrl);
  await expect(ana.getByText('This challenge ranks women and men on separate boards.')).toBeVisible();
  const joins: string[] = [];
  ana.on('request', (r) => void (r.url().endsWith('/join') && joins.push(r.url())));
  await ana.getByRole('button', { name: 'Join challenge' }).click();
  await expect(ana.getByRole('alert')).toContainText('choose your board (Women or Men)');
  expect(joins).toEqual([]);
  await choose(ana, 'Board', 'Women', { exact: true });
  await ana.getByRole('checkbox', { name: 'Save Women on my profile for the next challenges' }).click();
  await axeClean(ana);
  await ana.getByRole('button', { name: 'Join challenge' }).click();
  await expect(ana.getByText('You are in, Women Rx.')).toBeVisible();
  await ana.getByRole('link', { name: 'Submit a score' }).click();
  await ana.getByLabel('Your time').fill('4:10');
  await ana.getByRole('button', { name: 'Submit score' }).click();
  await expect(ana.getByRole('heading', { name: 'New best!' })).toBeVisible();
  // Her place names her board: first of one among the women in Rx.
  await expect(ana.getByText('You are 1st of 1 · Women Rx.')).toBeVisible();
  await ana.getByRole('link', { name: 'See the leaderboard' }).click();

  // The board opens on her own board (Women, Rx), with its standards.
  await expect(ana.getByLabel('Board', { exact: true })).toContainText('Women');
  await expect(ana.getByRole('tab', { name: 'Rx' })).toHaveAttribute('aria-selected', 'true');
  await expect(ana.getByText('Thrusters 29 kg')).toBeVisible();
  const rows = ana.getByRole('table').getByRole('row');
  await expect(rows).toHaveCount(2);
  await expect(rows.nth(1)).toContainText('1Ana Athlete (you)Rx4:10');
  await axeClean(ana);
  // The overall board: everyone, the faster man first.
  await choose(ana, 'Board', 'Overall (everyone)', { exact: true });
  await expect(rows.nth(1)).toContainText('1Coach CarlRx3:30');
  await expect(rows.nth(2)).toContainText('2Ana Athlete (you)Rx4:10');
  expect(new URL(ana.url()).searchParams.get('cat')).toBe('overall');
  // Men's board, from the address: the coach is first there.
  await ana.goto(`${app().url}challenge-leaderboard-page?id=${new URL(detailUrl).searchParams.get('id')}&cat=male`);
  await expect(ana.getByText('Thrusters 43 kg')).toBeVisible();
  await expect(rows).toHaveCount(2);
  await expect(rows.nth(1)).toContainText('1Coach CarlRx3:30');
  await ana.close();
});

test('a judge rejects a held score with a reason: its athlete sees the reason in My Results and on the dashboard, and gets a mail', async ({
  page,
  browser,
}) => {
  test.setTimeout(150_000);
  const a = app();
  const coach = await apiSignIn(a, mailbox, { email: 'judge.coach@example.test', name: 'Coach Jo', password: 'coach-password-2' });
  const now = Date.now();
  const c = await apiCall(a, coach, 'POST', 'api/challenges/', {
    title: 'Grace held',
    score_type: 'time',
    starts_at: new Date(now - 3_600_000).toISOString(),
    ends_at: new Date(now + 86_400_000).toISOString(),
    sex_divisions: 'split',
  });
  // Five women on the board at about four minutes.
  for (let i = 0; i < 5; i++) {
    const s = await apiSignIn(a, mailbox, { email: `w${i}@example.test`, name: `Woman ${i}`, password: 'woman-password-1' });
    await apiCall(a, s, 'POST', `api/challenges/${c.id}/join`, { division: 'rx', sex: 'female' });
    await apiCall(a, s, 'POST', `api/challenges/${c.id}/submit-score`, { time_ms: 240_000 + i * 5000 });
  }
  // Bea claims 1:30: far beyond the leader, so it is held.
  const bea = { email: 'bea@example.test', name: 'Bea Bold', password: 'bea-password-1' };
  const beaApi = await apiSignIn(a, mailbox, bea);
  await apiCall(a, beaApi, 'POST', `api/challenges/${c.id}/join`, { division: 'rx', sex: 'female' });
  const held = await apiCall(a, beaApi, 'POST', `api/challenges/${c.id}/submit-score`, { time_ms: 90_000 });
  expect((held.score as { verification: string }).verification).toBe('unverified');

  // The judge sees why it was held, and must give a reason to reject it.
  await openSignedIn(
    page,
    a,
    mailbox,
    { email: ADMIN_EMAIL, name: 'Admin Ada', password: 'admin-password-1' },
    'admin-individual-challenges-page?tab=review',
  );
  const card = page.getByRole('listitem').filter({ hasText: 'Bea Bold' });
  await expect(card).toContainText('Held because: More than 50% beyond the division’s leader (4:00)');
  await card.getByRole('button', { name: 'Reject…' }).click();
  await page.getByRole('button', { name: 'Reject score' }).click();
  await expect(page.getByText('At least 3 characters')).toHaveClass(/error-text/);
  const since = mailbox.mark();
  await page.getByLabel(/Why reject Bea Bold/).fill('The video stops before the last rep.');
  await page.getByRole('button', { name: 'Reject score' }).click();
  await expect(page.getByText('Rejected: the athlete is told why.').first()).toBeVisible();
  await expect(page.getByText('Nothing is waiting for review.')).toBeVisible();
  const mail = await mailbox.waitFor(bea.email, /The video stops before the last rep\./, since);
  expect(mail.subject).toContain('was not accepted');

  // Bea sees the state and the reason where her scores are listed.
  const beaPage = await (await browser.newContext()).newPage();
  await openSignedIn(beaPage, a, mailbox, bea, 'my-results-page');
  const row = beaPage.getByRole('row').filter({ hasText: 'Grace held' });
  await expect(row).toContainText('Rejected');
  await expect(row).toContainText('Reason: The video stops before the last rep.');
  await axeClean(beaPage);
  await beaPage.goto(`${a.url}dashboard-page`);
  await expect(beaPage.getByText('Reason: The video stops before the last rep.')).toBeVisible();
  await beaPage.close();
});
