import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { celebratePersonalRecord, unlock } from '#server/areas/realtime/achievements.ts';
import { streakAchievement } from '#domain/achievement-rules.ts';
import { ACHIEVEMENT_CATCH_UP_LIMIT, ACHIEVEMENT_CATCH_UP_MS } from '#domain/constants.ts';
import { authHeaders, createTestApp, databaseKinds, signIn, type SignedIn } from './helpers.ts';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

type Popup = { id: number; type: string; title: string; full_screen: boolean };

// An achievement unlocked while no socket of the athlete is open (a score sent right after a page load)
// is taken by the first tab that asks, once: never again by that tab, another tab or a reload.
describe.each(databaseKinds)('achievement popups caught up on %s', (kind) => {
  let t: Awaited<ReturnType<typeof createTestApp>>;

  beforeAll(async () => {
    t = await createTestApp(kind, {}, { rateLimit: false });
  });
  afterAll(async () => {
    await t.close();
  });

  const take = async (who: SignedIn) => {
    const res = await t.app.inject({ method: 'POST', url: '/api/achievements/popups', headers: authHeaders(who) });
    expect(res.statusCode, res.body).toBe(200);
    return (res.json() as { items: Popup[] }).items;
  };
  const challenge = async (title: string) => {
    const coach = await signIn(t, 'coach@example.test', 'coach-password', 'Coach Carla');
    const now = t.clock.now().getTime();
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/challenges/',
      headers: authHeaders(coach),
      payload: {
        title,
        score_type: 'reps',
        starts_at: new Date(now - HOUR).toISOString(),
        ends_at: new Date(now + 60 * DAY).toISOString(),
      },
    });
    expect(res.statusCode, res.body).toBe(201);
    return res.json().id as number;
  };
  const score = async (who: SignedIn, id: number, reps: number) => {
    const headers = authHeaders(who);
    expect(
      (await t.app.inject({ method: 'POST', url: `/api/challenges/${id}/join`, headers, payload: { division: 'rx', sex: 'female' } }))
        .statusCode,
    ).toBe(200);
    const res = await t.app.inject({ method: 'POST', url: `/api/challenges/${id}/submit-score`, headers, payload: { reps } });
    expect(res.statusCode, res.body).toBe(201);
  };

  it('gives a score’s achievement to the first tab that asks, and to no tab again', async () => {
    const id = await challenge('Max pull-ups');
    const ana = await signIn(t, 'ana@example.test', 'athlete-password', 'Ana');
    const ben = await signIn(t, 'ben@example.test', 'athlete-password', 'Ben');
    await score(ana, id, 20); // no socket is open: the live message found no one

    // Ben's tab gets nothing of Ana's.
    expect(await take(ben)).toEqual([]);
    const first = await take(ana);
    expect(first).toMatchObject([{ type: 'first_score', title: 'On the board' }]);
    // The same tab again, then a second tab (another session of Ana): nothing more.
    expect(await take(ana)).toEqual([]);
    const secondTab = await signIn(t, 'ana@example.test', 'athlete-password', 'Ana');
    expect(await take(secondTab)).toEqual([]);
    // Still hers and listed: popping up is not forgetting.
    const list = await t.app.inject({ method: 'GET', url: '/api/achievements/me', headers: authHeaders(ana) });
    expect((list.json().items as Popup[]).map((a) => a.id)).toContain(first[0]!.id);
  });

  it('hands each achievement to exactly one of two tabs asking at once, oldest first', async () => {
    const db = t.context.database.db;
    const cy = await signIn(t, 'cy@example.test', 'athlete-password', 'Cy');
    const otherTab = await signIn(t, 'cy@example.test', 'athlete-password', 'Cy');
    const at = t.clock.now();
    await unlock(db, cy.userId, 'streak:daily_submissions:3', streakAchievement('daily_submissions', 3), new Date(at.getTime() - 1000));
    await unlock(db, cy.userId, 'streak:daily_submissions:7', streakAchievement('daily_submissions', 7), at);
    const record = {
      user_id: cy.userId,
      test_name: 'Back squat 1RM',
      test_id: 3,
      challenge_id: null,
      new_record_value_raw: 140,
      new_record_unit_raw: 'kg',
      achieved_date: '2026-11-20',
    };
    await db.transaction((tx) => celebratePersonalRecord(tx as never, record, at));

    const [a, b] = await Promise.all([take(cy), take(otherTab)]);
    const all = [...a, ...b];
    expect(all).toHaveLength(3);
    expect(new Set(all.map((p) => p.id)).size).toBe(3);
    const one = a.length > 0 ? a : b;
    expect(one.map((p) => p.title)).toEqual(['3-day daily submissions', '7-day daily submissions', 'New personal record: Back squat 1RM']);
    expect(one[2]).toMatchObject({ type: 'personal_record', full_screen: true });
    expect([...(await take(cy)), ...(await take(otherTab))]).toEqual([]);
  });

  it('leaves out what was unlocked before the catch-up window, and takes at most a bounded batch', async () => {
    const db = t.context.database.db;
    const dee = await signIn(t, 'dee@example.test', 'athlete-password', 'Dee');
    await unlock(db, dee.userId, 'streak:weekly_participation:2', streakAchievement('weekly_participation', 2), t.clock.now());
    t.clock.advance(ACHIEVEMENT_CATCH_UP_MS + 1000);
    expect(await take(dee)).toEqual([]); // old news: listed, not popped up

    const now = t.clock.now();
    for (let i = 0; i < ACHIEVEMENT_CATCH_UP_LIMIT + 5; i += 1)
      await unlock(db, dee.userId, `streak:improvement_streak:${i}`, streakAchievement('improvement_streak', 3), now);
    expect(await take(dee)).toHaveLength(ACHIEVEMENT_CATCH_UP_LIMIT);
    expect(await take(dee)).toHaveLength(5);
    expect(await take(dee)).toEqual([]);
  });

  it('refuses a caller without a session or without the CSRF token, taking nothing', async () => {
    const eve = await signIn(t, 'eve@example.test', 'athlete-password', 'Eve');
    await unlock(t.context.database.db, eve.userId, 'streak:daily_submissions:3', streakAchievement('daily_submissions', 3), t.clock.now());
    expect((await t.app.inject({ method: 'POST', url: '/api/achievements/popups' })).statusCode).toBe(401);
    const noCsrf = await t.app.inject({ method: 'POST', url: '/api/achievements/popups', headers: authHeaders(eve, false) });
    expect(noCsrf.statusCode).toBeGreaterThanOrEqual(400);
    expect(noCsrf.statusCode).toBeLessThan(500);
    expect(noCsrf.json()).toHaveProperty('detail');
    expect(await take(eve)).toHaveLength(1);
  });
});
