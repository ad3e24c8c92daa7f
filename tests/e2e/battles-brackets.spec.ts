import { expect, test, type Page } from '@playwright/test';
import { ADMIN_EMAIL, useAppWithMail } from './support/accounts.ts';
import { apiCall, apiSignIn, setClock } from './support/api.ts';
import { looksRight } from './support/looks.ts';
import { openSignedIn } from './support/signed-in.ts';

// A tournament whose second stage is a bracket: the form offers it and prints its rules, the preview projects the
// bracket from the seeds, and once the qualifier closes (on a moved clock) the drawn bracket names the athletes; the
// stage's own battle page shows that bracket (not a royale board), Di's match and form, live as Ed scores and as
// the round closes.
const { app, mailbox } = useAppWithMail({ TEST_CLOCK: '1' });
const HOUR = 3_600_000;
const admin = { email: ADMIN_EMAIL, name: 'Admin Ada', password: 'admin-password-1' };
const athletes = ['Ana', 'Bo', 'Cy', 'Di', 'Ed'].map((name) => ({
  email: `${name.toLowerCase()}.bracket@example.test`,
  name,
  password: `${name}-pass-123456`,
}));

const localInput = (page: Page, ms: number) =>
  page.evaluate((t) => new Date(t - new Date(t).getTimezoneOffset() * 60_000).toISOString().slice(0, 16), ms);

