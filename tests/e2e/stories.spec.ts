import { expect, test, type Page } from '@playwright/test';
import { ADMIN_EMAIL, useAppWithMail } from './support/accounts.ts';
import { apiCall, apiSignIn, axeClean } from './support/api.ts';
import { expectSignedIn } from './support/header.ts';
import { openSignedIn } from './support/signed-in.ts';

const { app, mailbox } = useAppWithMail();
// Four accounts signing in through mail and axe on a shared two-core machine: more than the default minute.
test.describe.configure({ timeout: 240_000 });

const admin = { email: ADMIN_EMAIL, name: 'Coach Admin', password: 'admin-pass-9876' };
const ed = { email: 'ed@example.test', name: 'Ed Editor', password: 'editor-pass-9876' };
const ana = { email: 'ana@example.test', name: 'Ana Athlete', password: 'ana-pass-98765' };
const ben = { email: 'ben@example.test', name: 'Ben Reader', password: 'ben-pass-98765' };
const TITLE = 'How I finally got my first muscle-up';
const REASON = 'Advertising supplements is not a story.';

/** The page never scrolls sideways at 360 px. */
async function fitsPhone(page: Page) {
  await page.setViewportSize({ width: 360, height: 780 });
  const over = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect(over, 'horizontal overflow at 360 px').toBeLessThanOrEqual(0);
  await page.setViewportSize({ width: 1280, height: 800 });
}

