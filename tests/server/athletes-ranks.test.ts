import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authHeaders, createTestApp, databaseKinds, globalBucketCounts, signIn, type SignedIn } from './helpers.ts';
import { MILE } from './fixtures.ts';

const PUBLIC = { sex: 'public', birth_year: 'public', bodyweight: 'public', gym: 'public', bio: 'public', records: 'public' };

/** Pull-ups score 25 a rep; the mile (720 s = 0, 240 s = 1000) 1000 × (720 − t) / 480. */
const PULL_UPS = {
  name: 'Max pull-ups',
  category: 'gymnastics',
  movement: 'pull',
  unit: 'reps',
  direction: 'higher',
  min_value: 0,
  max_value: 100,
  standards: [
    {
      sex: 'any',
      bodyweight_min_kg: null,
      bodyweight_max_kg: null,
      anchors: [
        { score: 0, value: 0 },
        { score: 1000, value: 40 },
      ],
    },
  ],
  status: 'active',
};
describe.each(databaseKinds)('per-test and global rankings on %s', (kind) => {
  let t: Awaited<ReturnType<typeof createTestApp>>;
  let admin: SignedIn;
  const who: Record<string, SignedIn> = {};
  let pullUps: number;
  let mile: number;

  const call = (method: 'GET' | 'POST' | 'PUT', url: string, as?: SignedIn, payload?: unknown) =>
    t.app.inject({ method, url, headers: as ? authHeaders(as) : {}, payload: payload as object });

  const record = async (name: string, testId: number, value: string, unit: string, day: string) => {
    const res = await call('POST', '/api/v1/athlete-profiles/submit-pr', who[name], { test_id: testId, value, unit, achieved_on: day });
    expect(res.statusCode, res.body).toBe(201);
    expect((await call('POST', `/api/v1/athlete-profiles/admin/approve/${res.json().id}`, admin)).statusCode).toBe(200);
  };

  beforeAll(async () => {
    t = await createTestApp(kind, { adminEmails: ['admin@example.test'] }, { rateLimit: false });
    admin = await signIn(t, 'admin@example.test', 'admin-password', 'Admin Ada');
    const athletes = [
      { name: 'Ana', sex: 'female', birth_year: 1990, bodyweight_kg: 60, gym: 'North Box' },
      { name: 'Ben', sex: 'male', birth_year: 1985, bodyweight_kg: 85, gym: 'North Box' },
      { name: 'Cy', sex: 'female', birth_year: 2000, bodyweight_kg: 72, gym: 'South Gym' },
      { name: 'Dev', sex: 'male', birth_year: 1970, bodyweight_kg: 95, gym: 'South Gym' },
      { name: 'Eli', sex: 'male', birth_year: 1995, bodyweight_kg: 80, gym: null },
      { name: 'Fay', sex: 'female', birth_year: 1992, bodyweight_kg: 58, gym: 'North Box', private: true },
    ];
    for (const a of athletes) {
      who[a.name] = await signIn(t, `${a.name.toLowerCase()}@example.test`, 'athlete-password', a.name);
      const privacy = a.private ? { ...PUBLIC, sex: 'private', gym: 'private' } : PUBLIC;
      const { name, private: _hidden, ...fields } = a;
      expect((await call('PUT', '/api/v1/athlete-profiles/me', who[a.name], { display_name: name, ...fields, privacy })).statusCode).toBe(
        200,
      );
    }
    pullUps = (await call('POST', '/api/v1/tests', admin, PULL_UPS)).json().id;
    mile = (await call('POST', '/api/v1/tests', admin, MILE)).json().id;
    // Pull-ups: Ben 30, Ana 20 (earlier), Cy 20, Dev 10, Fay 5.
    await record('Ben', pullUps, '30', 'reps', '2026-09-01');
    await record('Ana', pullUps, '20', 'reps', '2026-09-02');
    await record('Cy', pullUps, '20', 'reps', '2026-09-03');
    await record('Dev', pullUps, '10', 'reps', '2026-09-01');
    await record('Fay', pullUps, '5', 'reps', '2026-09-01');
    // Mile: Ben 5:00, Cy 5:00 (later), Ana 6:00, Dev 7:00, Eli 5:00 on a second try after 6:30.
    await record('Ben', mile, '5:00', 'mm:ss', '2026-09-01');
    await record('Cy', mile, '300', 'seconds', '2026-09-05');
    await record('Ana', mile, '6:00', 'mm:ss', '2026-09-01');
    await record('Dev', mile, '7:00', 'mm:ss', '2026-09-01');
    await record('Eli', mile, '6:30', 'mm:ss', '2026-09-01');
    await record('Eli', mile, '5:00', 'mm:ss', '2026-09-10');
  });
  afterAll(async () => t.close());

  type Row = { rank: number; display_name: string };
  const rows = (page: { items: Row[] }) => page.items.map((r) => `${r.rank} ${r.display_name}`);
  const board = async (testId: number, query = '', as?: SignedIn) => {
    const res = await call('GET', `/api/v1/leaderboards/tests/${testId}${query}`, as);
    expect(res.statusCode, res.body).toBe(200);
    return res.json();
  };
  const globalBoard = async (query = '', as?: SignedIn) => (await call('GET', `/api/v1/leaderboards/global${query}`, as)).json();

  it('ranks a higher-is-better test with shared places (1, 2, 2, 4)', async () => {
    const page = await board(pullUps);
    expect(rows(page)).toEqual(['1 Ben', '2 Ana', '2 Cy', '4 Dev', '5 Fay']);
    expect(page.total).toBe(5);
    expect(page.test).toMatchObject({ name: 'Max pull-ups', athletes_count: 5, pending_count: 0 });
    expect(page.items[0]).toMatchObject({
      value: 30,
      normalized_score: 750,
      sex: 'male',
      age_group: '40-44',
      bodyweight_class: '80-90',
      gym: 'North Box',
    });
    // Fay keeps her sex and gym private: others do not see them on the board.
    expect(page.items[4]).toMatchObject({ display_name: 'Fay', sex: null, gym: null, gym_id: null });
    expect(page.items[0].gym_id).toEqual(expect.any(Number));
  });

  it('ranks a lower-is-better test: faster is better, equal times share a place', async () => {
    expect(rows(await board(mile))).toEqual(['1 Ben', '1 Cy', '1 Eli', '4 Ana', '5 Dev']);
  });

  it('pages on the rank order and keeps overall ranks on every page', async () => {
    const second = await board(pullUps, '?offset=2&limit=2');
    expect(rows(second)).toEqual(['2 Cy', '4 Dev']);
    expect(second.total).toBe(5);
  });

  it('narrows with filters but keeps each row its overall rank', async () => {
    expect(rows(await board(pullUps, '?sex=female'))).toEqual(['2 Ana', '2 Cy']); // Fay's sex is private, so she does not match
    expect(rows(await board(pullUps, '?gym=south%20gym'))).toEqual(['2 Cy', '4 Dev']);
    expect(rows(await board(pullUps, '?age_group=55-59'))).toEqual(['4 Dev']);
    expect(rows(await board(mile, '?bodyweight_class=80-90'))).toEqual(['1 Ben', '1 Eli']);
    const filtered = await board(mile, '?sex=female&limit=1');
    expect(rows(filtered)).toEqual(['1 Cy']);
    expect(filtered.total).toBe(2);
  });

  it("returns the caller's own row with its overall rank, even off the page or filtered out", async () => {
    expect((await board(pullUps, '?limit=1', who.Dev)).me).toMatchObject({ rank: 4, display_name: 'Dev', value: 10 });
    expect((await board(pullUps, '?sex=female', who.Ben)).me).toMatchObject({ rank: 1, display_name: 'Ben' });
    // Her own private fields are shown to her.
    expect((await board(pullUps, '', who.Fay)).me).toMatchObject({ rank: 5, sex: 'female', gym: 'North Box' });
    expect((await board(pullUps, '?limit=1')).me).toBeNull();
    expect((await board(pullUps, '', who.Eli)).me).toBeNull(); // no pull-ups result
  });

  it('sums normalized bests into the global ranking, ties share a place, fewer tests first', async () => {
    // Ben 750 + 875, Cy 500 + 875, Ana 500 + 750, Eli 875, Dev 250 + 625, Fay 125.
    const page = await globalBoard();
    expect(
      page.items.map(
        (r: { rank: number; display_name: string; total: number; tests_count: number }) =>
          `${r.rank} ${r.display_name} ${r.total}/${r.tests_count}`,
      ),
    ).toEqual(['1 Ben 1625/2', '2 Cy 1375/2', '3 Ana 1250/2', '4 Eli 875/1', '4 Dev 875/2', '6 Fay 125/1']);
    expect(page.total).toBe(6);
    // A shown gym carries its page's id (one gym, one id); a private or missing gym has none.
    const gymIds = Object.fromEntries(page.items.map((r: { display_name: string; gym_id: number | null }) => [r.display_name, r.gym_id]));
    expect(gymIds.Ben).toEqual(expect.any(Number));
    expect(gymIds.Ana).toBe(gymIds.Ben);
    expect(gymIds.Cy).toEqual(expect.any(Number));
    expect(gymIds.Dev).toBe(gymIds.Cy);
    expect(gymIds.Cy).not.toBe(gymIds.Ben);
    expect([gymIds.Eli, gymIds.Fay]).toEqual([null, null]);
    expect((await globalBoard('', who.Fay)).me).toMatchObject({ gym: 'North Box', gym_id: gymIds.Ben });
    const mine = await globalBoard('?limit=2', who.Dev);
    expect(rows(mine)).toEqual(['1 Ben', '2 Cy']);
    expect(mine.me).toMatchObject({ rank: 4, display_name: 'Dev', total: 875, tests_count: 2, age_group: '55-59', gym: 'South Gym' });
    expect((await globalBoard('?limit=2')).me).toBeNull();
    expect((await globalBoard('', admin)).me).toBeNull();
    expect(rows(await globalBoard('?sex=male&offset=1'))).toEqual(['4 Eli', '4 Dev']);
    expect(rows(await globalBoard('?gym=North%20Box'))).toEqual(['1 Ben', '3 Ana']);
  });

  it('finds athletes on Global Ranks by name or public gym, or the caller, with the page that holds each', async () => {
    const find = async (query: string, as?: SignedIn) => {
      const res = await call('GET', `/api/v1/leaderboards/find?${query}`, as);
      expect(res.statusCode, res.body).toBe(200);
      return res
        .json()
        .items.map(
          (m: { rank: number; display_name: string; position: number; page: number }) =>
            `${m.rank} ${m.display_name} @${m.position} p${m.page}`,
        );
    };
    // Overall: Ben, Cy, Ana, Eli, Dev, Fay. South Gym is Cy's and Dev's; Fay keeps North Box private.
    expect(await find('q=so&limit=2')).toEqual(['2 Cy @2 p1', '4 Dev @5 p3']);
    expect(await find('q=NORTH')).toEqual(['1 Ben @1 p1', '3 Ana @3 p1']);
    expect(await find('q=fa')).toEqual(['6 Fay @6 p1']);
    expect(await find('q=zz')).toEqual([]);
    // Filters narrow the order the page lists (men: Ben, Eli, Dev) but keep the place.
    expect(await find('q=de&sex=male&limit=2')).toEqual(['4 Dev @3 p2']);
    expect(await find('me=true', who.Dev)).toEqual(['4 Dev @5 p1']);
    expect(await find('me=true', admin)).toEqual([]);
    // One test's board: Ben, Ana, Cy, Dev, Fay on pull-ups.
    expect(await find(`test_id=${pullUps}&q=cy&limit=2`)).toEqual(['2 Cy @3 p2']);
    expect((await call('GET', '/api/v1/leaderboards/find?me=true')).statusCode).toBe(401);
    const short = await call('GET', '/api/v1/leaderboards/find?q=%20a%20');
    expect(short.statusCode).toBe(400);
    expect(short.json().detail).toMatch(/Type 2 to 40 letters/);
    expect((await call('GET', '/api/v1/leaderboards/find?test_id=999999&q=cy')).statusCode).toBe(404);
  });

  it("shows each athlete's bests with their rank on every test, and their global standing", async () => {
    const bests = (await call('GET', `/api/v1/athlete-profiles/${who.Cy!.userId}/personal-records`)).json();
    expect(bests.records_public).toBe(true);
    expect(bests.bests.map((b: { test_name: string; rank: number; athletes: number }) => `${b.test_name} ${b.rank}/${b.athletes}`)).toEqual(
      ['1-mile run 1/5', 'Max pull-ups 2/5'],
    );
    const profile = (await call('GET', `/api/v1/athlete-profiles/${who.Cy!.userId}`)).json();
    expect(profile.global).toEqual({ rank: 2, total: 1375, tests_count: 2, athletes: 6 });
    const history = (await call('GET', `/api/v1/athlete-profiles/${who.Eli!.userId}/performance-history`)).json();
    expect(history.series).toEqual([
      expect.objectContaining({
        test_name: '1-mile run',
        points: [
          expect.objectContaining({ achieved_on: '2026-09-01', value: 390 }),
          expect.objectContaining({ achieved_on: '2026-09-10', value: 300 }),
        ],
      }),
    ]);
  });

  it('describes a test: histogram, percentiles in its direction, top athletes', async () => {
    const dive = (await call('GET', `/api/v1/tests/${mile}/deep-dive`)).json();
    expect(dive.athletes).toBe(5);
    expect(dive.histogram.length).toBeLessThanOrEqual(20);
    expect(dive.histogram.reduce((n: number, b: { count: number }) => n + b.count, 0)).toBe(5);
    expect(dive.histogram[0]).toMatchObject({ from: 300, count: 3 });
    expect(dive.histogram.at(-1)).toMatchObject({ to: 420, count: 1 });
    // Lower is better: beating 90% of the field takes a time at or under the p90 value.
    expect(dive.percentiles.p90).toBeLessThanOrEqual(dive.percentiles.p50);
    expect(dive.percentiles.p50).toBe(300);
    expect(rows({ items: dive.top })).toEqual(['1 Ben', '1 Cy', '1 Eli', '4 Ana', '5 Dev']);
    const women = (await call('GET', `/api/v1/tests/${mile}/deep-dive?sex=female`)).json();
    expect(women.athletes).toBe(2);
    expect(rows({ items: women.top })).toEqual(['1 Cy', '4 Ana']);
    const pulls = (await call('GET', `/api/v1/tests/${pullUps}/deep-dive`)).json();
    expect(pulls.percentiles.p90).toBeGreaterThanOrEqual(pulls.percentiles.p50);
  });

  it("keeps the global ranking's bucket counts equal to a recount", async () => {
    const { kept, recount } = await globalBucketCounts(t.context.database.db);
    expect(kept.length).toBeGreaterThan(0);
    expect(kept).toEqual(recount);
  });
});
