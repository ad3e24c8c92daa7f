import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authHeaders, createTestApp, databaseKinds, signIn, type SignedIn } from './helpers.ts';

const HOUR = 3_600_000;

const SQUAT = {
  name: 'Back squat 1RM',
  category: 'strength',
  movement: 'squat',
  unit: 'kg',
  direction: 'higher',
  min_value: 10,
  max_value: 500,
  standards: [
    {
      sex: 'any',
      bodyweight_min_kg: null,
      bodyweight_max_kg: null,
      anchors: [
        { score: 0, value: 40 },
        { score: 1000, value: 200 },
      ],
    },
  ],
  status: 'active',
};

describe.each(databaseKinds)('the home feed on %s', (kind) => {
  let t: Awaited<ReturnType<typeof createTestApp>>;
  let coach: SignedIn;
  let admin: SignedIn;
  let ana: SignedIn;
  let ben: SignedIn;

  beforeAll(async () => {
    t = await createTestApp(kind, { adminEmails: ['admin@example.test'] }, { rateLimit: false });
    coach = await signIn(t, 'coach@example.test', 'coach-password', 'Coach Carla');
    admin = await signIn(t, 'admin@example.test', 'admin-password', 'Admin Ada');
    ana = await signIn(t, 'ana@example.test', 'athlete-password', 'Ana');
    ben = await signIn(t, 'ben@example.test', 'athlete-password', 'Ben');
  });
  afterAll(async () => t.close());

  const call = (method: 'GET' | 'POST' | 'PUT', url: string, who?: SignedIn, payload?: unknown) =>
    t.app.inject({ method, url, headers: who ? authHeaders(who) : {}, payload: payload as object });
  const now = () => t.clock.now().getTime();
  const create = async (title: string, startsIn: number, endsIn: number, extra: Record<string, unknown> = {}) => {
    const res = await call('POST', '/api/challenges/', coach, {
      title,
      description: 'For time',
      score_type: 'time',
      starts_at: new Date(now() + startsIn).toISOString(),
      ends_at: new Date(now() + endsIn).toISOString(),
      ...extra,
    });
    expect(res.statusCode, res.body).toBe(201);
    return res.json() as { id: number };
  };

  it('is empty, not an error, before anything happens', async () => {
    const res = await call('GET', '/api/challenges/home');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ open_challenges: [], todays_leaders: [], recent_records: [] });
  });

  it('lists open public challenges with counts, today’s best on each, and the newest approved records', async () => {
    const fran = await create('Fran', -HOUR, 48 * HOUR);
    const grace = await create('Grace', -HOUR, 24 * HOUR);
    await create('Upcoming', HOUR, 48 * HOUR);
    await create('Hidden', -HOUR, 48 * HOUR, { visibility: 'unlisted' });
    for (const who of [ana, ben])
      expect((await call('POST', `/api/challenges/${fran.id}/join`, who, { division: 'rx' })).statusCode).toBe(200);
    expect((await call('POST', `/api/challenges/${grace.id}/join`, ana, { division: 'rx' })).statusCode).toBe(200);
    // Yesterday's faster time does not count for today.
    t.clock.advance(-24 * HOUR);
    await call('POST', `/api/challenges/${fran.id}/submit-score`, ben, { time_ms: 150_000 });
    t.clock.advance(24 * HOUR);
    await call('POST', `/api/challenges/${fran.id}/submit-score`, ana, { time_ms: 300_000 });
    await call('POST', `/api/challenges/${fran.id}/submit-score`, ben, { time_ms: 320_000 });

    const squat = (await call('POST', '/api/v1/tests', admin, SQUAT)).json();
    for (const [who, value] of [
      [ana, '80'],
      [ben, '120'],
    ] as const) {
      const pr = await call('POST', '/api/v1/athlete-profiles/submit-pr', who, {
        test_id: squat.id,
        value,
        unit: 'kg',
        achieved_on: '2026-11-20',
      });
      expect(pr.statusCode, pr.body).toBe(201);
      t.clock.advance(1000);
      if (who === ben) expect((await call('POST', `/api/v1/athlete-profiles/admin/approve/${pr.json().id}`, admin)).statusCode).toBe(200);
    }

    const res = await call('GET', '/api/challenges/home');
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('public, max-age=10');
    const feed = res.json();
    // Ending soonest first; not the upcoming or unlisted ones.
    expect(feed.open_challenges.map((c: { title: string; participant_count: number }) => [c.title, c.participant_count])).toEqual([
      ['Grace', 1],
      ['Fran', 2],
    ]);
    expect(feed.todays_leaders).toEqual([
      expect.objectContaining({
        challenge: expect.objectContaining({ id: fran.id }),
        athlete: expect.objectContaining({ display_name: 'Ana' }),
        display: '5:00',
      }),
    ]);
    // Only approved records: Ana's is still pending.
    expect(feed.recent_records).toEqual([
      expect.objectContaining({ test_name: 'Back squat 1RM', value: '120', athlete: expect.objectContaining({ display_name: 'Ben' }) }),
    ]);
  });

  it('stays bounded however many challenges are open', async () => {
    for (let i = 0; i < 8; i++) await create(`Extra ${i}`, -HOUR, (72 + i) * HOUR);
    const feed = (await call('GET', '/api/challenges/home')).json();
    expect(feed.open_challenges).toHaveLength(6);
    // API answers are still compressed on the fly (built files are not: they go out precompressed).
    const gz = await t.app.inject({ method: 'GET', url: '/api/challenges/home', headers: { 'accept-encoding': 'gzip' } });
    expect(gz.headers['content-encoding']).toBe('gzip');
  });
});
