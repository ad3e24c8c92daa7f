import { expect, test } from '@playwright/test';
import { useAppWithMail } from './support/accounts.ts';
import { axeClean } from './support/api.ts';
import { openSignedIn } from './support/signed-in.ts';

const { app, mailbox } = useAppWithMail();
const captain = { email: 'cleo.captain@example.test', name: 'Cleo Captain', password: 'cleo-pass-12345' };
const newbie = { email: 'nia.newbie@example.test', name: 'Nia Newbie', password: 'nia-pass-123456' };

test('a captain creates a team and invites by email; the invitee signs up through the mail, accepts, and the bells ring live', async ({
  page,
  browser,
}) => {
  test.setTimeout(180_000);
  await openSignedIn(page, app(), mailbox, captain, 'team-creation-page');
  await expect(page.getByRole('heading', { name: 'Create a team' })).toBeVisible();
  await page.getByLabel('Team name').fill('Harbor Barbell');
  await page.getByLabel('Tag').fill('hbb');
  await page.getByLabel('Gym').fill('Harbor CrossFit');
  await page.getByRole('radio', { name: 'Public: athletes can ask to join' }).check();
  await axeClean(page);
  await page.getByRole('button', { name: 'Create team' }).click();
  await expect(page.getByRole('heading', { name: 'Harbor Barbell [HBB]' })).toBeVisible();
  await expect(page.getByText('You: Captain')).toBeVisible();

  const since = mailbox.mark();
  await page.getByLabel('Or invite by email').fill(newbie.email);
  await page.getByRole('button', { name: 'Send invitation' }).click();
  await expect(page.getByText(`Invitation sent to ${newbie.email}.`)).toBeVisible();
  await expect(page.getByText(`Invited: ${newbie.email}`)).toBeVisible();
  await axeClean(page);

  // The mail carries a sign-up link that comes back to the team.
  const mail = await mailbox.waitFor(newbie.email, /login-page\?mode=register/, since);
  expect(mail.subject).toBe('Cleo Captain invited you to join Harbor Barbell on RepForge');
  const link = /(https?:\/\/\S+login-page\?mode=register\S+)/.exec(mail.text)![1]!;

  const context = await browser.newContext();
  const other = await context.newPage();
  await other.goto(link);
  await expect(other.getByRole('heading', { name: 'Create your account' })).toBeVisible();
  await other.getByLabel('Email').fill(newbie.email);
  await other.getByLabel('Display name').fill(newbie.name);
  await other.getByLabel('Password', { exact: true }).fill(newbie.password);
  await other.getByRole('checkbox', { name: /I accept the Terms of Service/ }).check();
  const codeSince = mailbox.mark();
  await other.getByRole('button', { name: 'Create account' }).click();
  // Creating the account goes straight on to the mailed code (no second typing of the password).
  await other.getByLabel('Sign-in code').fill(await mailbox.loginCode(newbie.email, codeSince));
  await other.getByRole('button', { name: 'Sign in' }).click();

  // Signed in, they land on the team; the invitation waited for them and is in their inbox.
  await expect(other.getByRole('heading', { name: 'Harbor Barbell [HBB]' })).toBeVisible();
  await expect(other.getByRole('button', { name: 'Notifications: 1 unread' })).toBeVisible();
  await other.getByRole('button', { name: 'Notifications: 1 unread' }).click();
  await expect(other.getByRole('menuitem', { name: /Cleo Captain invited you to join Harbor Barbell/ })).toBeVisible();
  await other.keyboard.press('Escape');
  // Closed, not closing: a menu still in its exit animation sits outside the page's landmarks (axe's "region").
  await expect(other.getByRole('menu')).toHaveCount(0);
  const invited = other.getByRole('article').filter({ hasText: 'You are invited' });
  await expect(invited).toContainText('Cleo Captain invited you to join Harbor Barbell.');
  await axeClean(other);
  await invited.getByRole('button', { name: 'Accept: Nia Newbie' }).click();
  await expect(other.getByText('You: Member')).toBeVisible();
  await expect(other.getByRole('link', { name: 'Nia Newbie' })).toBeVisible();

  // The captain's bell counts the new member without a reload (pushed over the socket).
  await expect(page.getByRole('button', { name: 'Notifications: 1 unread' })).toBeVisible();
  await page.getByRole('button', { name: 'Notifications: 1 unread' }).click();
  await page.getByRole('menuitem', { name: /Nia Newbie joined Harbor Barbell/ }).click();
  await expect(page.getByRole('button', { name: 'Notifications', exact: true })).toBeVisible();

  // The history page lists it, read.
  await other.goto(`${app().url}dashboard-page?view=notifications`);
  await expect(other.getByRole('heading', { name: 'Notifications' })).toBeVisible();
  await expect(other.getByRole('link', { name: 'Cleo Captain invited you to join Harbor Barbell' })).toBeVisible();
  await other.getByRole('button', { name: 'Mark all read' }).click();
  await expect(other.getByText('Everything is read.')).toBeVisible();
  await axeClean(other);
  await context.close();
});
