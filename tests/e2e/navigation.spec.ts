import { expect, test, type Page } from '@playwright/test';
import { ADMIN_EMAIL, signIn, signUp, signUpAndSignIn, useAppWithMail } from './support/accounts.ts';
import { apiCall, apiSignIn } from './support/api.ts';
import { accountMenuButton } from './support/header.ts';

// No COMMUNITY_SITE_URL here: the Timeline item must not be offered.
const { app, mailbox } = useAppWithMail();

let n = 0;
const athlete = (name = 'Nora Navigator') => ({ email: `nav${++n}.${Date.now()}@example.test`, name, password: 'menus-and-sheets-42' });
const admin = { email: ADMIN_EMAIL, name: 'Coach Admin', password: 'admin-pass-9876' };

const noSideScroll = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);

test('the account menu opens from the keyboard, lists the athlete’s pages and navigates; no Timeline without a community site', async ({
  page,
}) => {
  await signUpAndSignIn(page, app(), mailbox, athlete());
  const nav = page.getByRole('navigation', { name: 'Main' });
  await expect(nav.getByRole('link', { name: 'Dashboard' })).toBeVisible();
  await expect(page.getByRole('button', { name: /Timeline/ })).toHaveCount(0);
  // Without a community site the Timeline is the in-app community: the stories feed.
  await expect(nav.getByRole('link', { name: 'Timeline' })).toHaveAttribute('href', /my-stories-page$/);

  // Reachable with Tab from the top of the page.
  await page.locator('body').focus();
  const trigger = accountMenuButton(page);
  // The initials are drawn from an attribute, so the trigger's visible text is the name its label holds (axeClean's
  // label-content-name-mismatch checks it on every signed-in page at desktop width).
  await expect(trigger.locator('.avatar')).toHaveAttribute('data-initials', 'NN');
  for (let i = 0; i < 15 && !(await trigger.evaluate((el) => el === document.activeElement)); i += 1) await page.keyboard.press('Tab');
  await expect(trigger).toBeFocused();
  await page.keyboard.press('Enter');
  const menu = page.getByRole('menu');
  await expect(menu).toBeVisible();
  // Every page of the athlete, by area (src/lib/navigation.ts).
  await expect(menu.getByRole('group')).toHaveCount(4);
  await expect(menu.getByRole('menuitem')).toHaveText([
    'Challenges',
    'Events',
    'My Challenges',
    'Battles',
    'Live Now',
    'Challenge Archive',
    'Judging',
    'Personal Records',
    'Performance Stats',
    'My Analytics',
    'Global Ranks',
    'Claim Performances',
    'Stories',
    'AI Interview',
    'Video Interview',
    'Teams',
    'Gyms',
    'Creators',
    'Leaderboards',
    'My Profile',
    'My Results',
    'My Videos',
    'Creator Dashboard',
    'Settings',
    'Sign Out',
  ]);
  await expect(menu.getByRole('menuitem', { name: 'Challenges', exact: true })).toBeFocused();
  // Down the list one item at a time: Personal Records is the first of the Train area, after the 7 of Compete.
  const records = menu.getByRole('menuitem', { name: 'Personal Records' });
  for (let i = 0; i < 7; i += 1) {
    await page.keyboard.press('ArrowDown');
    await expect(menu.getByRole('menuitem').nth(i + 1)).toBeFocused();
  }
  await expect(records).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/personal-records-dashboard$/);
  await expect(menu).toHaveCount(0);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Personal Records');

  // Escape closes it and gives focus back to the button.
  await trigger.click();
  await expect(menu).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(menu).toHaveCount(0);
  await expect(trigger).toBeFocused();
});

