import { expect, test } from '@playwright/test';
import { useAppWithMail } from './support/accounts.ts';
import { apiCall, apiSignIn } from './support/api.ts';
import { choose } from './support/choose.ts';
import { looksRight, SHOTS } from './support/looks.ts';
import { openSignedIn } from './support/signed-in.ts';

const { app, mailbox } = useAppWithMail();

test('on a challenge ranked apart, the join form asks for the board and every page names it with the place', async ({ page }) => {
  test.setTimeout(180_000);
  const a = app();
  const coach = await apiSignIn(a, mailbox, { email: 'coach.boards@example.test', name: 'Coach Bo', password: 'coach-password-3' });
  const now = Date.now();
  const c = (await apiCall(a, coach, 'POST', 'api/challenges/', {
    title: 'Deadlift ladder',
    score_type: 'load',
    starts_at: new Date(now - 3_600_000).toISOString(),
    ends_at: new Date(now + 86_400_000).toISOString(),
    sex_divisions: 'split',
  })) as { id: number };
  // Two women are on the board already, one heavier than Ana will lift.
  for (const [i, kg] of [140, 90].entries()) {
    const s = await apiSignIn(a, mailbox, { email: `lifter${i}@example.test`, name: `Lifter ${i}`, password: 'lifter-password-1' });
    await apiCall(a, s, 'POST', `api/challenges/${c.id}/join`, { division: 'rx', sex: 'female' });
    await apiCall(a, s, 'POST', `api/challenges/${c.id}/submit-score`, { load_value: kg, load_unit: 'kg' });
  }

  const ana = { email: 'ana.boards@example.test', name: 'Ana Athlete', password: 'ana-password-3' };
  await apiSignIn(a, mailbox, ana);
  await openSignedIn(page, a, mailbox, ana, `challenge-detail-page?id=${c.id}`);
  const ready = () => expect(page.getByRole('button', { name: 'Join challenge' })).toBeVisible();
  await ready();
  await expect(page.getByText('This challenge ranks women and men on separate boards.')).toBeVisible();
  await looksRight(page, 'join-form', ready);
  await choose(page, 'Board', 'Women', { exact: true });
  await page.getByRole('button', { name: 'Join challenge' }).click();
  await expect(page.getByText('You are in, Women Rx.')).toBeVisible();

  await page.getByRole('link', { name: 'Submit a score' }).click();
  await page.getByLabel('Load', { exact: true }).fill('100');
  await page.getByRole('button', { name: 'Submit score' }).click();
  await expect(page.getByText('You are 2nd of 3 · Women Rx.')).toBeVisible();
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/score-result-1280-light.png`, fullPage: true });

  // The same words on My Results, the dashboard and My Active Challenges.
  for (const [path, name] of [
    ['my-results-page', 'my-results'],
    ['dashboard-page', 'dashboard'],
    ['my-active-challenges-page', 'my-active'],
  ] as const) {
    await page.goto(`${a.url}${path}`);
    const shown = () => expect(page.getByText('2nd of 3 · Women Rx').first()).toBeVisible();
    await shown();
    await looksRight(page, name, shown);
  }
});