test('a user reports a story, an editor hides it and it disappears from the feed, the author appeals', async ({ browser }) => {
  const a = app();
  const adminApi = await apiSignIn(a, mailbox, admin);
  await apiSignIn(a, mailbox, ed);
  const users = (await apiCall(a, adminApi, 'GET', 'api/auth/admin/users?search=ed%40example.test')) as { items: { wp_user_id: number }[] };
  await apiCall(a, adminApi, 'PUT', `api/auth/admin/users/${users.items[0]!.wp_user_id}/role`, { wp_role: 'editor' });

  // Ana publishes a story through the compose page; a problem is said in a sentence first.
  const anaPage = await (await browser.newContext()).newPage();
  await openSignedIn(anaPage, a, mailbox, ana, 'story-submission-page');
  await expect(anaPage.getByRole('heading', { name: 'Share a Story', level: 1 })).toBeVisible();
  await anaPage.getByLabel('Title').fill(TITLE);
  await anaPage.getByLabel('Your story').fill('Short');
  await anaPage.getByRole('button', { name: 'Publish story' }).click();
  await expect(anaPage.getByRole('alert')).toHaveText('Tell a little more: the story needs at least 10 characters.');
  await anaPage
    .getByLabel('Your story')
    .fill('Two years of band work, then one morning it just **happened**. Use my code MUSCLE for cheap protein!');
  await axeClean(anaPage);
  await fitsPhone(anaPage);
  await anaPage.getByRole('button', { name: 'Publish story' }).click();
  await expect(anaPage).toHaveURL(/my-stories-page\?story=\d+$/);
  await expect(anaPage.getByRole('heading', { name: TITLE, level: 1 })).toBeVisible();
  await expect(anaPage.getByText('happened', { exact: true })).toBeVisible();

  // Ben finds it in the Community feed, opens it, comments and reports it.
  const benPage = await (await browser.newContext()).newPage();
  await openSignedIn(benPage, a, mailbox, ben, 'my-stories-page');
  // The feed is the community's, titled so (not "My Stories").
  await expect(benPage.getByRole('heading', { name: 'Community Stories', level: 1 })).toBeVisible();
  const feed = benPage.getByRole('list', { name: 'Community stories' });
  await expect(feed.getByRole('link', { name: TITLE, exact: true })).toBeVisible();
  await expect(feed.getByRole('link', { name: ana.name })).toHaveAttribute('href', /athlete-profile-page\?id=\d+/);
  await axeClean(benPage);
  await fitsPhone(benPage);
  await feed.getByRole('link', { name: TITLE, exact: true }).click();
  await expect(benPage.getByRole('heading', { name: TITLE, level: 1 })).toBeVisible();
  await expect(benPage.getByText('No comments yet — be the first to say something.')).toBeVisible();
  await benPage.getByLabel('Add a comment').fill('Congratulations, that is a big one!');
  await benPage.getByRole('button', { name: 'Post comment' }).click();
  await expect(benPage.getByText('Congratulations, that is a big one!')).toBeVisible();
  await axeClean(benPage);
  await fitsPhone(benPage);
  await benPage.getByRole('button', { name: `Report story: ${TITLE}` }).click();
  const dialog = benPage.getByRole('dialog', { name: 'Report this story' });
  await dialog.getByRole('radio', { name: 'Spam or advertising' }).check();
  await dialog.getByLabel('Anything moderators should know (optional)').fill('It ends with a discount code.');
  await dialog.getByRole('button', { name: 'Send report' }).click();
  await expect(benPage.getByText('Thank you. Moderators will look at it and tell you the outcome.', { exact: true })).toBeVisible();

  // Ana reports nothing of her own story, but can report Ben's comment.
  await anaPage.reload();
  await expect(anaPage.getByRole('button', { name: `Report story: ${TITLE}` })).toHaveCount(0);
  await anaPage.getByRole('button', { name: `Report comment: ${ben.name}'s comment` }).click();
  const commentDialog = anaPage.getByRole('dialog', { name: 'Report this comment' });
  await commentDialog.getByRole('radio', { name: 'Harassment or hate' }).check();
  await commentDialog.getByLabel('Anything moderators should know (optional)').fill('Testing that comments are reportable.');
  await commentDialog.getByRole('button', { name: 'Send report' }).click();
  await expect(anaPage.getByText('Thank you. Moderators will look at it and tell you the outcome.', { exact: true })).toBeVisible();

  // Ed, an editor, hides the story from the reported-content page.
  const edPage = await (await browser.newContext()).newPage();
  await openSignedIn(edPage, a, mailbox, ed, 'admin-reported-content-page');
  await expectSignedIn(edPage);
  await expect(edPage.getByRole('heading', { name: 'Reported content', level: 1 })).toBeVisible();
  await expect(edPage.getByRole('listitem').filter({ has: edPage.getByRole('heading', { name: `Comment on “${TITLE}”` }) })).toContainText(
    '1 report',
  );
  const item = edPage.getByRole('listitem').filter({ has: edPage.getByRole('heading', { name: TITLE, exact: true }) });
  await expect(item).toContainText('It ends with a discount code.');
  await item.getByRole('radio', { name: 'Hide it' }).check();
  await item.getByLabel('Why? The author reads this.').fill(REASON);
  await item.getByRole('button', { name: 'Apply' }).click();
  await expect(edPage.getByText(`${TITLE}: hidden.`, { exact: true })).toBeVisible();

  // Gone from the feed for Ben, and its page with it.
  await benPage.goto(`${a.url}my-stories-page`);
  await expect(benPage.getByRole('heading', { name: 'No stories yet — share the first one' })).toBeVisible();
  await expect(benPage.getByText(TITLE)).toHaveCount(0);

  // Ana still sees it under My Stories, marked, with the reason and the way to appeal.
  await anaPage.goto(`${a.url}my-stories-page?tab=mine`);
  const mine = anaPage.getByRole('list', { name: 'Your stories' }).getByRole('listitem');
  await expect(mine).toContainText('Hidden by moderators');
  await expect(mine).toContainText(`The reason: ${REASON}`);
  await axeClean(anaPage);
  await mine.getByRole('link', { name: 'Appeal the decision in Settings → Moderation' }).click();
  await expect(anaPage).toHaveURL(/settings#moderation$/);
  const moderation = anaPage.getByRole('region', { name: 'Moderation' });
  await expect(moderation).toContainText(`Reason: ${REASON}`);
  await moderation.getByRole('button', { name: 'Appeal' }).click();
  await moderation.getByLabel(`Why should the decision about ${TITLE} change?`).fill('The code was a joke; I removed it from the story.');
  await moderation.getByRole('button', { name: 'Send appeal' }).click();
  await expect(moderation).toContainText('Appeal waiting for an administrator');
});