test('at 360 px the header is one row; the Menu sheet opens, closes with Escape and gives focus back; admins get an Admin menu', async ({
  page,
}) => {
  await page.setViewportSize({ width: 360, height: 740 });
  await page.goto(app().url);
  const header = page.locator('.site-header');
  // Measured until it can be: the app replaces the prerendered shell's header (a first render in
  // slices), and a header removed between finding and measuring it has no box.
  const headerHeight = async () => (await header.boundingBox())?.height ?? Number.POSITIVE_INFINITY;
  await expect(page.getByRole('link', { name: 'Sign In', exact: true })).toBeVisible();
  await expect.poll(headerHeight).toBeLessThan(72);
  expect(await noSideScroll(page)).toBe(true);

  await signUp(page, app(), admin, mailbox);
  await signIn(page, app(), mailbox, admin);
  await expect(page.getByRole('button', { name: 'Admin Tools' })).toBeVisible();
  await expect(accountMenuButton(page)).toBeHidden();
  await expect(page.getByRole('navigation', { name: 'Admin Tools' })).toHaveCount(0);
  await expect.poll(headerHeight).toBeLessThan(72);
  expect(await noSideScroll(page)).toBe(true);

  const menuButton = page.getByRole('button', { name: 'Menu', exact: true });
  await menuButton.click();
  const sheet = page.getByRole('dialog', { name: 'Menu' });
  await expect(sheet).toBeVisible();
  await expect(sheet.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Challenges' })).toBeVisible();
  await expect(sheet.getByRole('link', { name: 'Personal Records' })).toBeVisible();
  await expect(sheet.getByLabel('Theme')).toBeVisible();
  await expect(sheet.getByRole('button', { name: 'Sign Out' })).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(sheet).toHaveCount(0);
  await expect(menuButton).toBeFocused();

  // A link in the sheet navigates and closes it.
  await menuButton.click();
  await sheet.getByRole('link', { name: 'My Challenges' }).click();
  await expect(page).toHaveURL(/my-active-challenges-page$/);
  await expect(sheet).toHaveCount(0);

  await page.getByRole('button', { name: 'Admin Tools' }).click();
  await page.getByRole('menuitem', { name: 'Feedback', exact: true }).click();
  await expect(page).toHaveURL(/admin-feedback-page$/);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  expect(await noSideScroll(page)).toBe(true);

  // Sign Out from the sheet.
  await menuButton.click();
  await sheet.getByRole('button', { name: 'Sign Out' }).click();
  await expect(page).toHaveURL(/signed-out-page$/);
});

test('an expired session: public data stays behind the dialog, the note counts down, Log In Again returns to the page', async ({
  page,
}) => {
  test.setTimeout(90_000);
  const coach = athlete('Coach Public');
  const coachApi = await apiSignIn(app(), mailbox, coach);
  const created = await apiCall(app(), coachApi, 'POST', 'api/challenges/', {
    title: 'Public rowing sprint',
    score_type: 'reps',
    starts_at: new Date(Date.now() - 3_600_000).toISOString(),
    ends_at: new Date(Date.now() + 7 * 86_400_000).toISOString(),
  });
  const ana = athlete();
  await signUpAndSignIn(page, app(), mailbox, ana);
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Challenges' }).click();
  await expect(page.getByRole('link', { name: /Public rowing sprint/ }).first()).toBeVisible();
  // The session ends on the server; the next signed-in read (the challenge page) is refused.
  await page.evaluate(async () => {
    await fetch('./api/auth/logout', { method: 'POST', credentials: 'include' });
  });
  await page
    .getByRole('link', { name: /Public rowing sprint/ })
    .first()
    .click();
  const dialog = page.getByRole('alertdialog', { name: 'Session Expired' });
  await expect(dialog).toBeVisible({ timeout: 20_000 });
  // Behind the dialog the public challenge is still shown, not "Authentication required".
  await expect(page.locator('main h1')).toHaveText('Public rowing sprint');
  await expect(page.locator('main')).not.toContainText('Authentication required');

  const note = dialog.locator('.session-countdown');
  const seconds = async () => Number(/in (\d+) second/.exec((await note.textContent()) ?? '')?.[1]);
  const first = await seconds();
  expect(first).toBeGreaterThanOrEqual(8);
  await page.waitForTimeout(2_100);
  expect(await seconds()).toBeLessThanOrEqual(first - 2);

  await dialog.getByRole('button', { name: 'Log In Again' }).click();
  const next = encodeURIComponent(`/challenge-detail-page?id=${created.id as number}`);
  await expect(page).toHaveURL(new RegExp(`login-page\\?next=${next.replace(/[?]/g, '\\?')}$`));
  await signIn(page, app(), mailbox, ana);
  await expect(page).toHaveURL(new RegExp(`challenge-detail-page\\?id=${created.id as number}$`));
  await expect(page.locator('main h1')).toHaveText('Public rowing sprint');
});
