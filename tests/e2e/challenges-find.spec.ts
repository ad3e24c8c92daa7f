import { expect, test } from '@playwright/test';
import { sql } from 'drizzle-orm';
import type { DatabaseHandle } from '#server/db/index.ts';
import { rowsOf } from '#server/db/rows.ts';
import { rebuildRankSlices } from '#server/lib/boards/rank-slices.ts';
import { ADMIN_EMAIL } from './support/accounts.ts';
import { apiCall, apiSignIn, axeClean } from './support/api.ts';
import { useSeededApp } from './support/seeded-app.ts';
import { openSignedIn } from './support/signed-in.ts';

const ATHLETES = 1000;
const TITLE = 'Thousand pull-ups';
const TEAMS = 120;
const TEAM_TITLE = 'Team burpee ladder';

/**
 * A board of 1,000 athletes written straight into the embedded database before the server opens
 * it: athlete i did 2·i reps (all different), so an odd result's place is known in advance.
 */
async function seedBoard(db: DatabaseHandle['db']) {
  await db.execute(sql`insert into users (email, email_normalized, password_hash, display_name, created_at)
    select 'k' || g || '@find.test', 'k' || g || '@find.test', 'x', 'Athlete ' || g, now() from generate_series(1, ${ATHLETES}) g`);
  await db.execute(sql`insert into challenges (title, creator_id, score_type, starts_at, ends_at)
    values (${TITLE}, (select min(id) from users), 'reps', now() - interval '1 day', now() + interval '30 days')`);
  await db.execute(sql`insert into challenge_participants (challenge_id, user_id, division, sex, joined_at)
    select c.id, u.id, 'rx', 'female', now() from users u, challenges c where u.email like '%@find.test'`);
  // The sort key of an Rx reps score without tie-break (domain/scoring/sort-key.ts), as the bench writes it.
  await db.execute(sql`insert into challenge_scores (challenge_id, user_id, division, status, value, sort_key, submitted_at)
    select c.id, u.id, 'rx', 'finished', v, ((68719476735 - v) * 33554432 + 33554431)::bigint, now() - interval '1 hour'
    from (select id, 2 * substring(email from 2 for position('@' in email) - 2)::int as v from users where email like '%@find.test') u,
      challenges c`);
  await db.execute(sql`insert into challenge_entries (challenge_id, user_id, score_id, division, sex, status, value, sort_key, submitted_at)
    select s.challenge_id, s.user_id, s.id, s.division, 'female', s.status, s.value, s.sort_key, s.submitted_at from challenge_scores s`);
  await db.execute(sql`update challenges set participant_count = ${ATHLETES}, rx_entries = ${ATHLETES}`);
  const [row] = await rowsOf<{ id: number }>(db, sql`select id from challenges where title = ${TITLE}`);
  const id = Number(row!.id);
  await rebuildRankSlices(db, id);
  const teamChallengeId = await seedTeams(db);
  return { id, teamChallengeId };
}

/** A team challenge of 120 one-member teams: "Team i" of "Member i", who did 2·i reps (all different). */
async function seedTeams(db: DatabaseHandle['db']) {
  await db.execute(sql`insert into users (email, email_normalized, password_hash, display_name, created_at)
    select 'm' || g || '@teams.test', 'm' || g || '@teams.test', 'x', 'Member ' || g, now() from generate_series(1, ${TEAMS}) g`);
  const [c] = await rowsOf<{ id: number }>(
    db,
    sql`insert into challenges (title, creator_id, score_type, starts_at, ends_at, kind, team_rule, team_size_max)
      values (${TEAM_TITLE}, (select min(id) from users), 'reps', now() - interval '1 day', now() + interval '30 days', 'team', 'sum', 4)
      returning id`,
  );
  const id = Number(c!.id);
  const members = sql`(select id as user_id, substring(email from 2 for position('@' in email) - 2)::int as i from users where email like '%@teams.test')`;
  await db.execute(
    sql`insert into challenge_teams (challenge_id, name, captain_id) select ${id}, 'Team ' || m.i, m.user_id from ${members} m`,
  );
  await db.execute(sql`insert into challenge_participants (challenge_id, user_id, division, sex, joined_at, team_id)
    select ${id}, m.user_id, 'rx', 'female', now(), t.id from ${members} m join challenge_teams t on t.captain_id = m.user_id and t.challenge_id = ${id}`);
  await db.execute(sql`insert into challenge_scores (challenge_id, user_id, division, status, value, sort_key, submitted_at)
    select ${id}, m.user_id, 'rx', 'finished', 2 * m.i, ((68719476735 - 2 * m.i) * 33554432 + 33554431)::bigint, now() - interval '1 hour'
    from ${members} m`);
  await db.execute(sql`insert into challenge_entries (challenge_id, user_id, score_id, division, sex, status, value, sort_key, submitted_at)
    select s.challenge_id, s.user_id, s.id, s.division, 'female', s.status, s.value, s.sort_key, s.submitted_at
    from challenge_scores s where s.challenge_id = ${id}`);
  await db.execute(sql`update challenges set participant_count = ${TEAMS}, rx_entries = ${TEAMS} where id = ${id}`);
  await rebuildRankSlices(db, id);
  return id;
}

const { app, mailbox, seeded } = useSeededApp('find', seedBoard);

