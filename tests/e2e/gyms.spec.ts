import { expect, test, type Page } from '@playwright/test';
import { ADMIN_EMAIL, useAppWithMail } from './support/accounts.ts';
import { apiCall, apiSignIn, axeClean } from './support/api.ts';
import { expectSignedIn } from './support/header.ts';
import { openSignedIn } from './support/signed-in.ts';

const { app, mailbox } = useAppWithMail();
const gina = { email: 'gina.gym@example.test', name: 'Gina Gym', password: 'gina-pass-12345' };
const dup = { email: 'dan.dup@example.test', name: 'Dan Duplicate', password: 'dan-pass-123456' };
const boss = { email: ADMIN_EMAIL, name: 'Coach Admin', password: 'admin-pass-12345' };
const PUBLIC = { sex: 'public', birth_year: 'public', bodyweight: 'public', gym: 'public', bio: 'public', records: 'public' };

async function noSidewaysScroll(page: Page) {
  await page.setViewportSize({ width: 360, height: 780 });
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  await page.setViewportSize({ width: 1280, height: 800 });
}

test('an athlete picks their gym with the picker, adds a missing one, and finds themselves on the gym page', async ({ page }) => {
  test.setTimeout(180_000);
  const admin = await apiSignIn(app(), mailbox, boss);
  const harbour = await apiCall(app(), admin, 'POST', 'api/gyms', { name: 'Harbour Strength', city: 'Bristol', country: 'GB' });
  await apiCall(app(), admin, 'PUT', `api/gyms/${harbour.id as number}/verified`, { verified: true });
  await apiCall(app(), admin, 'POST', 'api/gyms', { name: 'Harbour Yard', city: 'Leeds' });

  await openSignedIn(page, app(), mailbox, gina, 'athlete-profile-page');
  await page.getByRole('button', { name: 'Set up your profile' }).click();
  const gym = page.getByRole('combobox', { name: 'Gym', exact: true });
  await gym.fill('harb');
  // Verified gyms come first; the keyboard picks.
  const options = page.getByRole('listbox', { name: 'Gym', exact: true }).getByRole('option');
  await expect(options.first()).toContainText('Harbour Strength');
  await expect(options.first()).toContainText('Verified');
  // An unverified gym someone else added is not offered (it may be spam until an editor verifies it).
  await expect(options.nth(1)).toContainText('Add “harb” as a new gym');
  await expect(options.filter({ hasText: 'Harbour Yard' })).toHaveCount(0);
  await axeClean(page);
  await gym.press('ArrowDown');
  await gym.press('Enter');
  await expect(gym).toHaveValue('Harbour Strength');

  // A gym that is not listed yet is added from the picker; a near-duplicate is refused with the listed one offered.
  await gym.fill('The Harbour-Strength');
  await page.getByRole('option', { name: /Add “The Harbour-Strength” as a new gym/ }).click();
  const dialog = page.getByRole('dialog', { name: 'Add a new gym' });
  await dialog.getByLabel('City (optional)').fill('bristol');
  await dialog.getByRole('button', { name: 'Add gym' }).click();
  await expect(dialog.getByRole('alert')).toContainText('Harbour Strength (Bristol) is already listed');
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await gym.fill('Quayside Barbell');
  await expect(options).toHaveCount(1);
  await expect(options.first()).toHaveText('Add “Quayside Barbell” as a new gym');
  await gym.press('ArrowDown');
  await gym.press('Enter');
  await expect(dialog).toBeVisible();
  await dialog.getByLabel('City (optional)').fill('Cardiff');
  await dialog.getByLabel('Country code (optional)').fill('gb');
  await axeClean(page);
  await dialog.getByRole('button', { name: 'Add gym' }).click();
  await expect(dialog).toBeHidden();
  await expect(gym).toHaveValue('Quayside Barbell');

  await page.getByRole('button', { name: 'Save profile' }).click();
  const link = page.getByRole('link', { name: 'Quayside Barbell' });
  await expect(link).toBeVisible();
  await link.click();
  await expect(page.getByRole('heading', { level: 1, name: 'Quayside Barbell' })).toBeVisible();
  await expect(page.getByText('Not verified yet')).toBeVisible();
  await expect(page.getByText('Cardiff, United Kingdom')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Gina Gym' })).toBeVisible();
  await axeClean(page);
  await noSidewaysScroll(page);
  await page.getByRole('link', { name: 'Gina Gym' }).click();
  await expect(page.getByRole('heading', { level: 1, name: /Gina Gym/ })).toBeVisible();
});

test('an administrator merges a duplicate gym on Sports Network Admin; its athlete moves to the gym that stays', async ({ page }) => {
  test.setTimeout(180_000);
  const admin = await apiSignIn(app(), mailbox, boss);
  const keep = await apiCall(app(), admin, 'POST', 'api/gyms', { name: 'Iron Yard', city: 'Denver', country: 'US' });
  const copy = await apiCall(app(), admin, 'POST', 'api/gyms', { name: 'Iron Yard Denver' });
  const athlete = await apiSignIn(app(), mailbox, dup);
  await apiCall(app(), athlete, 'PUT', 'api/v1/athlete-profiles/me', { display_name: dup.name, gym_id: copy.id, privacy: PUBLIC });

  await openSignedIn(page, app(), mailbox, boss, 'sports-network-admin');
  await expect(page.getByRole('heading', { level: 1, name: 'Sports Network Admin' })).toBeVisible();
  const row = page.getByRole('row').filter({ hasText: 'Iron Yard Denver' });
  await expect(row).toContainText('1');
  await expect(row).toContainText('Not verified');
  await axeClean(page);
  await noSidewaysScroll(page);

  await page.getByRole('button', { name: 'Verify Iron Yard', exact: true }).click();
  await expect(page.getByText('Iron Yard is verified.', { exact: true })).toBeVisible();
  // The list then refreshes and verified gyms sort after the rest: wait for it before the next click.
  await expect(page.getByRole('button', { name: 'Unverify Iron Yard', exact: true })).toBeVisible();

  await page.getByRole('button', { name: 'Merge Iron Yard Denver into another gym' }).click();
  const dialog = page.getByRole('dialog', { name: 'Merge Iron Yard Denver' });
  await expect(dialog).toContainText('1 athlete and 0 teams move to it');
  const into = dialog.getByRole('combobox', { name: 'Merge into' });
  await into.fill('iron');
  // The verified gym first; the gym being merged is listed too (and refused if picked).
  await expect(dialog.getByRole('option')).toHaveCount(2);
  await expect(dialog.getByRole('option').first()).toContainText('Verified');
  await dialog.getByRole('option').first().click();
  await expect(into).toHaveValue('Iron Yard');
  await axeClean(page);
  await dialog.getByRole('button', { name: 'Merge into Iron Yard' }).click();
  await expect(page.getByText('Merged Iron Yard Denver into Iron Yard: 1 athlete and 0 teams moved.', { exact: true })).toBeVisible();
  await expect(page.getByRole('row').filter({ hasText: 'Iron Yard Denver' })).toHaveCount(0);

  await page.goto(`${app().url}gym-page?id=${keep.id as number}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Iron Yard' })).toBeVisible();
  await expect(page.getByText('Verified', { exact: true })).toBeVisible();
  await expect(page.getByRole('link', { name: dup.name })).toBeVisible();
  // The merged gym's old address leads to the gym that stayed.
  await page.goto(`${app().url}gym-page?id=${copy.id as number}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Iron Yard' })).toBeVisible();

  // The directory lists the verified gym with its athlete; the merged copy is gone. On a phone, searched by name.
  await page.setViewportSize({ width: 360, height: 780 });
  await page.getByRole('link', { name: '← All gyms' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Gyms' })).toBeVisible();
  await page.getByLabel('Find a gym').fill('iron');
  await expect(page).toHaveURL(/gyms-page\?q=iron/);
  const cards = page.getByRole('list', { name: 'Gyms' }).getByRole('listitem');
  await expect(cards).toHaveCount(1);
  await expect(cards.first()).toContainText('Iron Yard');
  await expect(cards.first()).toContainText('1 athlete · 0 teams');
  await expect(cards.first()).toContainText('Denver, United States');
  await axeClean(page);
  await noSidewaysScroll(page);
  await page.getByLabel('Find a gym').fill('no such gym here');
  await expect(page.getByText('No verified gym starts with “no such gym here”')).toBeVisible();
  await cards.first().waitFor({ state: 'detached' });
});

test('an editor renames a gym on Sports Network Admin; the gym page and its athlete show the new name', async ({ page }) => {
  test.setTimeout(180_000);
  const ed = { email: 'ed.editor@example.test', name: 'Ed Editor', password: 'editor-pass-9876' };
  const rita = { email: 'rita.rename@example.test', name: 'Rita Rename', password: 'rita-pass-123456' };
  const admin = await apiSignIn(app(), mailbox, boss);
  await apiSignIn(app(), mailbox, ed);
  const found = (await apiCall(app(), admin, 'GET', 'api/auth/admin/users?search=ed.editor%40example.test')) as {
    items: { wp_user_id: number }[];
  };
  await apiCall(app(), admin, 'PUT', `api/auth/admin/users/${found.items[0]!.wp_user_id}/role`, { wp_role: 'editor' });
  const gym = await apiCall(app(), admin, 'POST', 'api/gyms', { name: 'Rust Belt Barbel', city: 'Detroit', country: 'US' });
  await apiCall(app(), admin, 'POST', 'api/gyms', { name: 'Lakeside Lifts', city: 'Chicago' });
  const athlete = await apiSignIn(app(), mailbox, rita);
  await apiCall(app(), athlete, 'PUT', 'api/v1/athlete-profiles/me', { display_name: rita.name, gym_id: gym.id, privacy: PUBLIC });

  await openSignedIn(page, app(), mailbox, ed, 'sports-network-admin');
  await expectSignedIn(page);
  await page.getByRole('button', { name: 'Edit Rust Belt Barbel' }).click();
  const dialog = page.getByRole('dialog', { name: 'Edit Rust Belt Barbel' });
  await expect(dialog.getByLabel('City')).toHaveValue('Detroit');
  await axeClean(page);
  // Another gym's name and city is refused, with the way out named.
  await dialog.getByLabel('Name').fill('lakeside lifts');
  await dialog.getByLabel('City').fill('chicago');
  await dialog.getByRole('button', { name: 'Save gym' }).click();
  await expect(dialog.getByRole('alert')).toContainText('Lakeside Lifts (Chicago) is already listed');
  await dialog.getByLabel('Name').fill('Rust Belt Barbell');
  await dialog.getByLabel('City').fill('Detroit');
  await dialog.getByRole('button', { name: 'Save gym' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByText('Rust Belt Barbell is saved.', { exact: true })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Rust Belt Barbell', exact: true })).toBeVisible();
  for (const scheme of ['Light', 'Dark'] as const) {
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.getByRole('group', { name: 'Theme' }).getByRole('button', { name: scheme }).click();
    for (const width of [1280, 360]) {
      await page.setViewportSize({ width, height: 800 });
      await page.getByRole('button', { name: 'Edit Rust Belt Barbell' }).click();
      await expect(page.getByRole('dialog', { name: 'Edit Rust Belt Barbell' })).toBeVisible();
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
      await page.screenshot({ path: `test-results/gym-edit-dialog-${width}-${scheme.toLowerCase()}.png` });
      await page.keyboard.press('Escape');
    }
  }
  await page.setViewportSize({ width: 1280, height: 800 });

  await page.goto(`${app().url}gym-page?id=${gym.id as number}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Rust Belt Barbell' })).toBeVisible();
  await page.getByRole('link', { name: rita.name }).click();
  await expect(page.getByRole('link', { name: 'Rust Belt Barbell' })).toBeVisible();
});
