import { expect, test } from '@playwright/test';
import { signIn, useAppWithMail } from './support/accounts.ts';
import { apiSignIn, apiCall, axeClean } from './support/api.ts';
import { expectSignedIn } from './support/header.ts';

const { app, mailbox } = useAppWithMail();
const DAY = 86_400_000;

test('two spectators vote on a score video and each sees the counts move live', async ({ browser }) => {
  test.setTimeout(120_000);
  const a = app();
  const coach = { email: 'coach@example.test', name: 'Coach Carla', password: 'coach-password-1' };
  const ana = { email: 'ana@example.test', name: 'Ana Video', password: 'ana-password-1' };
  const ben = { email: 'ben@example.test', name: 'Ben Fan', password: 'ben-password-1' };
  const cy = { email: 'cy@example.test', name: 'Cy Fan', password: 'cy-password-1' };

  const coachApi = await apiSignIn(a, mailbox, coach);
  const challenge = await apiCall(a, coachApi, 'POST', 'api/challenges/', {
    title: 'Burpee theater',
    score_type: 'reps',
    starts_at: new Date(Date.now() - 3_600_000).toISOString(),
    ends_at: new Date(Date.now() + 7 * DAY).toISOString(),
  });
  const id = challenge.id as number;

  // A visitor sees the empty theater and a way to sign in.
  const visitor = await (await browser.newContext()).newPage();
  await visitor.goto(`${a.url}challenge-detail-page?id=${id}`);
  const visitorTheater = visitor.getByRole('region', { name: 'Theater' });
  await expect(visitorTheater.getByText('No videos yet')).toBeVisible();
  await expect(visitorTheater.getByRole('link', { name: 'Sign in' })).toBeVisible();

  const anaApi = await apiSignIn(a, mailbox, ana);
  await apiCall(a, anaApi, 'POST', `api/challenges/${id}/join`, { division: 'rx', sex: 'female' });
  await apiCall(a, anaApi, 'POST', `api/challenges/${id}/submit-score`, { reps: 88, video_url: 'https://www.youtube.com/watch?v=burpees' });

  const open = async (who: typeof ben) => {
    await apiSignIn(a, mailbox, who);
    const page = await (await browser.newContext()).newPage();
    await signIn(page, a, mailbox, who);
    await expectSignedIn(page);
    await page.goto(`${a.url}challenge-detail-page?id=${id}`);
    const card = page.getByRole('region', { name: 'Theater' }).getByRole('article').filter({ hasText: 'Ana Video' });
    await expect(card).toContainText('88 reps');
    await expect(card.getByRole('link', { name: "Watch Ana Video's video (opens in a new tab)" })).toHaveAttribute(
      'href',
      'https://www.youtube.com/watch?v=burpees',
    );
    return { page, card };
  };
  const bens = await open(ben);
  const cys = await open(cy);
  const up = (card: typeof bens.card) => card.getByRole('button', { name: /Thumbs up for Ana Video's video/ });
  const down = (card: typeof bens.card) => card.getByRole('button', { name: /Thumbs down for Ana Video's video/ });

  // Ben: thumbs up. Cy's page shows it without a reload.
  await up(bens.card).click();
  await expect(up(bens.card)).toHaveAttribute('aria-pressed', 'true');
  await expect(up(bens.card)).toHaveText('1');
  await expect(up(cys.card)).toHaveText('1');
  await expect(up(cys.card)).toHaveAttribute('aria-pressed', 'false');

  // Cy: thumbs up too; Ben sees 2. Then Ben changes his mind: thumbs down.
  await up(cys.card).click();
  await expect(up(bens.card)).toHaveText('2');
  await down(bens.card).click();
  await expect(down(bens.card)).toHaveAttribute('aria-pressed', 'true');
  await expect(up(cys.card)).toHaveText('1');
  await expect(down(cys.card)).toHaveText('1');
  await expect(cys.card).toContainText('Net votes: 0');
  await axeClean(cys.page);

  // A phone, light and dark: no sideways scroll.
  for (const scheme of ['Light', 'Dark'] as const) {
    await cys.page.setViewportSize({ width: 1280, height: 900 });
    await cys.page.getByRole('group', { name: 'Theme' }).getByRole('button', { name: scheme }).click();
    await cys.page.setViewportSize({ width: 360, height: 800 });
    await cys.card.scrollIntoViewIfNeeded();
    expect(await cys.page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    await cys.page.screenshot({ path: `test-results/theater-360-${scheme.toLowerCase()}.png` });
  }
  await axeClean(cys.page);

  // Ana on her own video: counts, no buttons.
  const anas = await (await browser.newContext()).newPage();
  await signIn(anas, a, mailbox, ana);
  await expectSignedIn(anas);
  await anas.goto(`${a.url}challenge-detail-page?id=${id}`);
  const own = anas.getByRole('region', { name: 'Theater' }).getByRole('article').filter({ hasText: 'Ana Video' });
  await expect(own).toContainText('Your video');
  await expect(own).toContainText('1 thumbs up');
  await expect(own.getByRole('button')).toHaveCount(0);
});
