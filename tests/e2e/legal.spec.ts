import { expect, test } from '@playwright/test';
import { ADMIN_EMAIL, signUpAndSignIn, useAppWithMail } from './support/accounts.ts';
import { apiCall, apiSignIn, axeClean } from './support/api.ts';

const { app, mailbox } = useAppWithMail();
const admin = { email: ADMIN_EMAIL, name: 'Coach Admin', password: 'admin-pass-9876' };

test('joining a challenge that needs the waiver signs it inline; a new version asks again on the waiver page', async ({ page }) => {
  const api = await apiSignIn(app(), mailbox, admin);
  const now = Date.now();
  const challenge = await apiCall(app(), api, 'POST', 'api/challenges/', {
    title: 'Sandbag Gauntlet',
    score_type: 'reps',
    requires_waiver: true,
    starts_at: new Date(now - 3_600_000).toISOString(),
    ends_at: new Date(now + 7 * 86_400_000).toISOString(),
  });
  await signUpAndSignIn(page, app(), mailbox, { email: 'wren@example.test', name: 'Wren', password: 'wren-pass-12345' });
  await page.goto(`${app().url}challenge-detail-page?id=${String(challenge.id)}`);
  const entry = page.getByRole('complementary', { name: 'Your entry' });
  const waiver = entry.getByRole('group', { name: 'Liability waiver, version 1' });
  await expect(waiver).toBeVisible();
  await expect(waiver.getByRole('region', { name: 'Liability waiver, version 1' })).toContainText('Assumption of risk');

  const signatures: string[] = [];
  page.on('request', (r) => {
    if (r.method() === 'POST' && r.url().includes('/api/legal/waiver/signatures')) signatures.push(r.url());
  });
  await entry.getByRole('button', { name: 'Join challenge' }).click();
  await expect(entry.getByRole('alert')).toHaveText('Type your full name to sign the waiver.');
  await waiver.getByLabel('Full name').fill('  Wren Adeyemi ');
  await entry.getByRole('button', { name: 'Join challenge' }).click();
  await expect(entry.getByRole('alert')).toHaveText('Tick the box to agree to the waiver.');
  expect(signatures).toEqual([]);
  await waiver.getByRole('checkbox', { name: 'I have read the liability waiver (version 1) and agree to it' }).check();
  await axeClean(page);
  await entry.getByRole('button', { name: 'Join challenge' }).click();
  await expect(page.getByText('You are in! Good luck in Sandbag Gauntlet.').first()).toBeVisible();
  await expect(entry).toContainText('You are in, Rx');
  expect(signatures).toHaveLength(1);

  // Administrators see who joined under which signature.
  const list = await apiCall(app(), api, 'GET', `api/legal/challenges/${String(challenge.id)}/waiver-signatures`);
  expect(list.signatures).toEqual([
    expect.objectContaining({ display_name: 'Wren', signature: expect.objectContaining({ version: 1, full_name: 'Wren Adeyemi' }) }),
  ]);

  // A new version: the waiver page shows it unsigned, and signing there records version 2.
  await apiCall(app(), api, 'POST', 'api/legal/documents/waiver', { body: '## Heat\n\nDrink water.', summary: 'Adds heat advice.' });
  await page.goto(`${app().url}liability-waiver-page`);
  await expect(page.getByRole('heading', { name: 'Version 2', level: 2 })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Heat' })).toBeVisible();
  const form = page.getByRole('form', { name: 'Sign the liability waiver' });
  await form.getByLabel('Full name').fill('Wren Adeyemi');
  await form.getByRole('checkbox', { name: 'I have read the liability waiver (version 2) and agree to it' }).check();
  await axeClean(page);
  await form.getByRole('button', { name: 'Sign the waiver' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'You signed version 2 as Wren Adeyemi' })).toBeVisible();
});

test('a new terms version blocks a signed-in athlete with a dialog until they accept', async ({ page }) => {
  await signUpAndSignIn(page, app(), mailbox, { email: 'juno@example.test', name: 'Juno', password: 'juno-pass-12345' });
  await page.goto(`${app().url}challenge-discovery-page`);
  await expect(page.getByRole('heading', { name: 'Challenges', level: 1 })).toBeVisible();
  await expect(page.getByRole('alertdialog')).toHaveCount(0);

  const api = await apiSignIn(app(), mailbox, admin);
  const published = await apiCall(app(), api, 'POST', 'api/legal/documents/terms', {
    body: 'Terms, version 2.',
    summary: 'Video proof may be asked for any score in the top ten.',
  });
  await page.reload();
  const dialog = page.getByRole('alertdialog', { name: 'We updated our Terms of Service' });
  await expect(dialog).toBeVisible();
  await expect(dialog).toContainText(`Terms of Service, version ${String(published.version)}`);
  await expect(dialog).toContainText('Video proof may be asked for any score in the top ten.');
  await axeClean(page);
  // It cannot be dismissed.
  await page.keyboard.press('Escape');
  await expect(dialog).toBeVisible();

  await dialog.getByRole('button', { name: 'Accept and continue' }).click();
  await expect(dialog).toHaveCount(0);
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Challenges', level: 1 })).toBeVisible();
  await expect(page.getByRole('alertdialog')).toHaveCount(0);
});
