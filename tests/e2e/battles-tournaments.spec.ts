import { expect, test, type Page } from '@playwright/test';
import { ADMIN_EMAIL, useAppWithMail } from './support/accounts.ts';
import { apiCall, apiSignIn, axeClean, setClock } from './support/api.ts';
import { looksRight, SHOTS } from './support/looks.ts';
import { openSignedIn } from './support/signed-in.ts';

// The server's clock can be moved (TEST_CLOCK=1): stage 1 opens, closes, and its best go through to the final.
const { app, mailbox } = useAppWithMail({ TEST_CLOCK: '1' });
const HOUR = 3_600_000;
const admin = { email: ADMIN_EMAIL, name: 'Admin Ada', password: 'admin-password-1' };
const athletes = ['Ana', 'Bo', 'Cy'].map((name) => ({
  email: `${name.toLowerCase()}.cup@example.test`,
  name,
  password: `${name}-pass-123456`,
}));

/** A time as a datetime-local value in the browser's zone. */
const localInput = (page: Page, ms: number) =>
  page.evaluate((t) => new Date(t - new Date(t).getTimezoneOffset() * 60_000).toISOString().slice(0, 16), ms);

test('an administrator creates a two-stage tournament, the preview shows it, stage 1 closes and its best appear in the final', async ({
  page,
}) => {
  test.setTimeout(240_000);
  const sessions = [];
  for (const who of athletes) sessions.push(await apiSignIn(app(), mailbox, who));
  await openSignedIn(page, app(), mailbox, admin, 'battle-hub?kind=tournaments&status=entry');
  await expect(page.getByText('No open for entry tournaments')).toBeVisible();
  const details = page.getByRole('form', { name: 'Create a tournament: the workout' });
  await details.getByRole('button', { name: 'Next: the stages' }).click();
  await expect(details.getByText('Give the tournament a name of at least 3 characters.')).toBeVisible();
  await details.getByLabel('Tournament name').fill('Winter Cup');
  await details.getByRole('button', { name: 'Next: the stages' }).click();

  // Stage 1 opens on the next whole minute past an hour from now, one round of an hour; the final right after.
  const base = Math.ceil((Date.now() + HOUR + 60_000) / 60_000) * 60_000;
  const stages = page.getByRole('form', { name: 'Create a tournament: the stages' });
  await expect(stages.getByLabel('Stage 2 opens')).toBeVisible();
  await axeClean(page);
  if (SHOTS) await stages.screenshot({ path: `${SHOTS}/tournament-create-stages-1280.png` });
  await page.setViewportSize({ width: 360, height: 780 });
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  if (SHOTS) await stages.screenshot({ path: `${SHOTS}/tournament-create-stages-360.png` });
  await page.setViewportSize({ width: 1280, height: 900 });
  await stages.getByLabel('Stage 1 opens').fill(await localInput(page, base));
  await stages.getByLabel('Stage 1 rounds').fill('1');
  await stages.getByLabel('Stage 1 hours per round').fill('1');
  // The qualifier keeps the best two of each round (the engine's other cut).
  await stages.getByRole('radio', { name: 'Keep the best' }).first().click();
  await stages.getByLabel('Stage 1 athletes kept per round').fill('2');
  await expect(stages.getByText('When a round closes, the best 2 athletes advance.')).toBeVisible();
  await stages.getByLabel('Stage 1 athletes going through').fill('2');
  await stages.getByLabel('Stage 2 opens').fill(await localInput(page, base + 30 * 60_000));
  await stages.getByLabel('Stage 2 rounds').fill('1');
  await stages.getByLabel('Stage 2 hours per round').fill('1');
  await stages.getByRole('button', { name: 'Create the tournament' }).click();
  await expect(stages.getByText(/Stage 2 must open after Qualifier ends/)).toBeVisible();
  await stages.getByLabel('Stage 2 opens').fill(await localInput(page, base + HOUR));
  await stages.getByRole('button', { name: 'Create the tournament' }).click();

  await expect(page.getByRole('heading', { name: 'Winter Cup', level: 1 })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Preview: stages, dates and seeding' })).toBeVisible();
  await expect(page.getByText('Seed 1: 1st place of Qualifier')).toBeVisible();
  await expect(page.getByText('Seed 2: 2nd place of Qualifier')).toBeVisible();
  await expect(page.getByText('After Qualifier')).toBeVisible();
  const id = Number(new URL(page.url()).searchParams.get('tournament'));
  const tournament = await apiCall(app(), sessions[0]!, 'GET', `api/battle-royale/tournaments/${id}`);
  const [qualifier, final] = tournament.stages as { battle_id: number }[];
  for (const s of sessions) await apiCall(app(), s, 'POST', `api/battle-royale/challenges/${qualifier!.battle_id}/enter`, {});
  await page.reload();
  await expect(page.getByText('3 athletes entered')).toBeVisible();
  const seeding = page.getByRole('list').filter({ hasText: 'Ana' }).last();
  await expect(seeding).toContainText('Ana');
  await looksRight(page, 'tournament-preview', () => expect(page.getByText('Seed 1: 1st place of Qualifier')).toBeVisible());

  // Stage 1 opens: the athletes score; then it closes on a moved clock and the two best go through.
  await setClock(app(), base - Date.now() + 60_000, page);
  // Access tokens last less than the hour the clock moved: sign in again.
  for (const [i, who] of athletes.entries()) sessions[i] = await apiSignIn(app(), mailbox, who);
  for (const [i, reps] of [50, 40, 30].entries())
    await apiCall(app(), sessions[i]!, 'POST', `api/battle-royale/challenges/${qualifier!.battle_id}/attempts`, { reps });
  await setClock(app(), base + HOUR - Date.now() + 60_000, page);
  await expect(async () => {
    await page.reload();
    await expect(page.getByText('Seed 1: Ana (1st place of Qualifier)')).toBeVisible({ timeout: 2_000 });
  }).toPass({ timeout: 60_000 });
  await expect(page.getByText('Seed 2: Bo (2nd place of Qualifier)')).toBeVisible();
  await expect(page.getByText(/Cy \(/)).toHaveCount(0);
  await looksRight(page, 'tournament-running', () => expect(page.getByText('Seed 1: Ana (1st place of Qualifier)')).toBeVisible());

  // The final's board lists the two who went through.
  sessions[0] = await apiSignIn(app(), mailbox, athletes[0]!);
  const finalBattle = await apiCall(app(), sessions[0]!, 'GET', `api/battle-royale/challenges/${final!.battle_id}`);
  expect(finalBattle).toMatchObject({ entered: 2, me: { eliminated_round: null } });

  // Ana's calendar feed lists the round windows of both stages.
  const calendar = await apiCall(app(), sessions[0]!, 'GET', 'api/battle-royale/user/calendar');
  const feed = await fetch(`${app().url}${String(calendar.calendar_url).replace(/^\//, '')}`);
  expect(feed.status).toBe(200);
  const ics = await feed.text();
  expect(ics).toContain('SUMMARY:Winter Cup · Qualifier: round 1');
  expect(ics).toContain('SUMMARY:Winter Cup · Final: round 1');

  // The hub lists it under Tournaments, live.
  await page.goto(`${app().url}battle-hub?kind=tournaments`);
  await expect(page.getByRole('heading', { name: 'Winter Cup', level: 3 })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'My battle calendar' })).toBeVisible();
  await looksRight(page, 'battle-hub-tournaments', () => expect(page.getByRole('heading', { name: 'Winter Cup', level: 3 })).toBeVisible());
});
