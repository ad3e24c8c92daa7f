import { expect, test, type Page } from '@playwright/test';
import { ADMIN_EMAIL, signIn, signUpAndSignIn, useAppWithMail, type Athlete } from './support/accounts.ts';
import { apiCall, apiSignIn, axeClean, type ApiSession } from './support/api.ts';
import { signOut } from './support/header.ts';
import type { RunningApp } from './support/app.ts';

const { app, mailbox } = useAppWithMail();

const DAY = 86_400_000;
const IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1';
const FIREFOX_ANDROID = 'Mozilla/5.0 (Android 14; Mobile; rv:133.0) Gecko/133.0 Firefox/133.0';
const adminWho: Athlete = { email: ADMIN_EMAIL, name: 'Admin Ada', password: 'admin-password-1' };

async function loadChallenge(a: RunningApp, coach: ApiSession, title: string) {
  const now = Date.now();
  const created = await apiCall(a, coach, 'POST', 'api/challenges/', {
    title,
    score_type: 'load',
    starts_at: new Date(now - 3_600_000).toISOString(),
    ends_at: new Date(now + 7 * DAY).toISOString(),
  });
  return created.id as number;
}

/** Presses a settings form's save button and waits for the server's answer. */
async function saveAndWait(page: Page, button: string) {
  const saved = page.waitForResponse((r) => r.url().endsWith('/api/settings') && r.request().method() === 'PUT');
  await page.getByRole('button', { name: button }).click();
  expect((await saved).status()).toBe(200);
}

async function saveSettings(page: Page) {
  await saveAndWait(page, 'Save settings');
  await expect(page.getByText('Settings saved.', { exact: true })).toBeVisible();
}

test('switching to lb changes the boards and the score form; a weight typed in lb is stored exactly', async ({ browser }) => {
  test.setTimeout(150_000);
  const a = app();
  const coach = await apiSignIn(a, mailbox, adminWho);
  const id = await loadChallenge(a, coach, 'Heavy deadlift day');
  // Ben lifts 100 kg in the challenge and has a 140 kg back squat on the test board.
  const ben: Athlete = { email: 'ben.bar@example.test', name: 'Ben Bar', password: 'ben-password-1' };
  const benApi = await apiSignIn(a, mailbox, ben);
  await apiCall(a, benApi, 'POST', `api/challenges/${id}/join`, { division: 'rx' });
  await apiCall(a, benApi, 'POST', `api/challenges/${id}/submit-score`, { load_value: 100, load_unit: 'kg' });
  const squat = await apiCall(a, coach, 'POST', 'api/v1/tests', {
    name: 'Back squat 1RM',
    category: 'strength',
    movement: 'squat',
    unit: 'kg',
    direction: 'higher',
    min_value: 20,
    max_value: 500,
    status: 'active',
    standards: [
      {
        sex: 'any',
        bodyweight_min_kg: null,
        bodyweight_max_kg: null,
        anchors: [
          { score: 0, value: 40 },
          { score: 1000, value: 250 },
        ],
      },
    ],
  });
  const pr = await apiCall(a, benApi, 'POST', 'api/v1/athlete-profiles/submit-pr', {
    test_id: squat.id,
    value: '140',
    unit: 'kg',
    achieved_on: new Date(Date.now() - DAY).toISOString().slice(0, 10),
  });
  await apiCall(a, coach, 'POST', `api/v1/athlete-profiles/admin/approve/${pr.id as number}`, {});

  const lou: Athlete = { email: 'lou.lift@example.test', name: 'Lou Lift', password: 'lou-password-1' };
  const page = await (await browser.newContext()).newPage();
  await signUpAndSignIn(page, a, mailbox, lou);
  const board = page.getByRole('table', { name: /leaderboard/ });
  await page.goto(`${a.url}challenge-leaderboard-page?id=${id}`);
  await expect(board.getByRole('row', { name: /Ben Bar/ })).toContainText('100 kg');

  // Lou picks imperial units on the settings page.
  await page.goto(`${a.url}settings`);
  await expect(page.getByRole('heading', { name: 'Settings', level: 1 })).toBeVisible();
  await page.getByRole('radio', { name: 'Imperial' }).check();
  await saveSettings(page);
  await axeClean(page);

  // Every board now reads in lb: the challenge board and the test board.
  await page.goto(`${a.url}challenge-leaderboard-page?id=${id}`);
  await expect(board.getByRole('row', { name: /Ben Bar/ })).toContainText('220 lb');
  await page.goto(`${a.url}test-deep-dive-page?id=${squat.id as number}`);
  await expect(page.getByRole('row', { name: /Ben Bar/ }).first()).toContainText('308.6 lb');

  // The score form starts in lb; 225 lb typed is stored as exactly 225 lb in grams (102,058 g) and shown back as 225 lb.
  await apiCall(a, await apiSignIn(a, mailbox, lou), 'POST', `api/challenges/${id}/join`, { division: 'rx' });
  await page.goto(`${a.url}score-submission-page?id=${id}`);
  await expect(page.getByRole('combobox', { name: 'Unit' })).toHaveText(/lb/);
  await page.getByLabel('Load', { exact: true }).fill('225');
  await page.getByRole('button', { name: /Submit/ }).click();
  // The saved card (a toast may be up beside it).
  await expect(page.getByRole('status').filter({ has: page.getByRole('heading') })).toContainText('225 lb');
  const rows = (await (await fetch(`${a.url}api/challenges/rankings?challenge_id=${id}`)).json()) as {
    items: { athlete: { display_name: string }; score: { value: number; display: string } }[];
  };
  const lous = rows.items.find((r) => r.athlete.display_name === 'Lou Lift')!;
  expect(lous.score.value).toBe(Math.round(225 * 453.59237));
  expect(lous.score.display).toBe('102.058 kg');
  await page.goto(`${a.url}challenge-leaderboard-page?id=${id}`);
  await expect(board.getByRole('row', { name: /Lou Lift/ })).toContainText('225 lb');

  // Signed out, the browser keeps the last choice.
  await signOut(page);
  await page.goto(`${a.url}challenge-leaderboard-page?id=${id}`);
  await expect(board.getByRole('row', { name: /Ben Bar/ })).toContainText('220 lb');
});

