import { readFile } from 'node:fs/promises';
import { expect, test, type Page } from '@playwright/test';
import { strFromU8, unzipSync } from 'fflate';
import { signIn, signUpAndSignIn, useAppWithMail, type Athlete } from './support/accounts.ts';
import { apiCall, apiSignIn, axeClean, setClock } from './support/api.ts';
import type { RunningApp } from './support/app.ts';
import { choose } from './support/choose.ts';
import { expectSignedIn } from './support/header.ts';

// The server's clock can be moved (TEST_CLOCK=1), so the 14-day grace period passes in seconds.
const { app, mailbox } = useAppWithMail({ TEST_CLOCK: '1' });
const DAY = 86_400_000;

async function openPrivacy(page: Page, a: RunningApp) {
  await page.goto(`${a.url}privacy-settings-page`);
  await expect(page.getByRole('heading', { name: 'Privacy settings', level: 1 })).toBeVisible();
}

/** Password, then the mailed code, through the page. */
async function requestDeletion(page: Page, who: Athlete) {
  await page.getByRole('button', { name: 'Delete my account' }).click();
  await page.getByLabel('Your password').fill(who.password);
  const since = mailbox.mark();
  await page.getByRole('button', { name: 'Email me a code' }).click();
  const mail = await mailbox.waitFor(who.email, /delete your RepForge account/, since);
  const code = /\b(\d{6})\b/.exec(mail.text)![1]!;
  await page.getByLabel('Code from the email').fill(code);
  await page.getByRole('button', { name: 'Delete my account' }).click();
  await expect(page.getByText(/Your account will be deleted on/)).toBeVisible();
}

test('an athlete downloads a copy of their data and sets anonymity and invitations', async ({ page }) => {
  const a = app();
  const ana = { email: 'ana.export@example.test', name: 'Ana Export', password: 'ana-export-password' };
  await signUpAndSignIn(page, a, mailbox, ana);
  await openPrivacy(page, a);
  await expect(page.getByText('You have not asked for a copy of your data yet.')).toBeVisible();
  // The consent given at sign-up, from the legal area.
  const consents = page.getByRole('table', { name: 'Terms and privacy policy versions you accepted' });
  await expect(consents).toContainText('Terms of Service');
  await expect(consents).toContainText('Privacy Policy');
  await axeClean(page);

  await page.getByRole('button', { name: 'Request my data' }).click();
  const link = page.getByRole('link', { name: /Download ZIP/ });
  await expect(link).toBeVisible({ timeout: 15_000 });
  await expect(page.getByText(/You can ask for another copy after/)).toBeVisible();
  await expect(page.getByRole('button', { name: 'Request my data' })).toBeDisabled();
  const [download] = await Promise.all([page.waitForEvent('download'), link.click()]);
  const files = unzipSync(new Uint8Array(await readFile((await download.path())!)));
  expect(Object.keys(files)).toEqual(expect.arrayContaining(['account.json', 'profile.json', 'challenges.json', 'index.json']));
  const account = JSON.parse(strFromU8(files['account.json']!));
  expect(account.users[0]).toMatchObject({ email: ana.email, display_name: ana.name });
  expect(account.users[0]).not.toHaveProperty('password_hash');

  await page.getByRole('switch', { name: 'Appear anonymously on leaderboards' }).click();
  await expect(page.getByRole('switch', { name: 'Appear anonymously on leaderboards' })).toBeChecked();
  await choose(page, 'Who may invite me to teams', 'Nobody');
  await expect(page.getByLabel('Who may invite me to teams')).toContainText('Nobody');
  await page.reload();
  await expect(page.getByRole('switch', { name: 'Appear anonymously on leaderboards' })).toBeChecked();
  await expect(page.getByLabel('Who may invite me to teams')).toContainText('Nobody');
  await axeClean(page);
});

test('deletion: requested, cancelled by signing in, requested again and completed after the grace period', async ({ page }) => {
  test.setTimeout(120_000);
  const a = app();
  const dee = { email: 'dee.delete@example.test', name: 'Dee Leaving', password: 'dee-delete-password' };
  const eve = { email: 'eve.stays@example.test', name: 'Eve Staying', password: 'eve-stays-password' };
  await signUpAndSignIn(page, a, mailbox, dee);

  // Dee and Eve on one board: Dee first.
  const eveApi = await apiSignIn(a, mailbox, eve);
  const deeApi = await apiSignIn(a, mailbox, dee);
  const challenge = await apiCall(a, eveApi, 'POST', 'api/challenges/', {
    title: 'Burpees for time off',
    score_type: 'reps',
    starts_at: new Date(Date.now() - 3_600_000).toISOString(),
    ends_at: new Date(Date.now() + 60 * DAY).toISOString(),
  });
  const id = challenge.id as number;
  for (const [who, reps] of [
    [deeApi, 60],
    [eveApi, 50],
  ] as const) {
    await apiCall(a, who, 'POST', `api/challenges/${id}/join`, { division: 'rx', sex: 'female' });
    await apiCall(a, who, 'POST', `api/challenges/${id}/submit-score`, { reps });
  }

  await openPrivacy(page, a);
  await requestDeletion(page, dee);
  await axeClean(page);
  await page.getByRole('button', { name: 'Sign out' }).click();

  // Signing in during the grace period cancels the deletion, and the page says so.
  await setClock(a, 3 * DAY, page);
  await signIn(page, a, mailbox, dee);
  await expectSignedIn(page);
  await openPrivacy(page, a);
  await expect(page.getByText(/so your account deletion was cancelled/)).toBeVisible();

  // Asked again: after 14 days the sweep erases Dee; the board keeps her place as "Former athlete".
  await requestDeletion(page, dee);
  await page.getByRole('button', { name: 'Sign out' }).click();
  await setClock(a, 3 * DAY + 14 * DAY + 60_000, page);
  await expect
    .poll(
      async () => {
        const board = (await (await fetch(`${a.url}api/challenges/rankings?challenge_id=${id}`)).json()) as {
          items: { rank: number; athlete: { display_name: string } }[];
        };
        return board.items.map((r) => `${r.rank} ${r.athlete.display_name}`);
      },
      { timeout: 15_000 },
    )
    .toEqual(['1 Former athlete', `2 ${eve.name}`]);
  await page.goto(`${a.url}challenge-leaderboard-page?id=${id}`);
  const rows = page.getByRole('table').getByRole('row');
  await expect(rows.nth(1)).toContainText('Former athlete');
  await expect(rows.nth(2)).toContainText(eve.name);

  // The old email and password no longer sign in: no code comes.
  const since = mailbox.mark();
  await fetch(`${a.url}api/auth/initiate-login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: dee.email, password: dee.password }),
  });
  await page.waitForTimeout(1000);
  expect(mailbox.mails.slice(since).filter((m) => m.to.includes(dee.email))).toEqual([]);
  await setClock(a, 0);
});
