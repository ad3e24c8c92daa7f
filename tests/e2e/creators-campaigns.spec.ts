import { expect, test, type Page } from '@playwright/test';
import { useAppWithMail } from './support/accounts.ts';
import { apiCall, apiSignIn } from './support/api.ts';
import { looksRight } from './support/looks.ts';
import { openSignedIn } from './support/signed-in.ts';

const { app, mailbox } = useAppWithMail();
const DAY = 86_400_000;
// Two people signed in, a form of three steps, a pause and a resume, axe in both themes: more than a minute.
test.describe.configure({ timeout: 240_000 });

const coach = { email: 'promo.coach@example.test', name: 'Coach Cam', password: 'coach-password-1' };
const athlete = { email: 'promo.ada@example.test', name: 'Ada Athlete', password: 'ada-password-12' };
const TITLE = 'Burpee ladder week';

/** The discovery card of the promoted challenge and its "Promoted" label. */
const card = (page: Page) => page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: TITLE }) });
const promotedLabel = (page: Page) => card(page).getByRole('note', { name: 'Promoted by its creator' });

test('a creator promotes a challenge; a visitor sees "Promoted", joins, and the analytics move; pause hides the label, resume brings it back', async ({
  browser,
}) => {
  const a = app();
  const coachApi = await apiSignIn(a, mailbox, coach);
  await apiCall(a, coachApi, 'POST', 'api/challenges/', {
    title: TITLE,
    score_type: 'reps',
    visibility: 'public',
    starts_at: new Date(Date.now() - 3_600_000).toISOString(),
    ends_at: new Date(Date.now() + 20 * DAY).toISOString(),
  });

  // The coach starts a campaign from the dashboard: what to promote, name, budget and dates, review, create.
  const coachPage = await (await browser.newContext({ viewport: { width: 1280, height: 900 } })).newPage();
  await openSignedIn(coachPage, a, mailbox, coach, 'creator-dashboard');
  const form = coachPage.getByRole('form', { name: 'New campaign' });
  await form.getByRole('combobox', { name: 'What to promote' }).click();
  await coachPage.getByRole('option', { name: `Challenge: ${TITLE}` }).click();
  await form.getByRole('button', { name: 'Next' }).click();
  await form.getByLabel('Campaign name').fill('Ladder push');
  await form.getByLabel('Budget').fill('-5');
  await form.getByRole('button', { name: 'Next' }).click();
  await expect(form.getByRole('alert')).toContainText('amount such as 50');
  await form.getByLabel('Budget').fill('50');
  await form.getByRole('button', { name: 'Next' }).click();
  await expect(form).toContainText('Budget$50.00');
  await form.getByRole('button', { name: 'Create the campaign' }).click();
  await expect(coachPage.getByText(/Campaign “Ladder push” created/)).toBeVisible();
  const row = coachPage.getByRole('region', { name: 'Campaign figures' }).getByRole('row', { name: /Ladder push/ });
  await expect(row).toContainText('Running');
  await expect(row).toContainText('Joins0');

  // An athlete finds it labelled in Challenges, opens it and joins.
  const page = await (await browser.newContext({ viewport: { width: 1280, height: 900 } })).newPage();
  await openSignedIn(page, a, mailbox, athlete, 'challenge-discovery-page');
  await expect(promotedLabel(page)).toBeVisible();
  await expect(promotedLabel(page)).toHaveText('Promoted');
  await card(page).getByRole('link', { name: TITLE }).click();
  await expect(page.getByRole('heading', { level: 1, name: TITLE })).toBeVisible();
  await page.getByRole('button', { name: 'Join challenge' }).click();
  await expect(page.getByText('You are in, Rx.')).toBeVisible();

  // The coach's figures moved: one impression (the athlete's, once the page had restored their session), a click,
  // a join, 2 cents spent, and so 2 cents a join.
  await coachPage.reload();
  await expect(row).toContainText('Views1Clicks1Joins1');
  await expect(row).toContainText('Spent$0.02 of $50.00');
  await expect(row).toContainText('Cost per join$0.02');
  await expect(coachPage.getByRole('img', { name: /Views, clicks and joins per day/ })).toBeVisible();

  // Paused: the label is gone from discovery. Resumed: it is back.
  await row.getByRole('button', { name: 'Pause Ladder push' }).click();
  await expect(row.getByRole('button', { name: 'Resume Ladder push' })).toBeVisible();
  await expect(row).toContainText('Paused');
  await page.goto(`${a.url}challenge-discovery-page`);
  await expect(card(page)).toBeVisible();
  await expect(promotedLabel(page)).toHaveCount(0);
  await row.getByRole('button', { name: 'Resume Ladder push' }).click();
  await expect(row.getByRole('button', { name: 'Pause Ladder push' })).toBeVisible();
  await expect(row).toContainText('Running');
  await page.reload();
  await expect(promotedLabel(page)).toBeVisible();

  await looksRight(page, 'challenge-discovery-promoted', () => expect(promotedLabel(page)).toBeVisible());
  await looksRight(coachPage, 'creator-dashboard-campaigns', () =>
    expect(coachPage.getByRole('form', { name: 'New campaign' })).toBeVisible(),
  );
});