test('an administrator makes the final a bracket of 5; the preview projects it and the draw names the seeds', async ({ page }) => {
  test.setTimeout(240_000);
  const sessions = [];
  for (const who of athletes) sessions.push(await apiSignIn(app(), mailbox, who));
  await openSignedIn(page, app(), mailbox, admin, 'battle-hub?kind=tournaments&status=entry');
  const details = page.getByRole('form', { name: 'Create a tournament: the workout' });
  await details.getByLabel('Tournament name').fill('Knockout Cup');
  await details.getByRole('button', { name: 'Next: the stages' }).click();

  const base = Math.ceil((Date.now() + HOUR + 60_000) / 60_000) * 60_000;
  const stages = page.getByRole('form', { name: 'Create a tournament: the stages' });
  await stages.getByLabel('Stage 1 opens').fill(await localInput(page, base));
  await stages.getByLabel('Stage 1 rounds').fill('1');
  await stages.getByLabel('Stage 1 hours per round').fill('1');
  await stages.getByLabel('Stage 1 athletes going through').fill('5');
  await stages.getByRole('radio', { name: 'Bracket (head to head)' }).click();
  // A bracket has no cut rules of its own; its rules text follows from the 5 seeds going into it.
  await expect(stages.getByLabel('Stage 2 rounds')).toHaveCount(0);
  await expect(stages.getByText(/3 top seeds have byes in the first round/)).toBeVisible();
  await expect(stages.getByText(/^3 rounds/)).toBeVisible();
  await stages.getByLabel('Stage 2 opens').fill(await localInput(page, base + HOUR));
  await stages.getByLabel('Stage 2 hours per round').fill('1');
  await stages.getByRole('button', { name: 'Create the tournament' }).click();

  await expect(page.getByRole('heading', { name: 'Knockout Cup', level: 1 })).toBeVisible();
  const id = Number(new URL(page.url()).searchParams.get('tournament'));
  const tournament = await apiCall(app(), sessions[0]!, 'GET', `api/battle-royale/tournaments/${id}`);
  const stageList = tournament.stages as { format: string; battle_id: number }[];
  expect(stageList.map((s) => s.format)).toEqual(['battle_royale', 'bracket']);
  const [qualifier] = stageList;
  for (const s of sessions) await apiCall(app(), s, 'POST', `api/battle-royale/challenges/${qualifier!.battle_id}/enter`, {});
  await page.reload();
  const bracket = page.getByRole('group', { name: 'Final bracket' });
  await expect(page.getByRole('heading', { name: 'Projected bracket' })).toBeVisible();
  await expect(bracket.getByRole('heading', { name: 'Quarter-finals' })).toBeVisible();
  await expect(bracket.getByText('Seed 1: a bye, goes straight on')).toBeVisible();
  await expect(bracket.getByText('Seed 4 — Seed 5 (projected)')).toBeVisible();
  await expect(bracket.getByText('Seed 1 — Seed 4 (projected)')).toBeVisible();
  await looksRight(page, 'tournament-bracket-preview', () => expect(bracket.getByText('Seed 4 — Seed 5 (projected)')).toBeVisible());

  // The qualifier closes with nobody scored: entry order seeds them, Ana 1 … Ed 5, and round 1 is drawn.
  await setClock(app(), base + HOUR - Date.now() + 60_000, page);
  await expect(async () => {
    await page.reload();
    await expect(bracket.getByText('4 Di — 5 Ed, to be decided')).toBeVisible({ timeout: 2_000 });
  }).toPass({ timeout: 60_000 });
  await expect(page.getByRole('heading', { name: 'Bracket', exact: true })).toBeVisible();
  await expect(bracket.getByText('1 Ana: a bye, goes straight on')).toBeVisible();
  await expect(bracket.getByText('1 Ana — 4 Di (projected)')).toBeVisible();
  await looksRight(page, 'tournament-bracket-drawn', () => expect(bracket.getByText('4 Di — 5 Ed, to be decided')).toBeVisible());

  // The stage's own battle page: the bracket, round by round, not a battle royale's board.
  await page.getByRole('link', { name: 'Final: bracket and attempts' }).click();
  await expect(page.getByRole('heading', { name: 'Knockout Cup · Final', level: 1 })).toBeVisible();
  const stageBracket = page.getByRole('group', { name: 'Final bracket' });
  const quarters = stageBracket.getByRole('region', { name: 'Quarter-finals' });
  await expect(quarters.getByText(/^Open now, closes/)).toBeVisible();
  await expect(quarters.getByRole('listitem')).toHaveCount(4);
  await expect(quarters.getByRole('listitem').nth(1)).toContainText('Playing now');
  await expect(page.getByRole('table')).toHaveCount(0);
  await expect(page.getByRole('link', { name: 'Knockout Cup' })).toHaveAttribute('href', `/battle-hub?tournament=${id}`);

  // Di, seed 4, opens it: her match is marked, with the form; Ed's score arrives live over the battle's room.
  const diPage = await (await page.context().browser()!.newContext()).newPage();
  // What Di's page heard (socket and API), printed if her knock-out is missed (to tell a lost message from a refetch that failed).
  const heard: string[] = [];
  diPage.on('websocket', (ws) =>
    ws.on('framereceived', (frame) => {
      if (typeof frame.payload === 'string' && !frame.payload.includes('"pong"'))
        heard.push(`${new Date().toISOString()} ${frame.payload.slice(0, 200)}`);
    }),
  );
  diPage.on('response', (r) => {
    if (r.url().includes('/api/'))
      heard.push(`${new Date().toISOString()} HTTP ${r.status()} ${r.request().method()} ${r.url().replace(app().url, '/')}`);
  });
  const stageId = stageList[1]!.battle_id;
  await openSignedIn(diPage, app(), mailbox, athletes[3]!, `individual-battle-royale-page?id=${stageId}`);
  const diQuarters = diPage.getByRole('group', { name: 'Final bracket' }).getByRole('region', { name: 'Quarter-finals' });
  const mine = diQuarters.locator('li[aria-current="true"]');
  await expect(mine).toContainText('Your match: playing now');
  await expect(mine).toContainText('Di (you)');
  await expect(diPage.getByRole('heading', { name: 'Your match: Quarter-finals' })).toBeVisible();
  await diPage.getByLabel('Your score for round 1').fill('40');
  await diPage.getByRole('button', { name: 'Submit the attempt' }).click();
  await expect(mine).toContainText('40 reps');
  // A fresh session for Ed: the clock moved past the first one's access token.
  const ed = await apiSignIn(app(), mailbox, athletes[4]!);
  await apiCall(app(), ed, 'POST', `api/battle-royale/challenges/${stageId}/attempts`, { reps: 50 });
  await expect(mine).toContainText('50 reps');
  await looksRight(diPage, 'bracket-stage-page', () => expect(diPage.locator('li[aria-current="true"]')).toContainText('50 reps'));

  // The round closes on the clock: without a reload Di sees she is out (greyed), and the form is gone.
  // Her page reloaded for the screenshots just now: its socket may join the room only after the round closed (the
  // page then reads the battle again on "joined").
  heard.push(`${new Date().toISOString()} (the clock moves past the round's close)`);
  await setClock(app(), base + 2 * HOUR - Date.now() + 60_000, diPage);
  try {
    await expect(diPage.getByText('You were knocked out in the quarter-finals and cannot submit again.')).toBeVisible({ timeout: 60_000 });
  } catch (error) {
    const since = heard.findIndex((line) => line.includes('the clock moves'));
    console.log(`Di's page heard, from its last load:\n${heard.slice(Math.max(0, since - 40)).join('\n')}`);
    console.log(`Her page says: ${(await diPage.locator('main').innerText()).slice(0, 600)}`);
    throw error;
  }
  await expect(diPage.getByRole('form')).toHaveCount(0);
  const lost = diPage.getByRole('region', { name: 'Quarter-finals' }).getByRole('listitem').nth(1);
  await expect(lost.locator('.bracket-side.is-out')).toContainText('Di (you)');
  await expect(lost.locator('.bracket-side.is-winner')).toContainText('Goes on');
  await expect(diPage.getByRole('region', { name: 'Semi-finals' }).getByRole('listitem').first()).toContainText('Ed');
});
