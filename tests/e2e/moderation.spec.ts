import { expect, test } from '@playwright/test';
import { ADMIN_EMAIL, useAppWithMail } from './support/accounts.ts';
import { apiCall, apiSignIn, axeClean } from './support/api.ts';
import { openSignedIn } from './support/signed-in.ts';

const { app, mailbox } = useAppWithMail();
// Four accounts signing in through mail and axe on a shared two-core machine: more than the default minute.
test.describe.configure({ timeout: 240_000 });

const admin = { email: ADMIN_EMAIL, name: 'Coach Admin', password: 'admin-pass-9876' };
const carla = { email: 'carla@example.test', name: 'Carla Creator', password: 'carla-pass-9876' };
const ed = { email: 'ed@example.test', name: 'Ed Editor', password: 'editor-pass-9876' };
const ana = { email: 'ana@example.test', name: 'Ana Athlete', password: 'ana-pass-98765' };
const TITLE = 'Cheap supplements row-off';

test('a user reports a challenge, an editor hides it and it leaves discovery, the author appeals', async ({ browser }) => {
  const a = app();
  // The world: an administrator makes Ed an editor; Carla creates a public challenge.
  const adminApi = await apiSignIn(a, mailbox, admin);
  const carlaApi = await apiSignIn(a, mailbox, carla);
  await apiSignIn(a, mailbox, ed);
  const users = (await apiCall(a, adminApi, 'GET', 'api/auth/admin/users?search=ed%40example.test')) as { items: { wp_user_id: number }[] };
  await apiCall(a, adminApi, 'PUT', `api/auth/admin/users/${users.items[0]!.wp_user_id}/role`, { wp_role: 'editor' });
  const now = Date.now();
  const challenge = (await apiCall(a, carlaApi, 'POST', 'api/challenges/', {
    title: TITLE,
    description: 'Row 500 m, then buy our supplements at the link.',
    score_type: 'time',
    time_cap_seconds: 600,
    starts_at: new Date(now - 3_600_000).toISOString(),
    ends_at: new Date(now + 7 * 86_400_000).toISOString(),
  })) as { id: number };

  // Ana reports it from the challenge's page.
  const anaPage = await (await browser.newContext()).newPage();
  await openSignedIn(anaPage, a, mailbox, ana, `challenge-detail-page?id=${challenge.id}`);
  await expect(anaPage.getByRole('heading', { name: TITLE, level: 1 })).toBeVisible();
  await anaPage.getByRole('button', { name: `Report challenge: ${TITLE}` }).click();
  const dialog = anaPage.getByRole('dialog', { name: 'Report this challenge' });
  await dialog.getByRole('radio', { name: 'Spam or advertising' }).check();
  await dialog.getByLabel('Anything moderators should know (optional)').fill('It is an advert for pills.');
  await axeClean(anaPage);
  await dialog.getByRole('button', { name: 'Send report' }).click();
  await expect(anaPage.getByText('Thank you. Moderators will look at it and tell you the outcome.', { exact: true })).toBeVisible();
  await expect(dialog).toBeHidden();

  // Ed, an editor, hides it from the reported-content page.
  const edPage = await (await browser.newContext()).newPage();
  await openSignedIn(edPage, a, mailbox, ed, 'admin-reported-content-page');
  await expect(edPage.getByRole('heading', { name: 'Reported content', level: 1 })).toBeVisible();
  const item = edPage.getByRole('listitem').filter({ has: edPage.getByRole('heading', { name: TITLE }) });
  await expect(item).toContainText('1 report');
  await expect(item).toContainText('Spam or advertising × 1');
  await expect(item).toContainText('It is an advert for pills.');
  await axeClean(edPage);
  await item.getByRole('radio', { name: 'Hide it' }).check();
  await item.getByLabel('Why? The author reads this.').fill('Advertising is not a challenge.');
  await item.getByRole('button', { name: 'Apply' }).click();
  await expect(edPage.getByText(`${TITLE}: hidden.`, { exact: true })).toBeVisible();
  await expect(edPage.getByText('Nothing is waiting: no open reports.')).toBeVisible();
  await expect(edPage.getByRole('table', { name: 'Moderation actions, newest first' })).toContainText('Advertising is not a challenge.');

  // The dashboard counts what waits: no report now, and links to each queue.
  await edPage.goto(`${a.url}admin-dashboard-page`);
  const reports = edPage.getByRole('listitem').filter({ has: edPage.getByRole('link', { name: 'Reports' }) });
  await expect(reports).toContainText('0');
  await expect(edPage.getByRole('link', { name: 'Submissions today' })).toBeVisible();
  await axeClean(edPage);

  // Gone from discovery for everyone else.
  await anaPage.goto(`${a.url}challenge-discovery-page`);
  await expect(anaPage.getByRole('heading', { name: 'Challenges', level: 1 })).toBeVisible();
  await expect(anaPage.getByText(TITLE)).toHaveCount(0);

  // Carla sees the decision in Settings → Moderation and appeals once.
  const carlaPage = await (await browser.newContext()).newPage();
  await openSignedIn(carlaPage, a, mailbox, carla, 'settings#moderation');
  const moderation = carlaPage.getByRole('region', { name: 'Moderation' });
  await expect(moderation).toContainText('Reason: Advertising is not a challenge.');
  await moderation.getByRole('button', { name: 'Appeal' }).click();
  await moderation
    .getByLabel(`Why should the decision about ${TITLE} change?`)
    .fill('The link was removed; it is a real rowing challenge now.');
  await axeClean(carlaPage);
  await moderation.getByRole('button', { name: 'Send appeal' }).click();
  await expect(moderation).toContainText('Appeal waiting for an administrator');
  await expect(moderation.getByRole('button', { name: 'Appeal' })).toHaveCount(0);
  await carlaPage.goto(`${a.url}challenge-detail-page?id=${challenge.id}`);
  await expect(carlaPage.getByText(/Hidden by moderators/)).toBeVisible();
});
