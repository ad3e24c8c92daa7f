import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MILE } from './fixtures.ts';
import { authHeaders, createTestApp, databaseKinds, signIn, type SignedIn } from './helpers.ts';

const PUBLIC = { sex: 'public', birth_year: 'public', bodyweight: 'public', gym: 'public', bio: 'public', records: 'public' };

describe.each(databaseKinds)('one history of results on %s', (kind) => {
  let t: Awaited<ReturnType<typeof createTestApp>>;
  let admin: SignedIn;
  let ana: SignedIn;
  let mile = 0;
  let linked = 0;
  const call = (method: 'GET' | 'POST' | 'PUT', url: string, as?: SignedIn, payload?: unknown) =>
    t.app.inject({ method, url, headers: as ? authHeaders(as) : {}, payload: payload as object });

  beforeAll(async () => {
    t = await createTestApp(kind, { adminEmails: ['admin@example.test'] }, { rateLimit: false });
    admin = await signIn(t, 'admin@example.test', 'admin-password', 'Admin Ada');
    ana = await signIn(t, 'ana@example.test', 'athlete-password', 'Ana');
    const profile = { display_name: 'Ana', sex: 'female', birth_year: 1990, bodyweight_kg: 60, gym: 'North Box', privacy: PUBLIC };
    expect((await call('PUT', '/api/v1/athlete-profiles/me', ana, profile)).statusCode).toBe(200);
    mile = (await call('POST', '/api/v1/tests', admin, MILE)).json().id;
    const now = t.clock.now().getTime();
    const created = await call('POST', '/api/challenges/', ana, {
      title: 'Mile day',
      score_type: 'time',
      starts_at: new Date(now - 3_600_000).toISOString(),
      ends_at: new Date(now + 86_400_000).toISOString(),
      test_id: mile,
    });
    expect(created.statusCode, created.body).toBe(201);
    linked = created.json().id;
    expect(created.json().test_id).toBe(mile);
    expect((await call('POST', `/api/challenges/${linked}/join`, ana, { division: 'rx' })).statusCode).toBe(200);
  });
  afterAll(async () => t.close());

  const pending = async (who: SignedIn) =>
    (await call('GET', '/api/v1/athlete-profiles/user-prs?status=pending', who)).json().items as {
      id: number;
      test_id: number;
      value: number;
      raw_unit: string;
      source: string;
      challenge_id: number | null;
    }[];

  it('refuses a result outside the linked test’s bounds at entry, with the bound in the words', async () => {
    const res = await call('POST', `/api/challenges/${linked}/submit-score`, ana, { time_ms: 30_000 });
    expect(res.statusCode).toBe(422);
    expect(res.json().detail).toMatch(/1-mile run/);
    expect(res.json().detail).toMatch(/210/);
    expect(await pending(ana)).toEqual([]);
  });

  it('a verified best becomes a pending record candidate that, once approved, reaches the test board and Global Ranks', async () => {
    const res = await call('POST', `/api/challenges/${linked}/submit-score`, ana, { time_ms: 330_500 });
    expect(res.statusCode, res.body).toBe(201);
    // The board keeps the canonical value and says it in words; the record is in the test's unit.
    expect(res.json().score).toMatchObject({ value: 330_500, display: '5:30.5', verification: 'verified' });
    expect(res.json().message).toBe(
      'Your place on the board is updated. It also counts as your 1-mile run record once a judge approves it.',
    );
    const [first, ...more] = await pending(ana);
    expect(more).toEqual([]);
    expect(first).toMatchObject({ test_id: mile, value: 330.5, raw_unit: 'seconds', source: 'challenge', challenge_id: linked });
    // A slower result is no new best: no second candidate.
    expect((await call('POST', `/api/challenges/${linked}/submit-score`, ana, { time_ms: 400_000 })).statusCode).toBe(201);
    expect(await pending(ana)).toHaveLength(1);
    // A faster one replaces the candidate still waiting: judges see one.
    expect((await call('POST', `/api/challenges/${linked}/submit-score`, ana, { time_ms: 325_000 })).statusCode).toBe(201);
    const waiting = await pending(ana);
    expect(waiting.map((r) => r.value)).toEqual([325]);
    const candidate = waiting[0];
    // Not on the test board until a judge approves it.
    const before = (await call('GET', `/api/v1/leaderboards/tests/${mile}`)).json();
    expect(before.items).toEqual([]);
    const approved = await call('POST', `/api/v1/athlete-profiles/admin/approve/${candidate!.id}`, admin);
    expect(approved.statusCode, approved.body).toBe(200);
    const board = (await call('GET', `/api/v1/leaderboards/tests/${mile}`)).json();
    expect(board.items.map((r: { display_name: string; value: number }) => [r.display_name, r.value])).toEqual([['Ana', 325]]);
    const global = (await call('GET', '/api/v1/leaderboards/global')).json();
    expect(global.items.map((r: { display_name: string }) => r.display_name)).toContain('Ana');
  });

  it('a held result a judge verifies becomes a candidate then; one rejected never does', async () => {
    const now = t.clock.now().getTime();
    // A test whose bounds let a result be plausible yet far beyond the leaders.
    const wide = (await call('POST', '/api/v1/tests', admin, { ...MILE, name: 'Hill mile', min_value: 60 })).json().id;
    const c = (
      await call('POST', '/api/challenges/', admin, {
        title: 'Mile showdown',
        score_type: 'time',
        starts_at: new Date(now - 3_600_000).toISOString(),
        ends_at: new Date(now + 86_400_000).toISOString(),
        test_id: wide,
      })
    ).json();
    // Five on the board near seven minutes, so a 1:40 is far beyond the leader and held.
    for (let i = 0; i < 5; i++) {
      const s = await signIn(t, `runner${i}@example.test`, 'athlete-password', `Runner ${i}`);
      await call('POST', `/api/challenges/${c.id}/join`, s, { division: 'rx' });
      expect((await call('POST', `/api/challenges/${c.id}/submit-score`, s, { time_ms: 420_000 + i * 1000 })).statusCode).toBe(201);
    }
    const bo = await signIn(t, 'bo@example.test', 'athlete-password', 'Bo');
    await call('POST', `/api/challenges/${c.id}/join`, bo, { division: 'rx' });
    const held = (await call('POST', `/api/challenges/${c.id}/submit-score`, bo, { time_ms: 100_000 })).json();
    expect(held.score.verification).toBe('unverified');
    expect(await pending(bo)).toEqual([]);
    // Another held result, which the judge rejects.
    const cy = await signIn(t, 'cy@example.test', 'athlete-password', 'Cy');
    await call('POST', `/api/challenges/${c.id}/join`, cy, { division: 'rx' });
    const cyHeld = (await call('POST', `/api/challenges/${c.id}/submit-score`, cy, { time_ms: 95_000 })).json();
    expect(cyHeld.score.verification).toBe('unverified');
    const verified = await call('POST', `/api/challenges/admin/scores/${held.score.id}/review`, admin, { decision: 'verify' });
    expect(verified.statusCode, verified.body).toBe(200);
    expect((await pending(bo)).map((r) => [r.value, r.source, r.challenge_id])).toEqual([[100, 'challenge', c.id]]);
    // The rejected one: no candidate.
    const rejected = await call('POST', `/api/challenges/admin/scores/${cyHeld.score.id}/review`, admin, {
      decision: 'reject',
      reason: 'No video of the run.',
    });
    expect(rejected.statusCode).toBe(200);
    expect(await pending(cy)).toEqual([]);
  });

  it('an unlinked challenge makes no record candidate', async () => {
    const now = t.clock.now().getTime();
    const plain = (
      await call('POST', '/api/challenges/', ana, {
        title: 'Just a mile',
        score_type: 'time',
        starts_at: new Date(now - 3_600_000).toISOString(),
        ends_at: new Date(now + 86_400_000).toISOString(),
      })
    ).json();
    await call('POST', `/api/challenges/${plain.id}/join`, ana, { division: 'rx' });
    expect((await call('POST', `/api/challenges/${plain.id}/submit-score`, ana, { time_ms: 300_000 })).statusCode).toBe(201);
    expect(await pending(ana)).toEqual([]);
  });
});
