import { expect, test } from '@playwright/test';
import { useAppWithMail } from './support/accounts.ts';
import { apiCall, apiSignIn, axeClean } from './support/api.ts';
import { openSignedIn } from './support/signed-in.ts';

const { app, mailbox } = useAppWithMail();
const captain = { email: 'tess.captain@example.test', name: 'Tess Captain', password: 'tess-pass-12345' };
const mate = { email: 'milo.mate@example.test', name: 'Milo Mate', password: 'milo-pass-12345' };
const coach = { email: 'carl.coach@example.test', name: 'Carl Coach', password: 'carl-pass-12345' };
const HOUR = 3_600_000;

test('a captain edits the team, enters it into a team challenge with chosen members, and it shows on the team board', async ({
  page,
  browser,
}) => {
  test.setTimeout(180_000);
  await openSignedIn(page, app(), mailbox, captain, 'dashboard-page');
  // The coach's team challenge, the team and its second member come through the API.
  const coachApi = await apiSignIn(app(), mailbox, coach);
  const challenge = await apiCall(app(), coachApi, 'POST', 'api/challenges/', {
    title: 'Harbor team rows',
    score_type: 'reps',
    kind: 'team',
    team_rule: 'sum',
    team_size_max: 3,
    starts_at: new Date(Date.now() - HOUR).toISOString(),
    ends_at: new Date(Date.now() + 48 * HOUR).toISOString(),
  });
  const capApi = await apiSignIn(app(), mailbox, captain);
  const mateApi = await apiSignIn(app(), mailbox, mate);
  const team = await apiCall(app(), capApi, 'POST', 'api/teams', { name: 'Harbor Rowers', max_size: 6 });
  const invitable = await apiCall(app(), capApi, 'GET', `api/teams/${team.id}/invitable?q=Milo`);
  const mateId = (invitable.athletes as { user_id: number }[])[0]!.user_id;
  const invitation = await apiCall(app(), capApi, 'POST', `api/teams/${team.id}/invitations`, { user_id: mateId });
  await apiCall(app(), mateApi, 'POST', `api/team-invitations/${invitation.id}/accept`, {});

  // The captain edits the team on its dashboard with the creation form's fields.
  await page.goto(`${app().url}team-dashboard-page?id=${team.id}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Harbor Rowers' })).toBeVisible();
  await page.getByRole('button', { name: 'Edit team' }).click();
  await page.getByLabel('Team name').fill('Harbor Rowing Club');
  await page.getByLabel('Tag').fill('hrc');
  await page.getByLabel('Maximum size').fill('1');
  await page.getByRole('button', { name: 'Save team' }).click();
  await expect(page.getByText('The team size is a whole number from 2 to 50.')).toBeVisible();
  await page.getByLabel('Maximum size').fill('5');
  await axeClean(page);
  await page.getByRole('button', { name: 'Save team' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Harbor Rowing Club [HRC]' })).toBeVisible();
  await expect(page.getByText('The team has not entered a team challenge yet.')).toBeVisible();

  // Milo watches his team's page in his own browser (his invitation is still unread).
  const mateContext = await browser.newContext();
  const matePage = await mateContext.newPage();
  await openSignedIn(matePage, app(), mailbox, mate, `team-dashboard-page?id=${team.id}`);
  await expect(matePage.getByRole('button', { name: 'Notifications: 1 unread' })).toBeVisible();

  // It enters the challenge: both members are chosen; the captain leaves themselves out.
  const enterCard = page.getByRole('article').filter({ has: page.getByRole('heading', { name: 'Enter a team challenge' }) });
  await enterCard.getByRole('radio', { name: /Harbor team rows/ }).click();
  await expect(enterCard.getByRole('checkbox', { name: 'Milo Mate' })).toBeChecked();
  await enterCard.getByRole('checkbox', { name: 'Tess Captain' }).click();
  await expect(enterCard.getByText('Up to 3; 1 chosen.')).toBeVisible();
  await axeClean(page);
  await enterCard.getByRole('button', { name: 'Enter team' }).click();
  await expect(page.getByText('Harbor Rowing Club entered Harbor team rows. Every competitor was told.')).toBeVisible();
  const entered = page.getByRole('list', { name: 'Team challenges entered' });
  await expect(entered.getByRole('link', { name: 'Harbor team rows' })).toBeVisible();
  await expect(entered).toContainText('1 athlete competes');
  await expect(entered).toContainText('No counted result yet');
  await expect(enterCard.getByText('No running or upcoming team challenge is open to the team right now.')).toBeVisible();

  // Milo's bell rings without a reload (pushed over the socket).
  await expect(matePage.getByRole('button', { name: 'Notifications: 2 unread' })).toBeVisible();
  await matePage.getByRole('button', { name: 'Notifications: 2 unread' }).click();
  await expect(matePage.getByRole('menuitem', { name: /Harbor Rowing Club entered Harbor team rows: you compete/ })).toBeVisible();
  await mateContext.close();

  // Milo was told in the inbox, scores, and the team takes its place on the board and on the dashboard.
  const inbox = await apiCall(app(), mateApi, 'GET', 'api/notifications');
  expect((inbox.items as { kind: string; title: string }[])[0]).toMatchObject({
    kind: 'team_challenge_entered',
    title: 'Harbor Rowing Club entered Harbor team rows: you compete',
  });
  await apiCall(app(), mateApi, 'POST', `api/challenges/${challenge.id}/submit-score`, { reps: 42 });
  // The captain's dashboard takes the team's new place live, without a reload.
  await expect(entered).toContainText('1st of 1 · Team board · 42 reps');
  // A short sprint the team enters and wins closes before the end of the test: the record's first finish.
  const sprintEnds = Date.now() + 15_000;
  const sprint = await apiCall(app(), coachApi, 'POST', 'api/challenges/', {
    title: 'Harbor sprint',
    score_type: 'reps',
    kind: 'team',
    team_rule: 'sum',
    team_size_max: 3,
    starts_at: new Date(Date.now() - HOUR).toISOString(),
    ends_at: new Date(sprintEnds).toISOString(),
  });
  await apiCall(app(), capApi, 'POST', `api/teams/${team.id}/challenges/${sprint.id}`, { member_ids: [mateId], division: 'rx' });
  await apiCall(app(), mateApi, 'POST', `api/challenges/${sprint.id}/submit-score`, { reps: 12 });
  await page.reload();
  await expect(page.getByText('The record starts when a team challenge the team entered closes with a counted result.')).toBeVisible();
  await expect(page.getByRole('list', { name: 'Team challenges entered' })).toContainText('1st of 1 · Team board · 42 reps');

  // The team calendar's feed holds the challenge's window.
  const feed = await page.getByLabel('Calendar feed').inputValue();
  expect(feed).toMatch(/\/api\/teams\/\d+\/calendar\.ics\?key=[0-9a-f]{64}$/);
  const ics = await (await fetch(feed)).text();
  expect(ics).toContain('SUMMARY:Harbor team rows');
  await axeClean(page);

  await page.goto(`${app().url}challenge-leaderboard-page?id=${challenge.id}`);
  await page.getByRole('tab', { name: 'Teams' }).click();
  const rows = page.getByRole('table', { name: 'Harbor team rows team board' }).getByRole('row');
  await expect(rows.nth(1).getByRole('cell').nth(0)).toHaveText('1');
  await expect(rows.nth(1).getByRole('rowheader')).toHaveText('Harbor Rowing Club');
  await expect(rows.nth(1).getByRole('cell').nth(3)).toHaveText('42 reps');

  // Once the sprint has closed, the team's record holds its win, drawn and as a table.
  await page.waitForTimeout(Math.max(0, sprintEnds - Date.now() + 500));
  await page.goto(`${app().url}team-dashboard-page?id=${team.id}`);
  const record = page.getByRole('article').filter({ has: page.getByRole('heading', { name: 'Team record' }) });
  await expect(record.getByRole('img', { name: /Harbor sprint, 1st of 1 · Team board \(100%\)/ })).toBeVisible();
  await expect(record.locator('canvas')).toBeVisible();
  await expect(record).toContainText('Wins1');
  await record.getByText('Show every finish as a table').click();
  await expect(record.getByRole('row', { name: /Harbor sprint/ })).toContainText('1st of 1 · Team board');
  await axeClean(page);
});