test('Find me jumps to the page holding my row on a 1,000-athlete board; a search finds others by name', async ({ page }) => {
  test.setTimeout(150_000);
  const a = app();
  const mia = { email: 'mia@example.test', name: 'Mia Middle', password: 'mia-password-1' };
  const s = await apiSignIn(a, mailbox, mia);
  await apiCall(a, s, 'POST', `api/challenges/${seeded().id}/join`, { division: 'rx', sex: 'female' });
  // 801 reps: 600 seeded athletes (802…2000) are ahead, so place 601, on page 13 of 50.
  await apiCall(a, s, 'POST', `api/challenges/${seeded().id}/submit-score`, { reps: 801 });

  await openSignedIn(page, a, mailbox, mia, `challenge-leaderboard-page?id=${seeded().id}`);
  await expect(page.getByRole('table').getByRole('row').nth(1)).toContainText('1Athlete 1000');
  await page.getByRole('button', { name: 'Find me' }).click();
  await expect(page).toHaveURL(/[?&]page=13\b/);
  const mine = page.locator('tr[data-picked]');
  await expect(mine).toContainText('601Mia Middle (you)');
  await expect(mine).toBeInViewport();

  // Someone else by the start of a word of their name (751 seeded and Mia ahead): the board moves to their page and marks them.
  await page.getByLabel('Find an athlete').fill('athlete 25');
  await page.getByRole('button', { name: /752nd Athlete 250 · page 16/ }).click();
  await expect(page).toHaveURL(/[?&]page=16\b/);
  await expect(page.locator('tr[data-picked]')).toContainText('752Athlete 250');
  // At phone width the search, its results and the marked row fit without sideways scroll.
  await page.setViewportSize({ width: 360, height: 800 });
  await page.getByLabel('Find an athlete').fill('athlete 25');
  await expect(page.getByRole('button', { name: /752nd Athlete 250/ })).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  await page.getByLabel('Find an athlete').fill('zz');
  await expect(page.getByText('No athlete on this board matches “zz”.')).toBeVisible();
  await axeClean(page);
});

test('a rejected score shows its reason above the board, and a notice arrives', async ({ page }) => {
  test.setTimeout(150_000);
  const a = app();
  const mia = { email: 'mia@example.test', name: 'Mia Middle', password: 'mia-password-1' };
  const s = await apiSignIn(a, mailbox, mia);
  // Far beyond the leader's 2,000: held for review.
  const held = await apiCall(a, s, 'POST', `api/challenges/${seeded().id}/submit-score`, { reps: 5000 });
  const score = held.score as { id: number; verification: string };
  expect(score.verification).toBe('unverified');
  await openSignedIn(page, a, mailbox, mia, `challenge-leaderboard-page?id=${seeded().id}`);
  const status = page.getByRole('region', { name: 'Your scores not on the board' });
  await expect(status).toContainText('5000 reps Under review');

  const judge = await apiSignIn(a, mailbox, { email: ADMIN_EMAIL, name: 'Admin Ada', password: 'admin-password-1' });
  await apiCall(a, judge, 'POST', `api/challenges/admin/scores/${score.id}/review`, {
    decision: 'reject',
    reason: 'The count on the video stops at 300.',
  });
  await page.reload();
  await expect(status).toContainText('Rejected');
  await expect(status).toContainText('Reason: The count on the video stops at 300.');
  await page.getByRole('button', { name: /Notifications: 1 unread/ }).click();
  await expect(page.getByRole('menuitem', { name: /not accepted/ })).toBeVisible();
});

test('Find my team jumps to the page holding my team on a 121-team board; a search finds a team by a member’s name', async ({ page }) => {
  test.setTimeout(150_000);
  const a = app();
  const mia = { email: 'mia.teams@example.test', name: 'Mia Middle', password: 'mia-password-1' };
  const s = await apiSignIn(a, mailbox, mia);
  await apiCall(a, s, 'POST', `api/challenges/${seeded().teamChallengeId}/join`, { division: 'rx', team_name: 'Mia Squad' });
  // 81 reps: Teams 41…120 (82…240) are ahead, so place 81, on page 2 of 50.
  await apiCall(a, s, 'POST', `api/challenges/${seeded().teamChallengeId}/submit-score`, { reps: 81 });

  await openSignedIn(page, a, mailbox, mia, `challenge-leaderboard-page?id=${seeded().teamChallengeId}&view=teams`);
  await expect(page.getByRole('table').getByRole('row').nth(1)).toContainText('1Team 120');
  await page.getByRole('button', { name: 'Find my team' }).click();
  await expect(page).toHaveURL(/[?&]page=2\b/);
  const mine = page.locator('tr[data-picked]');
  await expect(mine).toContainText('81Mia Squad (your team)');
  await expect(mine).toBeInViewport();

  // A team by its member's name: "Member 10" is Team 10's (20 reps: 110 teams and Mia's ahead).
  await page.getByLabel('Find a team').fill('member 10');
  await page.getByRole('button', { name: /112th Team 10 · page 3/ }).click();
  await expect(page).toHaveURL(/[?&]page=3\b/);
  await expect(page.locator('tr[data-picked]')).toContainText('112Team 10');
  await page.getByLabel('Find a team').fill('zz');
  await expect(page.getByText('No team on this board matches “zz”.')).toBeVisible();
  // Back to the athletes' board: nothing stays marked there.
  await page
    .getByRole('tab', { name: 'Overall' })
    .or(page.getByRole('tab', { name: 'Rx' }))
    .first()
    .click();
  await expect(page).not.toHaveURL(/[?&]hl=/);
  await page.setViewportSize({ width: 360, height: 800 });
  await page.goBack();
  await expect(page.locator('tr[data-picked]')).toContainText('112Team 10');
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  await axeClean(page);
  await page.screenshot({ path: test.info().outputPath('team-find-360-light.png') });
  await page.getByLabel('Find a team').fill('member 10');
  await expect(page.getByRole('button', { name: /112th Team 10/ })).toBeVisible();
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.screenshot({ path: test.info().outputPath('team-find-360-search.png'), fullPage: true });
});
