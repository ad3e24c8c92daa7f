import { expect, test } from '@playwright/test';
import { useAppWithMail } from './support/accounts.ts';
import { apiCall, apiSignIn, axeClean, setClock } from './support/api.ts';
import { looksRight } from './support/looks.ts';
import { openSignedIn } from './support/signed-in.ts';

// The server's clock can be moved (TEST_CLOCK=1), so entry closes and round 1 opens in a second.
const { app, mailbox } = useAppWithMail({ TEST_CLOCK: '1' });
const captain = { email: 'sam.squad@example.test', name: 'Sam Squad', password: 'sam-pass-123456' };
const mate = { email: 'mo.mate@example.test', name: 'Mo Mate', password: 'mo-pass-1234567' };

test('a captain creates a squad battle, enters the team as a squad on the page, and scores in round 1 on the squad board', async ({
  page,
}) => {
  test.setTimeout(180_000);
  const mo = await apiSignIn(app(), mailbox, mate);
  const sam = await openSignedIn(page, app(), mailbox, captain);
  const team = await apiCall(app(), sam, 'POST', 'api/teams', { name: 'Wolf Pack', max_size: 4 });
  const invitation = await apiCall(app(), sam, 'POST', `api/teams/${String(team.id)}/invitations`, { email: mate.email });
  await apiCall(app(), mo, 'POST', `api/team-invitations/${String(invitation.id)}/accept`, {});

  await page.goto(`${app().url}squad-decimation-page?status=entry`);
  await expect(page.getByRole('heading', { name: 'Squad Decimation', exact: true })).toBeVisible();
  await expect(page.getByText('No open for entry squad battles')).toBeVisible();
  await page.getByLabel('Battle name').fill('Wolf Rows');
  await page.getByLabel('Members per squad').fill('2');
  await expect(page.getByText('When a round closes, the lowest-ranked living member of each squad is eliminated.')).toBeVisible();
  await axeClean(page);
  await page.getByRole('button', { name: 'Create the squad battle' }).click();

  await expect(page.getByRole('heading', { name: 'Wolf Rows' })).toBeVisible();
  await expect(page.getByText('No squad has entered yet.')).toBeVisible();
  const entry = page.getByRole('form', { name: 'Enter a squad' });
  await entry.getByRole('radio', { name: /Wolf Pack/ }).click();
  await entry.getByRole('checkbox', { name: 'Sam Squad' }).click();
  await entry.getByRole('button', { name: 'Enter the squad' }).click();
  await expect(entry.getByText('Choose exactly 2 members; you chose 1.')).toBeVisible();
  await entry.getByRole('checkbox', { name: 'Mo Mate' }).click();
  await entry.getByRole('button', { name: 'Enter the squad' }).click();
  await expect(page.getByText('Your squad, Wolf Pack: 2 of 2 standing')).toBeVisible();
  await axeClean(page);

  // The battle's own rules: its squad size, cut, immunity and round windows, not the standard format's.
  const battleUrl = page.url();
  await page.getByRole('link', { name: 'This battle’s full rules' }).click();
  await expect(page.getByRole('heading', { name: 'Rules of Wolf Rows' })).toBeVisible();
  await expect(page.getByRole('definition').filter({ hasText: /^2 members$/ })).toBeVisible();
  await expect(page.getByRole('definition').filter({ hasText: 'yes, 1 trade per squad and round' })).toBeVisible();
  await expect(page.getByText(/^Round 1: .+ to .+; the lowest-ranked living member of each squad is eliminated\.$/)).toBeVisible();
  await expect(page.getByText('Squads are existing teams of exactly 2 members.', { exact: false })).toBeVisible();
  await looksRight(page, 'squad-rules-battle', () => expect(page.getByRole('heading', { name: 'Rules of Wolf Rows' })).toBeVisible());
  await page.goto(`${app().url}squad-decimation-rules-page`);
  await expect(page.getByRole('heading', { name: 'Squad Decimation Rules' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'The standard format' })).toBeVisible();
  await page.goto(battleUrl);

  await setClock(app(), 25 * 3_600_000, page);
  await page.reload();
  await page.getByLabel('Your score for round 1').fill('30');
  await page.getByRole('button', { name: 'Submit the attempt' }).click();
  const board = page.getByRole('region', { name: 'Wolf Pack in round 1' });
  await expect(board.getByRole('row', { name: /Sam Squad \(you\)\s*1\s*30 reps/ })).toBeVisible();
  await expect(board.getByRole('row', { name: /Mo Mate/ })).toContainText('Would fall now');
  await axeClean(page);
});
