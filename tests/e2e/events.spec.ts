import { expect, test } from '@playwright/test';
import { useAppWithMail } from './support/accounts.ts';
import { apiCall, apiSignIn, axeClean } from './support/api.ts';
import { expectSignedIn } from './support/header.ts';
import { openSignedIn } from './support/signed-in.ts';

const { app, mailbox } = useAppWithMail();

test('an event of three workouts: created on the form, found in discovery, ranked overall with sortable workout columns', async ({
  page,
}) => {
  test.setTimeout(180_000);
  const coach = { email: 'coach@example.test', name: 'Coach Carl', password: 'coach-password-1' };
  const coachApi = await apiSignIn(app(), mailbox, coach);
  const now = Date.now();
  const window = { starts_at: new Date(now - 3_600_000).toISOString(), ends_at: new Date(now + 7 * 86_400_000).toISOString() };
  const titles = ['Open 26.1 burpees', 'Open 26.2 pull-ups', 'Open 26.3 wall balls'];
  const ids: number[] = [];
  for (const title of titles) {
    const c = await apiCall(app(), coachApi, 'POST', 'api/challenges/', { title, score_type: 'reps', ...window });
    ids.push(c.id as number);
  }

  // The event form, on the create-challenge route.
  await openSignedIn(page, app(), mailbox, coach, 'create-challenge-page?event=new');
  await expect(page.getByRole('heading', { level: 1, name: 'Create an event' })).toBeVisible();
  await page.getByLabel('Event name').fill('Backyard Open');
  for (const title of titles) await page.getByRole('checkbox', { name: title }).click();
  await expect(page.getByRole('checkbox', { name: `${titles[2]} (workout 3)` })).toBeChecked();
  await page.getByRole('button', { name: 'Create the event' }).click();
  await expect(page.getByRole('heading', { level: 2, name: 'Backyard Open' })).toBeVisible();
  expect(new URL(page.url()).searchParams.get('event')).toMatch(/^\d+$/);
  const boardUrl = page.url();
  await expect(page.getByText('No scores in this division yet.')).toBeVisible();

  // Three athletes: Ana wins 1 and 2 and misses 3; Bo is second twice and wins 3; the coach only does 1.
  const scores: [string, (number | null)[]][] = [
    ['Ana Athlete', [50, 40, null]],
    ['Bo Athlete', [45, 35, 90]],
  ];
  for (const [name, reps] of scores) {
    const who = { email: `${name.split(' ')[0]!.toLowerCase()}@example.test`, name, password: 'athlete-password-1' };
    const s = await apiSignIn(app(), mailbox, who);
    for (const [i, r] of reps.entries()) {
      if (r === null) continue;
      await apiCall(app(), s, 'POST', `api/challenges/${ids[i]}/join`, { division: 'rx' });
      await apiCall(app(), s, 'POST', `api/challenges/${ids[i]}/submit-score`, { reps: r });
    }
  }
  await apiCall(app(), coachApi, 'POST', `api/challenges/${ids[0]}/join`, { division: 'rx' });
  await apiCall(app(), coachApi, 'POST', `api/challenges/${ids[0]}/submit-score`, { reps: 30 });

  await page.goto(boardUrl);
  const table = page.getByRole('table');
  const rows = table.locator('tbody tr');
  // On a loaded machine the empty standing read above can be slow enough to be kept; a kept standing is
  // served while it is computed again after the scores (docs/areas/events.md), so look again until it is.
  await expect(async () => {
    if ((await rows.count()) !== 3) await page.reload();
    await expect(rows).toHaveCount(3, { timeout: 3_000 });
  }).toPass({ timeout: 30_000 });
  // The reloads above keep the session (a reload cut mid-refresh presents the parent token again).
  await expectSignedIn(page);
  // Ana 1+1+2 = 4, Bo 2+2+1 = 5, Carl 3+3+2 = 8 (a missing workout: one below everyone with a score).
  await expect(rows.nth(0)).toContainText('Ana Athlete');
  await expect(rows.nth(0)).toContainText('4');
  await expect(rows.nth(1)).toContainText('Bo Athlete');
  await expect(rows.nth(2)).toContainText('Coach Carl (you)');
  await expect(rows.nth(2)).toContainText('no score');
  await expect(rows.nth(2)).toHaveAttribute('aria-current', 'true');
  // Sorted by the third workout: Bo won it.
  await page.getByRole('button', { name: /Sort by 3\. Open 26\.3 wall balls/ }).click();
  await expect(rows.nth(0)).toContainText('Bo Athlete');
  expect(new URL(page.url()).searchParams.get('sort')).toBe('w3');
  await page.getByRole('button', { name: /Sort by 3\. Open 26\.3 wall balls/ }).click();
  expect(new URL(page.url()).searchParams.get('order')).toBe('desc');
  await axeClean(page);

  // At phone width the rows stack: nothing scrolls sideways.
  await page.setViewportSize({ width: 360, height: 780 });
  await page.goto(boardUrl);
  await expect(rows).toHaveCount(3);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);

  // Discovery lists the event; each workout's page says it is part of it.
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto(`${app().url}challenge-discovery-page`);
  await expect(page.getByRole('heading', { name: 'Events' })).toBeVisible();
  await page.getByRole('link', { name: 'Backyard Open' }).click();
  await expect(page.getByRole('heading', { level: 2, name: 'Backyard Open' })).toBeVisible();
  await page.goto(`${app().url}challenge-detail-page?id=${ids[1]}`);
  await expect(page.getByText('Part of the event Backyard Open (workout 2 of 3).')).toBeVisible();
});
