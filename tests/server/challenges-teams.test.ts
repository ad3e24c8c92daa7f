import { brotliDecompressSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authHeaders, createTestApp, databaseKinds, refusal, type SignedIn, signIn } from './helpers.ts';
import { expectKeptEncodings } from './kept-encodings.ts';

const HOUR = 3_600_000;

type TeamRow = {
  rank: number;
  team: { name: string };
  member_count: number;
  counted_members: number;
  aggregate: { value: number; display: string } | null;
  members: { athlete: { display_name: string } }[];
};

describe.each(databaseKinds)('team challenges on %s', (kind) => {
  let t: Awaited<ReturnType<typeof createTestApp>>;
  let creator: SignedIn;
  const athletes: SignedIn[] = [];

  beforeAll(async () => {
    t = await createTestApp(kind, {}, { rateLimit: false });
    creator = await signIn(t, 'coach@example.test', 'coach-password', 'Coach Carla');
    for (let i = 0; i < 10; i++) athletes.push(await signIn(t, `athlete${i}@example.test`, 'athlete-password', `Athlete ${i}`));
  });
  afterAll(async () => t.close());

  const call = (method: 'GET' | 'POST' | 'PUT', url: string, who?: SignedIn, payload?: unknown) =>
    t.app.inject({ method, url, headers: who ? authHeaders(who) : {}, payload: payload as object });
  const now = () => t.clock.now().getTime();
  const input = (overrides: Record<string, unknown> = {}) => ({
    title: 'Team burpees',
    score_type: 'reps',
    kind: 'team',
    team_rule: 'sum',
    team_size_max: 4,
    starts_at: new Date(now() - HOUR).toISOString(),
    ends_at: new Date(now() + 48 * HOUR).toISOString(),
    ...overrides,
  });
  const create = async (overrides: Record<string, unknown> = {}) => {
    const res = await call('POST', '/api/challenges/', creator, input(overrides));
    expect(res.statusCode, res.body).toBe(201);
    return res.json() as { id: number; team_rule: string; team_best_n: number | null; team_size_max: number };
  };
  const join = (who: SignedIn, id: number, team: { team_name?: string; team_id?: number } = {}) =>
    call('POST', `/api/challenges/${id}/join`, who, { division: 'rx', ...team });
  const submit = (who: SignedIn, id: number, body: unknown) => call('POST', `/api/challenges/${id}/submit-score`, who, body);
  const teamBoard = async (id: number, query = '', who?: SignedIn) => {
    const res = await call('GET', `/api/challenges/${id}/team-rankings${query}`, who);
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as { items: TeamRow[]; me: TeamRow | null; total: number };
  };
  const places = (page: { items: TeamRow[] }) => page.items.map((r) => `${r.rank} ${r.team.name}`);

  /** Teams by name, each a list of member scores (null: joined, no score); athletes are handed out in order. */
  async function teamsWith(id: number, teams: Record<string, (Record<string, unknown> | null)[]>) {
    let next = 0;
    for (const [name, scores] of Object.entries(teams)) {
      let teamId: number | undefined;
      for (const score of scores) {
        const who = athletes[next++]!;
        const res = teamId === undefined ? await join(who, id, { team_name: name }) : await join(who, id, { team_id: teamId });
        expect(res.statusCode, res.body).toBe(200);
        teamId = res.json().team.id;
        if (score) expect((await submit(who, id, score)).statusCode).toBe(201);
      }
    }
  }
  const reps = (n: number) => ({ reps: n });

  it('sums members’ bests; ties share the higher place', async () => {
    const c = await create();
    expect(c).toMatchObject({ team_rule: 'sum', team_best_n: null, team_size_max: 4 });
    await teamsWith(c.id, { Alpha: [reps(25), reps(15)], Bravo: [reps(30)], Charlie: [reps(10), reps(20)], Delta: [reps(10), null] });
    const board = await teamBoard(c.id);
    expect(places(board)).toEqual(['1 Alpha', '2 Bravo', '2 Charlie', '4 Delta']);
    expect(board.items[0]).toMatchObject({ member_count: 2, counted_members: 2, aggregate: { value: 40, display: '40 reps' } });
    expect(board.items[3]).toMatchObject({ member_count: 2, counted_members: 1, aggregate: { value: 10 } });
    expect(board.total).toBe(4);
    // The caller's team comes along off the page; members show their bests.
    const delta = athletes[5]!;
    const page = await teamBoard(c.id, '?limit=1', delta);
    expect(places(page)).toEqual(['1 Alpha']);
    expect(page.me).toMatchObject({ rank: 4, team: { name: 'Delta' } });
    expect(
      (page.me as unknown as { members: { athlete: { display_name: string }; best: { display: string } | null; counted: boolean }[] })
        .members,
    ).toEqual([
      expect.objectContaining({
        athlete: expect.objectContaining({ display_name: 'Athlete 5' }),
        best: expect.objectContaining({ display: '10 reps' }),
        counted: true,
      }),
      expect.objectContaining({ athlete: expect.objectContaining({ display_name: 'Athlete 6' }), best: null, counted: false }),
    ]);
    const detail = (await call('GET', `/api/challenges/${c.id}`, delta)).json();
    expect(detail.my_entry.team).toMatchObject({ name: 'Delta' });
    const teams = (await call('GET', `/api/challenges/${c.id}/teams`)).json();
    expect(teams.items.map((x: { name: string; member_count: number; full: boolean }) => [x.name, x.member_count, x.full])).toEqual([
      ['Alpha', 2, false],
      ['Bravo', 1, false],
      ['Charlie', 2, false],
      ['Delta', 2, false],
    ]);
  });

  it('sends a visitor the team board as a kept page (ETag, 304, br and gzip kept), a new one after a score', async () => {
    const c = await create({ title: 'Kept team board' });
    await teamsWith(c.id, { Kilo: [reps(12), null], Lima: [reps(9)] });
    const get = (headers: Record<string, string>) => t.app.inject({ method: 'GET', url: `/api/challenges/${c.id}/team-rankings`, headers });
    const before = await expectKeptEncodings(get);
    expect(places(before.json as { items: TeamRow[] })).toEqual(['1 Kilo', '2 Lima']);
    expect((await submit(athletes[2]!, c.id, reps(30))).statusCode).toBe(201); // Lima's member: Lima leads
    const after = await get({ 'accept-encoding': 'br', 'if-none-match': before.etag });
    expect(after.statusCode).toBe(200);
    expect(after.headers.etag).not.toBe(before.etag);
    expect(places(JSON.parse(brotliDecompressSync(after.rawPayload).toString('utf8')))).toEqual(['1 Lima', '2 Kilo']);
    // A signed-in reader gets their own team beside the page, not the kept body.
    expect((await teamBoard(c.id, '', athletes[0]!)).me).toMatchObject({ team: { name: 'Kilo' } });
  });

  it('averages members’ results; a team without results ranks last', async () => {
    const c = await create({ title: 'Average', team_rule: 'average' });
    await teamsWith(c.id, {
      Alpha: [reps(10), reps(30)],
      Bravo: [reps(20)],
      Charlie: [reps(25), reps(25)],
      Delta: [reps(5), reps(5)],
      Echo: [null],
    });
    const board = await teamBoard(c.id);
    expect(places(board)).toEqual(['1 Charlie', '2 Alpha', '2 Bravo', '4 Delta', '5 Echo']);
    expect(board.items[4]).toMatchObject({ counted_members: 0, aggregate: null });
  });

  it('best N counts the N best members; teams with fewer than N scored rank after', async () => {
    const c = await create({ title: 'Best two', team_rule: 'best_n', team_best_n: 2, team_size_max: 3 });
    expect(c).toMatchObject({ team_rule: 'best_n', team_best_n: 2 });
    // Charlie scores first: later, 100 would be held for review as far beyond the leaders.
    await teamsWith(c.id, {
      Charlie: [reps(100)],
      Alpha: [reps(40), reps(1), reps(30)],
      Bravo: [reps(25), reps(25), reps(1)],
      Delta: [reps(30), reps(20)],
    });
    const board = await teamBoard(c.id);
    expect(places(board)).toEqual(['1 Alpha', '2 Bravo', '2 Delta', '4 Charlie']);
    expect(board.items[0]).toMatchObject({ counted_members: 2, member_count: 3, aggregate: { value: 70 } });
    const alpha = board.items[0] as unknown as { members: { best: { display: string }; counted: boolean }[] };
    expect(alpha.members.map((m) => [m.best.display, m.counted])).toEqual([
      ['40 reps', true],
      ['30 reps', true],
      ['1 rep', false],
    ]);
  });

  it('ranks a timed team workout: more finishers first, then the lower total time', async () => {
    const c = await create({ title: 'Team Fran', score_type: 'time', time_cap_seconds: 600 });
    const s = (sec: number) => ({ time_ms: sec * 1000 });
    await teamsWith(c.id, {
      Alpha: [s(300), s(400)],
      Bravo: [s(200), { capped: true, reps: 80 }],
      Charlie: [s(350), s(350)],
      Xray: [s(250), s(250)],
    });
    const board = await teamBoard(c.id);
    expect(places(board)).toEqual(['1 Xray', '2 Alpha', '2 Charlie', '4 Bravo']);
    expect(board.items[0]!.aggregate).toEqual({ value: 500_000, display: '8:20' });
    expect(board.items[3]).toMatchObject({ counted_members: 1, aggregate: { display: '3:20' } });
  });

  it('refuses a full team, an unknown team, a missing team and a taken name, storing nothing', async () => {
    const c = await create({ title: 'Pairs', team_size_max: 2 });
    const [a, b, cc, d] = athletes as [SignedIn, SignedIn, SignedIn, SignedIn];
    const made = await join(a, c.id, { team_name: '  Iron   Pair ' });
    expect(made.statusCode, made.body).toBe(200);
    const team = made.json().team as { id: number; name: string };
    expect(team.name).toBe('Iron Pair');
    expect((await join(b, c.id, { team_id: team.id })).statusCode).toBe(200);
    const cases: [Record<string, unknown>, number, RegExp][] = [
      [{ team_id: team.id }, 409, /Iron Pair is full/],
      [{ team_id: 999_999 }, 404, /No team with that id/],
      [{}, 400, /team challenge: give team_name/],
      [{ team_name: 'IRON PAIR' }, 409, /exists already/],
      [{ team_name: 'x' }, 400, /2 to 60 characters/],
      [{ team_name: 'y'.repeat(61) }, 400, /2 to 60 characters/],
      [{ team_name: 'Two', team_id: team.id }, 400, /not both/],
    ];
    for (const [team, status, detail] of cases) {
      const res = await join(cc, c.id, team);
      expect(res.statusCode, JSON.stringify(team)).toBe(status);
      expect(refusal(res), JSON.stringify(team)).toMatch(detail);
    }
    // A member cannot move to another team.
    expect((await join(a, c.id, { team_name: 'Elsewhere' })).statusCode).toBe(409);
    expect((await call('GET', `/api/challenges/${c.id}/participants/count`)).json()).toEqual({ count: 2 });
    const teams = (await call('GET', `/api/challenges/${c.id}/teams`)).json();
    expect(teams.items).toEqual([expect.objectContaining({ name: 'Iron Pair', member_count: 2, full: true })]);
    // Team fields on an individual challenge are refused; team boards do not exist there.
    const solo = await create({ title: 'Solo', kind: 'individual', team_rule: null, team_size_max: null });
    expect((await join(d, solo.id, { team_name: 'Lonely' })).statusCode).toBe(400);
    expect((await call('GET', `/api/challenges/${solo.id}/team-rankings`)).statusCode).toBe(409);
    expect((await call('GET', `/api/challenges/${solo.id}/participants/count`)).json()).toEqual({ count: 0 });
  });

  it('refuses bad team settings with a detail and stores nothing', async () => {
    const before = (await call('GET', '/api/challenges/my-created', creator)).json().items.length;
    const cases: [Record<string, unknown>, RegExp][] = [
      [{ team_rule: undefined }, /Team rule is required.*team_rule/],
      [{ team_rule: 'median' }, /team_rule/],
      [{ team_size_max: undefined }, /largest team size is required.*team_size_max/],
      [{ team_size_max: 1 }, /team_size_max/],
      [{ team_size_max: 51 }, /team_size_max/],
      [{ team_rule: 'best_n' }, /team_best_n/],
      [{ team_rule: 'best_n', team_best_n: 1 }, /team_best_n/],
      [{ team_rule: 'best_n', team_best_n: 21 }, /team_best_n/],
      [{ team_rule: 'best_n', team_best_n: 5, team_size_max: 4 }, /cannot be more than team_size_max/],
      [{ team_rule: 'sum', team_best_n: 3 }, /only applies to the best_n rule/],
      [{ kind: 'individual' }, /only apply to a team challenge/],
    ];
    for (const [overrides, detail] of cases) {
      const res = await call('POST', '/api/challenges/', creator, input(overrides));
      expect(res.statusCode, JSON.stringify(overrides)).toBe(400);
      expect(refusal(res), JSON.stringify(overrides)).toMatch(detail);
    }
    expect((await call('GET', '/api/challenges/my-created', creator)).json().items).toHaveLength(before);
  });

  it('locks the team rule once scores exist, and the size limit below the largest team', async () => {
    const c = await create({ title: 'Locked', team_rule: 'sum', team_size_max: 3 });
    const body = input({ title: 'Locked' });
    // Before any score, the rule can change.
    const changed = await call('PUT', `/api/challenges/${c.id}`, creator, { ...body, team_rule: 'best_n', team_best_n: 2 });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json()).toMatchObject({ team_rule: 'best_n', team_best_n: 2 });
    await teamsWith(c.id, { Alpha: [reps(10), reps(12), null] });
    for (const next of [
      { team_rule: 'sum', team_best_n: null },
      { team_rule: 'best_n', team_best_n: 3 },
      { kind: 'individual', team_rule: null, team_best_n: null, team_size_max: null },
    ]) {
      const res = await call(
        'PUT',
        `/api/challenges/${c.id}`,
        creator,
        Object.assign({}, body, { team_rule: 'best_n', team_best_n: 2 }, next),
      );
      expect(res.statusCode, JSON.stringify(next)).toBe(409);
    }
    const smaller = await call('PUT', `/api/challenges/${c.id}`, creator, {
      ...body,
      team_rule: 'best_n',
      team_best_n: 2,
      team_size_max: 2,
    });
    expect(smaller.statusCode).toBe(409);
    expect(smaller.json().detail).toMatch(/already has 3 members/);
    const larger = await call('PUT', `/api/challenges/${c.id}`, creator, {
      ...body,
      title: 'Locked (renamed)',
      team_rule: 'best_n',
      team_best_n: 2,
      team_size_max: 5,
    });
    expect(larger.statusCode, larger.body).toBe(200);
    expect((await call('GET', `/api/challenges/${c.id}`)).json()).toMatchObject({ team_rule: 'best_n', team_best_n: 2, team_size_max: 5 });
  });

  it('finds teams by team or member name, or the caller’s own team, with the page that lists each', async () => {
    const c = await create({ title: 'Findable teams' });
    await teamsWith(c.id, {
      'Alpha Lifters': [reps(25), reps(15)],
      'Bravo Barbell': [reps(30)],
      'Charlie Crew': [reps(10), reps(20)],
      'Delta Dogs': [reps(10), null],
    });
    type Match = { team: { name: string }; rank: number; position: number; page: number };
    const find = async (query: string, who?: SignedIn) => {
      const res = await call('GET', `/api/challenges/${c.id}/team-rankings/find?${query}`, who);
      expect(res.statusCode, res.body).toBe(200);
      return (res.json() as { items: Match[] }).items.map((m) => `${m.rank} ${m.team.name} @${m.position} p${m.page}`);
    };
    // Bravo and Charlie share 2nd place; the board lists them by name, so Charlie is third in its order.
    expect(await find('q=lif&limit=2')).toEqual(['1 Alpha Lifters @1 p1']);
    expect(await find('q=CREW&limit=2')).toEqual(['2 Charlie Crew @3 p2']);
    expect(await find('q=athlete%205&limit=2')).toEqual(['4 Delta Dogs @4 p2']);
    expect(await find('q=athlete')).toEqual([
      '1 Alpha Lifters @1 p1',
      '2 Bravo Barbell @2 p1',
      '2 Charlie Crew @3 p1',
      '4 Delta Dogs @4 p1',
    ]);
    expect(await find('q=zz')).toEqual([]);
    expect(await find('me=true&limit=3', athletes[3])).toEqual(['2 Charlie Crew @3 p1']);
    expect(await find('me=true', creator)).toEqual([]);
    expect((await call('GET', `/api/challenges/${c.id}/team-rankings/find?me=true`)).statusCode).toBe(401);
    expect(refusal(await call('GET', `/api/challenges/${c.id}/team-rankings/find?q=%20a%20`))).toMatch(/2 to 40 letters/);
    expect((await call('GET', `/api/challenges/${c.id}/team-rankings/find?q=abc&limit=0`)).statusCode).toBe(400);
    expect((await call('GET', '/api/challenges/999999/team-rankings/find?q=abc')).statusCode).toBe(404);
    const solo = await call(
      'POST',
      '/api/challenges/',
      creator,
      input({ kind: 'individual', team_rule: undefined, team_size_max: undefined }),
    );
    expect(solo.statusCode, solo.body).toBe(201);
    expect((await call('GET', `/api/challenges/${solo.json().id}/team-rankings/find?q=abc`)).statusCode).toBe(409);

    // A member who keeps their name off boards is neither found by it nor named on the team board, but to themselves.
    const hidden = athletes[6]!;
    expect((await call('PUT', '/api/privacy/settings', hidden, { board_anonymous: true })).statusCode).toBe(200);
    try {
      expect(await find('q=athlete%206')).toEqual([]);
      expect(await find('q=athlete%206', hidden)).toEqual(['4 Delta Dogs @4 p1']);
      const names = (page: { items: TeamRow[] }) =>
        page.items.find((r) => r.team.name === 'Delta Dogs')!.members.map((m) => m.athlete.display_name);
      expect(names(await teamBoard(c.id))).toEqual(['Athlete 5', `Athlete #${hidden.userId}`]);
      expect(names(await teamBoard(c.id, '', hidden))).toEqual(['Athlete 5', 'Athlete 6']);
    } finally {
      await call('PUT', '/api/privacy/settings', hidden, { board_anonymous: false });
    }
  });
});
