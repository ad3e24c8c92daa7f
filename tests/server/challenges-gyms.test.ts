import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { rowsOf } from '#server/db/rows.ts';
import { gymCacheSettings } from '#server/lib/boards/gym-board-cache.ts';
import { authHeaders, createTestApp, databaseKinds, type SignedIn, signIn } from './helpers.ts';
import { expectKeptEncodings } from './kept-encodings.ts';

const HOUR = 3_600_000;
const PUBLIC = { sex: 'public', birth_year: 'public', bodyweight: 'public', gym: 'public', bio: 'public', records: 'public' } as const;

type GymRow = {
  rank: number;
  gym: { id: number; name: string };
  joined: number;
  scored: number;
  counted: number;
  score: number | null;
  athletes: { athlete: { display_name: string }; place: number; points: number }[];
};
type GymPage = { items: GymRow[]; me: GymRow | null; total: number; gym_rule: string; gym_best_n: number };

describe.each(databaseKinds)('multi-gym events on %s', (kind) => {
  let t: Awaited<ReturnType<typeof createTestApp>>;
  let creator: SignedIn;
  const athletes: SignedIn[] = [];
  const gymIds: Record<string, number> = {};

  beforeAll(async () => {
    t = await createTestApp(kind, { adminEmails: ['admin@example.test'] }, { rateLimit: false });
    creator = await signIn(t, 'coach@example.test', 'coach-password', 'Coach Carla');
    for (let i = 0; i < 8; i++) athletes.push(await signIn(t, `athlete${i}@example.test`, 'athlete-password', `Athlete ${i}`));
    for (const name of ['North Box', 'South Box', 'East Box']) {
      const res = await call('POST', '/api/gyms', creator, { name, city: 'Oslo' });
      expect(res.statusCode, res.body).toBe(201);
      gymIds[name] = res.json().id;
    }
  }, 240_000);
  afterAll(async () => t.close());

  const call = (method: 'GET' | 'POST' | 'PUT' | 'PATCH', url: string, who?: SignedIn, payload?: unknown) =>
    t.app.inject({ method, url, headers: who ? authHeaders(who) : {}, payload: payload as object });
  const now = () => t.clock.now().getTime();
  const input = (overrides: Record<string, unknown> = {}) => ({
    title: 'Gym vs gym burpees',
    score_type: 'reps',
    gym_rule: 'sum_points',
    gym_best_n: 2,
    starts_at: new Date(now() - HOUR).toISOString(),
    ends_at: new Date(now() + 48 * HOUR).toISOString(),
    ...overrides,
  });
  const create = async (overrides: Record<string, unknown> = {}) => {
    const res = await call('POST', '/api/challenges/', creator, input(overrides));
    expect(res.statusCode, res.body).toBe(201);
    return res.json() as { id: number; gym_rule: string | null; gym_best_n: number | null };
  };
  const setGym = async (who: SignedIn, gym: string | null) => {
    const res = await call('PUT', '/api/v1/athlete-profiles/me', who, {
      display_name: `Athlete ${athletes.indexOf(who)}`,
      privacy: PUBLIC,
      gym_id: gym === null ? null : gymIds[gym],
    });
    expect(res.statusCode, res.body).toBe(200);
  };
  const joinAndScore = async (who: SignedIn, id: number, reps: number | null) => {
    const joined = await call('POST', `/api/challenges/${id}/join`, who, { division: 'rx' });
    expect(joined.statusCode, joined.body).toBe(200);
    if (reps !== null) expect((await call('POST', `/api/challenges/${id}/submit-score`, who, { reps })).statusCode).toBe(201);
  };
  const gymBoard = async (id: number, query = '', who?: SignedIn) => {
    const res = await call('GET', `/api/challenges/${id}/gym-rankings${query}`, who);
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as GymPage;
  };
  const order = (page: { items: GymRow[] }) => page.items.map((r) => `${r.rank} ${r.gym.name} ${r.score}`);
  const challengeCount = async () =>
    (await rowsOf<{ n: number }>(t.context.database.db, sql`select count(*)::int as n from challenges`))[0]!.n;

  /**
   * North: athletes 0, 1, 2 (50, 40, 10 reps); South: 3, 4 (45, 44); East: 5 (60), 6 (joined, no score); 7 has no
   * gym (55). Board places: 60, 55, 50, 45, 44, 40, 10 → 1..7; on a board of 7, place p earns 8 − p points.
   */
  async function seeded(rule: string, n: number) {
    const c = await create({ gym_rule: rule, gym_best_n: n, title: `Gym event ${rule} ${n}` });
    const plan: [number, string | null, number | null][] = [
      [0, 'North Box', 50],
      [1, 'North Box', 40],
      [2, 'North Box', 10],
      [3, 'South Box', 45],
      [4, 'South Box', 44],
      [5, 'East Box', 60],
      [6, 'East Box', null],
      [7, null, 55],
    ];
    for (const [i, gym, reps] of plan) {
      await setGym(athletes[i]!, gym);
      await joinAndScore(athletes[i]!, c.id, reps);
    }
    return c;
  }

  it('ranks gyms by the sum of the best N points or places, with their counted athletes', async () => {
    const c = await seeded('sum_points', 3);
    expect(c).toMatchObject({ gym_rule: 'sum_points', gym_best_n: 3 });
    const points = await gymBoard(c.id);
    // North 5 + 2 + 1, South 4 + 3, East 7: equal gyms share the place.
    expect(order(points)).toEqual(['1 North Box 8', '2 South Box 7', '2 East Box 7']);
    expect(points.total).toBe(3);
    const north = points.items[0]!;
    expect(north).toMatchObject({ joined: 3, scored: 3, counted: 3 });
    expect(north.athletes.map((a) => [a.athlete.display_name, a.place, a.points])).toEqual([
      ['Athlete 0', 3, 5],
      ['Athlete 1', 6, 2],
      ['Athlete 2', 7, 1],
    ]);
    const places = await gymBoard((await seeded('sum_places', 2)).id);
    // North 3 + 6 = 9, South 4 + 5 = 9; East has one counted athlete (place 1): fewer counted ranks below.
    expect(places.items.map((r) => `${r.rank} ${r.gym.name} ${r.score} ${r.counted}`)).toEqual([
      '1 North Box 9 2',
      '1 South Box 9 2',
      '3 East Box 1 1',
    ]);
  });

  it('sends a visitor the gym board as a kept page: ETag, 304, br and gzip bodies kept', async () => {
    const c = await seeded('sum_points', 2);
    const get = (headers: Record<string, string>) => t.app.inject({ method: 'GET', url: `/api/challenges/${c.id}/gym-rankings`, headers });
    const { json } = await expectKeptEncodings(get);
    expect(order(json as GymPage)).toEqual(order(await gymBoard(c.id)));
  });

  it('average and participation-weighted: a small gym can lead on average, a full turnout lifts the weighted score', async () => {
    const avg = await gymBoard((await seeded('average_points', 3)).id);
    // East: 7 points / 1; North: (5 + 2 + 1) / 3; South: (4 + 3) / 2.
    expect(order(avg)).toEqual(['1 East Box 7', '2 South Box 3.5', '3 North Box 2.6666666666666665']);
    const weighted = await gymBoard((await seeded('participation', 3)).id);
    // East: 7 × 1/2 scored; South: 3.5 × 2/2; North: 8/3 × 3/3.
    expect(order(weighted)).toEqual(['1 South Box 3.5', '1 East Box 3.5', '3 North Box 2.6666666666666665']);
  });

  it('counts an athlete for the gym on their profile when they joined; a later profile change moves nothing', async () => {
    const c = await create({ gym_rule: 'sum_points', gym_best_n: 5, title: 'Captured gyms' });
    await setGym(athletes[0]!, 'North Box');
    await joinAndScore(athletes[0]!, c.id, 30);
    await setGym(athletes[0]!, 'South Box');
    await setGym(athletes[1]!, 'South Box');
    await joinAndScore(athletes[1]!, c.id, 20);
    const board = await gymBoard(c.id);
    expect(board.items.map((r) => [r.gym.name, r.athletes.map((a) => a.athlete.display_name)])).toEqual([
      ['North Box', ['Athlete 0']],
      ['South Box', ['Athlete 1']],
    ]);
    // Joining again (a division change) keeps the gym captured the first time.
    expect((await call('POST', `/api/challenges/${c.id}/join`, athletes[0]!, { division: 'rx' })).statusCode).toBe(200);
    expect((await gymBoard(c.id)).items[0]!.athletes.map((a) => a.athlete.display_name)).toEqual(['Athlete 0']);
    // The viewer's gym is the one they count for here (North), not their profile's now (South).
    expect((await gymBoard(c.id, '', athletes[0]!)).me?.gym.name).toBe('North Box');
  });

  it('pins the viewer’s gym when it is off the page; a visitor or an athlete without a gym has none', async () => {
    const c = await seeded('sum_points', 3);
    const top = await gymBoard(c.id, '?limit=1', athletes[5]!);
    expect(top.items.map((r) => r.gym.name)).toEqual(['North Box']);
    expect(top.me).toMatchObject({ rank: 2, gym: { name: 'East Box' }, joined: 2, scored: 1, counted: 1 });
    expect((await gymBoard(c.id, '?limit=1&offset=1', athletes[0]!)).me?.gym.name).toBe('North Box');
    expect((await gymBoard(c.id, '?limit=1')).me).toBeNull();
    expect((await gymBoard(c.id, '?limit=1', athletes[7]!)).me).toBeNull();
  });

  it('shows an athlete who is anonymous on boards as “Athlete #N” among the counted, by name to themself', async () => {
    const c = await seeded('sum_points', 3);
    const nora = athletes[0]!;
    expect((await call('PUT', '/api/privacy/settings', nora, { board_anonymous: true })).statusCode).toBe(200);
    try {
      const counted = async (who?: SignedIn) => (await gymBoard(c.id, '', who)).items[0]!.athletes.map((a) => a.athlete.display_name);
      expect(await counted()).toEqual([`Athlete #${nora.userId}`, 'Athlete 1', 'Athlete 2']);
      expect(await counted(athletes[1]!)).toEqual([`Athlete #${nora.userId}`, 'Athlete 1', 'Athlete 2']);
      expect(await counted(nora)).toEqual(['Athlete 0', 'Athlete 1', 'Athlete 2']);
    } finally {
      await call('PUT', '/api/privacy/settings', nora, { board_anonymous: false });
    }
  });

  it('refuses a bad rule or N with 422 and stores nothing', async () => {
    const before = await challengeCount();
    const cases: [Record<string, unknown>, string][] = [
      [{ gym_rule: 'most_burpees' }, 'gym_rule'],
      [{ gym_best_n: 0 }, 'gym_best_n'],
      [{ gym_best_n: 51 }, 'gym_best_n'],
      [{ gym_best_n: null }, 'gym_best_n'],
      [{ gym_rule: null, gym_best_n: 3 }, 'gym_best_n'],
      [{ kind: 'team', team_rule: 'sum', team_size_max: 4 }, 'gym_rule'],
    ];
    for (const [overrides, field] of cases) {
      const res = await call('POST', '/api/challenges/', creator, input(overrides));
      expect(res.statusCode, JSON.stringify(overrides)).toBe(422);
      expect(res.json().field_errors, JSON.stringify(overrides)).toHaveProperty(field);
    }
    // Not a whole number at all: the contract refuses it (400) before the rules are asked.
    expect((await call('POST', '/api/challenges/', creator, input({ gym_best_n: 2.5 }))).statusCode).toBe(400);
    expect(await challengeCount()).toBe(before);
    // An edit is refused the same way, and the challenge keeps its rule.
    const c = await create({ starts_at: new Date(now() + HOUR).toISOString() });
    const edit = await call(
      'PUT',
      `/api/challenges/${c.id}`,
      creator,
      input({ starts_at: new Date(now() + HOUR).toISOString(), gym_best_n: 99 }),
    );
    expect(edit.statusCode).toBe(422);
    expect((await call('GET', `/api/challenges/${c.id}`)).json()).toMatchObject({ gym_rule: 'sum_points', gym_best_n: 2 });
  });

  it('lets the creator change the gym rule before the start, not after; a plain challenge has no gym board', async () => {
    const starts = new Date(now() + HOUR).toISOString();
    const c = await create({ starts_at: starts });
    const edit = await call('PUT', `/api/challenges/${c.id}`, creator, input({ starts_at: starts, gym_rule: 'sum_places', gym_best_n: 4 }));
    expect(edit.statusCode, edit.body).toBe(200);
    expect(edit.json()).toMatchObject({ gym_rule: 'sum_places', gym_best_n: 4 });
    const started = await create();
    const late = await call('PUT', `/api/challenges/${started.id}`, creator, input({ gym_rule: 'sum_places', gym_best_n: 4 }));
    expect(late.statusCode).toBe(409);
    const plain = await create({ gym_rule: null, gym_best_n: null });
    expect(plain).toMatchObject({ gym_rule: null, gym_best_n: null });
    expect((await call('GET', `/api/challenges/${plain.id}/gym-rankings`)).statusCode).toBe(409);
  });

  it('serves a large board from memory with the same rows, and shows a change once recomputed', async () => {
    const c = await seeded('sum_points', 3);
    const direct = await gymBoard(c.id, '', athletes[0]!);
    gymCacheSettings.slowMs = 0;
    try {
      await gymBoard(c.id, '', athletes[0]!);
      await t.context.tasks.settled();
      expect(await gymBoard(c.id, '', athletes[0]!)).toEqual(direct);
      // Athlete 2 (North, last) moves up to fourth: North's points 5 + 4 + 1 show once the kept board is recomputed.
      expect((await call('POST', `/api/challenges/${c.id}/submit-score`, athletes[2]!, { reps: 47 })).statusCode).toBe(201);
      let north: GymRow | undefined;
      const t0 = Date.now();
      while (north?.score !== 10 && Date.now() - t0 < 8_000) {
        await gymBoard(c.id);
        await t.context.tasks.settled();
        north = (await gymBoard(c.id)).items.find((r) => r.gym.name === 'North Box');
        if (north?.score !== 10) await new Promise((r) => setTimeout(r, 100));
      }
      expect(north).toMatchObject({ rank: 1, score: 10 });
    } finally {
      gymCacheSettings.slowMs = 40;
    }
  });

  it('a gym rename or merge reaches a kept (large) board at once, not at its next recomputation', async () => {
    const admin = await signIn(t, 'admin@example.test', 'admin-password', 'Admin Ada');
    const west = await call('POST', '/api/gyms', creator, { name: 'West Box', city: 'Oslo' });
    expect(west.statusCode, west.body).toBe(201);
    gymIds['West Box'] = west.json().id;
    const c = await create({ gym_rule: 'sum_points', gym_best_n: 3, title: 'Kept gym board' });
    await setGym(athletes[0]!, 'North Box');
    await joinAndScore(athletes[0]!, c.id, 50);
    await setGym(athletes[7]!, 'West Box');
    await joinAndScore(athletes[7]!, c.id, 60);
    gymCacheSettings.slowMs = 0;
    try {
      await gymBoard(c.id);
      await t.context.tasks.settled();
      expect(order(await gymBoard(c.id))).toEqual(['1 West Box 2', '2 North Box 1']);
      const renamed = await call('PATCH', `/api/gyms/${gymIds['West Box']!}`, admin, { name: 'West Side Box' });
      expect(renamed.statusCode, renamed.body).toBe(200);
      expect(order(await gymBoard(c.id))).toEqual(['1 West Side Box 2', '2 North Box 1']);
      const merged = await call('POST', `/api/gyms/${gymIds['West Box']!}/merge`, admin, { into_gym_id: gymIds['North Box'] });
      expect(merged.statusCode, merged.body).toBe(200);
      const board = await gymBoard(c.id, '', athletes[7]!);
      expect(order(board)).toEqual(['1 North Box 3']);
      expect(board.me).toMatchObject({ gym: { name: 'North Box' }, joined: 2, counted: 2 });
    } finally {
      gymCacheSettings.slowMs = 40;
      await setGym(athletes[7]!, null);
    }
  });

  it('a gym merge moves the merged gym’s athletes on the gym board to the survivor, every result kept', async () => {
    const c = await seeded('sum_points', 3);
    const admin = await signIn(t, 'admin@example.test', 'admin-password', 'Admin Ada');
    const merged = await call('POST', `/api/gyms/${gymIds['East Box']!}/merge`, admin, { into_gym_id: gymIds['South Box'] });
    expect(merged.statusCode, merged.body).toBe(200);
    const board = await gymBoard(c.id, '', athletes[6]!);
    // South now holds Elsa's place 1 too: best three 7 + 4 + 3 = 14, ahead of North's 8; four joined, three scored.
    expect(order(board)).toEqual(['1 South Box 14', '2 North Box 8']);
    expect(board.me).toMatchObject({ gym: { name: 'South Box' }, joined: 4, scored: 3, counted: 3 });
  });
});