test('signing out another device ends its session; sign out everywhere else leaves only this browser', async ({ browser }) => {
  test.setTimeout(120_000);
  const a = app();
  const dee: Athlete = { email: 'dee.device@example.test', name: 'Dee Device', password: 'dee-password-1' };
  const laptop = await (await browser.newContext()).newPage();
  await signUpAndSignIn(laptop, a, mailbox, dee);
  // Each browser says what it is, so the list tells them apart.
  const phone = await (await browser.newContext({ userAgent: IPHONE })).newPage();
  await signIn(phone, a, mailbox, dee);
  const tablet = await (await browser.newContext({ userAgent: FIREFOX_ANDROID })).newPage();
  await signIn(tablet, a, mailbox, dee);
  await phone.goto(`${a.url}settings`);
  await expect(phone.getByRole('heading', { name: 'Signed-in devices' })).toBeVisible();

  await laptop.goto(`${a.url}settings`);
  const devices = laptop.getByRole('list', { name: 'Signed-in devices' });
  const device = (name: RegExp) => devices.getByRole('listitem').filter({ hasText: name });
  await expect(devices.getByRole('listitem')).toHaveCount(3);
  await expect(device(/this browser/)).toContainText('Chrome on Linux');
  await expect(device(/Firefox on Android/)).toBeVisible();
  await axeClean(laptop);
  await device(/Safari on iPhone/)
    .getByRole('button', { name: /^Sign out/ })
    .click();
  await expect(laptop.getByText('Signed out Safari on iPhone.', { exact: true })).toBeVisible();
  await expect(devices.getByRole('listitem')).toHaveCount(2);

  // The phone is signed out: its next page load finds no session.
  await phone.reload();
  await expect(phone.getByRole('heading', { name: 'Sign in' })).toBeVisible();

  await laptop.getByRole('button', { name: 'Sign out everywhere else' }).click();
  await expect(laptop.getByText('Signed out everywhere else (1 device).', { exact: true })).toBeVisible();
  await expect(devices.getByRole('listitem')).toHaveCount(1);
  await expect(laptop.getByText('You are signed in on this browser only.')).toBeVisible();
  await tablet.reload();
  await expect(tablet.getByRole('heading', { name: 'Sign in' })).toBeVisible();
  // The laptop is still signed in.
  await laptop.reload();
  await expect(device(/this browser/)).toBeVisible();
});

test('social settings: a timeline kind turned off is not posted, turned on again it is', async ({ browser }) => {
  test.setTimeout(120_000);
  const a = app();
  const coach = await apiSignIn(a, mailbox, adminWho);
  const first = await loadChallenge(a, coach, 'Quiet lift');
  const second = await loadChallenge(a, coach, 'Loud lift');
  const sam: Athlete = { email: 'sam.social@example.test', name: 'Sam Social', password: 'sam-password-1' };
  const page = await (await browser.newContext()).newPage();
  await signUpAndSignIn(page, a, mailbox, sam);
  const samApi = await apiSignIn(a, mailbox, sam);
  const me = await apiCall(a, samApi, 'GET', 'api/settings');
  const timeline = async () =>
    (
      (await (await fetch(`${a.url}api/v1/athlete-profiles/${(me.community as { account_id: number }).account_id}/timeline`)).json()) as {
        items: { body: string }[];
      }
    ).items.map((p) => p.body);

  await page.goto(`${a.url}social-settings`);
  const joins = page.getByRole('switch', { name: 'Challenges I join' });
  await expect(joins).toBeChecked();
  await expect(page.getByText('Sam Social (member #')).toBeVisible();
  await joins.click();
  await saveAndWait(page, 'Save timeline choices');
  await expect(page.getByText('Timeline choices saved.', { exact: true })).toBeVisible();
  await axeClean(page);
  await apiCall(a, samApi, 'POST', `api/challenges/${first}/join`, { division: 'rx' });
  expect(await timeline()).toEqual([]);

  await page.reload();
  await expect(joins).not.toBeChecked();
  await joins.click();
  await saveAndWait(page, 'Save timeline choices');
  await apiCall(a, samApi, 'POST', `api/challenges/${second}/join`, { division: 'rx' });
  expect(await timeline()).toEqual(['Joined Loud lift']);
});
