import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authHeaders, createTestApp, databaseKinds, signIn, type SignedIn } from './helpers.ts';
import { MILE } from './fixtures.ts';

describe.each(databaseKinds)('social settings: the community timeline honours each kind on %s', (kind) => {
  let t: Awaited<ReturnType<typeof createTestApp>>;
  let admin: SignedIn;
  let quiet: SignedIn;
  let loud: SignedIn;
  let mile: { id: number };

  beforeAll(async () => {
    t = await createTestApp(kind, { adminEmails: ['admin@example.test'] }, { rateLimit: false });
    admin = await signIn(t, 'admin@example.test', 'admin-password', 'Admin Ada');
    quiet = await signIn(t, 'quiet@example.test', 'athlete-password', 'Quinn');
    loud = await signIn(t, 'loud@example.test', 'athlete-password', 'Lou');
    mile = (await call('POST', '/api/v1/tests', admin, MILE)).json();
  });
  afterAll(async () => {
    await t.close();
  });

  const call = (method: 'GET' | 'POST' | 'PUT', url: string, who?: SignedIn, payload?: unknown) =>
    t.app.inject({ method, url, headers: who ? authHeaders(who) : {}, payload: payload as object });
  const timeline = async (who: SignedIn) =>
    (await call('GET', `/api/v1/athlete-profiles/${who.userId}/timeline`)).json().items.map((p: { kind: string }) => p.kind) as string[];
  const setTimeline = async (who: SignedIn, timelineChoice: Record<string, boolean>) => {
    const res = await call('PUT', '/api/settings', who, { timeline: timelineChoice });
    expect(res.statusCode, res.body).toBe(200);
  };
  const newBest = async (who: SignedIn, value: string) => {
    const sent = await call('POST', '/api/v1/athlete-profiles/submit-pr', who, {
      test_id: mile.id,
      value,
      unit: 'mm:ss',
      achieved_on: '2026-11-01',
    });
    expect(sent.statusCode, sent.body).toBe(201);
    const approved = await call('POST', `/api/v1/athlete-profiles/admin/approve/${sent.json().id}`, admin);
    // Still a new best (and celebrated), whatever the timeline choice.
    expect(approved.json().new_best).toBe(true);
  };

  it('with every kind off nothing is posted for that athlete, while the others are posted as before', async () => {
    await setTimeline(quiet, { personal_record: false, challenge_joined: false, final_place: false });
    const now = t.clock.now().getTime();
    const created = await call('POST', '/api/challenges/', admin, {
      title: 'Max reps',
      score_type: 'reps',
      visibility: 'public',
      starts_at: new Date(now - 3_600_000).toISOString(),
      ends_at: new Date(now + 3_600_000).toISOString(),
    });
    expect(created.statusCode, created.body).toBe(201);
    const id = created.json().id as number;
    for (const [who, reps] of [
      [quiet, 40],
      [loud, 30],
    ] as const) {
      expect((await call('POST', `/api/challenges/${id}/join`, who, { division: 'rx' })).statusCode).toBe(200);
      expect((await call('POST', `/api/challenges/${id}/submit-score`, who, { reps })).statusCode).toBe(201);
      await newBest(who, '7:00');
    }
    t.clock.advance(2 * 3_600_000);
    const { postFinalStandings } = await import('#server/areas/challenges/final-standings.ts');
    expect(await postFinalStandings(t.context)).toBe(1);
    await t.settled();
    expect(await timeline(quiet)).toEqual([]);
    expect((await timeline(loud)).sort()).toEqual(['challenge_joined', 'personal_record', 'ranking']);
  });

  it('turning one kind back on posts that kind only', async () => {
    // The clock moved past the access tokens' life above.
    quiet = await signIn(t, 'quiet@example.test', 'athlete-password');
    admin = await signIn(t, 'admin@example.test', 'admin-password');
    await setTimeline(quiet, { personal_record: true });
    await newBest(quiet, '6:30');
    expect(await timeline(quiet)).toEqual(['personal_record']);
  });
});
