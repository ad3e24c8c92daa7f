import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { rowsOf } from '#server/db/rows.ts';
import { forgetGymBoards, gymCacheSettings } from '#server/lib/boards/gym-board-cache.ts';
import { authHeaders, createTestApp, databaseKinds, type SignedIn, signIn } from './helpers.ts';

const HOUR = 3_600_000;

type AllianceRow = {
  rank: number;
  alliance: { id: number; name: string; status: string; teams: { name: string }[] };
  joined: number;
  scored: number;
  counted: number;
  score: number | null;
  athletes: { athlete: { display_name: string }; place: number; points: number }[];
};
type AlliancePage = { items: AllianceRow[]; mine: AllianceRow[]; total: number; gym_rule: string; gym_best_n: number };

describe.each(databaseKinds)('alliances on the board of a multi-gym event on %s', (kind) => {
  let t: Awaited<ReturnType<typeof createTestApp>>;
  let creator: SignedIn;
  const who: Record<string, SignedIn> = {};
  const teamIds: Record<string, number> = {};
  const allianceIds: Record<string, number> = {};
  let challengeId = 0;

  const call = (method: 'GET' | 'POST', url: string, as?: SignedIn, payload?: unknown) =>
    t.app.inject({ method, url, headers: as ? authHeaders(as) : {}, payload: payload as object });
  const ok = async (method: 'GET' | 'POST', url: string, as?: SignedIn, payload?: unknown, status = 200) => {
    const res = await call(method, url, as, payload);
    expect(res.statusCode, `${method} ${url}: ${res.body}`).toBe(status);
    return res.json();
  };
  const now = () => t.clock.now().getTime();
  const board = (query = '', as?: SignedIn) =>
    ok('GET', `/api/challenges/${challengeId}/alliance-rankings${query}`, as) as Promise<AlliancePage>;
  const order = (page: { items: AllianceRow[] }) => page.items.map((r) => `${r.rank} ${r.alliance.name} ${r.score}`);
  const join = (as: SignedIn) => ok('POST', `/api/challenges/${challengeId}/join`, as, { division: 'rx' });
  const score = (as: SignedIn, reps: number) => ok('POST', `/api/challenges/${challengeId}/submit-score`, as, { reps }, 201);
  const challenge = async (overrides: Record<string, unknown> = {}) =>
    (await ok(
      'POST',
      '/api/challenges/',
      creator,
      {
        title: 'Alliance burpees',
        score_type: 'reps',
        gym_rule: 'sum_points',
        gym_best_n: 2,
        starts_at: new Date(now() - HOUR).toISOString(),
        ends_at: new Date(now() + 48 * HOUR).toISOString(),
        ...overrides,
      },
      201,
    )) as { id: number };
  async function team(name: string, captain: SignedIn, members: SignedIn[] = []) {
    const id = (await ok('POST', '/api/teams', captain, { name: `${name} ${kind}`, max_size: 5 }, 201)).id as number;
    for (const m of members) {
      const sent = await ok('POST', `/api/teams/${id}/invitations`, captain, { user_id: m.userId }, 201);
      await ok('POST', `/api/team-invitations/${sent.id}/accept`, m);
    }
    teamIds[name] = id;
  }
  const propose = async (name: string, team: string, captain: SignedIn, others: string[]) => {
    const body = { name, team_ids: others.map((o) => teamIds[o]!) };
    allianceIds[name] = (await ok('POST', `/api/teams/${teamIds[team]}/alliances`, captain, body, 201)).id as number;
  };
  const accept = (alliance: string, team: string, captain: SignedIn) =>
    ok('POST', `/api/alliances/${allianceIds[alliance]}/teams/${teamIds[team]}/accept`, captain);

  /**
   * Teams: Alpha Lifters (Ann, Mia), Bravo Barbell (Ben), Charlie Crew (Cat), Delta Dogs (Dan). Alliances: Alpha
   * Pact (Alpha + Bravo) and Omega Pact (Alpha + Charlie) active before anyone joins; Delta Pact (Charlie + Delta)
   * proposed, accepted by Delta only after Dan joined. Lou joins, then Bravo. Board: Dan 70, Cat 60, Ann 50, Mia 40,
   * Ben 30, Lou 20, Sol (no team) 10 → places 1–7, 8 − place points.
   */
  beforeAll(async () => {
    // Every read exact (a loaded machine's slow read would otherwise start keeping the board), but where a test asks.
    gymCacheSettings.slowMs = Number.POSITIVE_INFINITY;
    t = await createTestApp(kind, {}, { rateLimit: false });
    creator = await signIn(t, 'coach@alliance.test', 'coach-password', 'Coach Carla');
    for (const [key, name] of [
      ['ann', 'Ann Alpha'],
      ['mia', 'Mia Alpha'],
      ['ben', 'Ben Bravo'],
      ['cat', 'Cat Charlie'],
      ['dan', 'Dan Delta'],
      ['lou', 'Lou Late'],
      ['sol', 'Sol Solo'],
    ] as const)
      who[key] = await signIn(t, `${key}@alliance.test`, 'athlete-password', name);
    await team('Alpha Lifters', who.ann!, [who.mia!]);
    await team('Bravo Barbell', who.ben!);
    await team('Charlie Crew', who.cat!);
    await team('Delta Dogs', who.dan!);
    await propose('Alpha Pact', 'Alpha Lifters', who.ann!, ['Bravo Barbell']);
    await accept('Alpha Pact', 'Bravo Barbell', who.ben!);
    await propose('Omega Pact', 'Alpha Lifters', who.ann!, ['Charlie Crew']);
    await accept('Omega Pact', 'Charlie Crew', who.cat!);
    await propose('Delta Pact', 'Charlie Crew', who.cat!, ['Delta Dogs']);
    challengeId = (await challenge()).id;
    // Dan joins while Delta Pact waits for his answer: he counts for no alliance, even once it is active.
    await join(who.dan!);
    expect((await accept('Delta Pact', 'Delta Dogs', who.dan!)).status).toBe('active');
    for (const key of ['ann', 'mia', 'ben', 'cat', 'lou', 'sol']) await join(who[key]!);
    // Lou joins Bravo Barbell after joining the challenge: no result of theirs moves into Alpha Pact.
    const sent = await ok('POST', `/api/teams/${teamIds['Bravo Barbell']}/invitations`, who.ben!, { user_id: who.lou!.userId }, 201);
    await ok('POST', `/api/team-invitations/${sent.id}/accept`, who.lou!);
    for (const [key, reps] of [
      ['dan', 70],
      ['cat', 60],
      ['ann', 50],
      ['mia', 40],
      ['ben', 30],
      ['lou', 20],
      ['sol', 10],
    ] as const)
      await score(who[key]!, reps);
  }, 240_000);
  afterAll(async () => {
    gymCacheSettings.slowMs = 40;
    await t.close();
  });

  it('counts an athlete for every alliance active with one of their teams when they joined', async () => {
    const page = await board();
    // Omega: Cat 6 + Ann 5; Alpha: Ann 5 + Mia 4; Delta: Cat 6 (Dan joined before it was active).
    expect(order(page)).toEqual(['1 Omega Pact 11', '2 Alpha Pact 9', '3 Delta Pact 6']);
    expect(page.total).toBe(3);
    expect(page).toMatchObject({ gym_rule: 'sum_points', gym_best_n: 2, mine: [] });
    const [omega, alpha, delta] = page.items as [AllianceRow, AllianceRow, AllianceRow];
    expect(alpha).toMatchObject({ joined: 3, scored: 3, counted: 2, alliance: { status: 'active' } });
    expect(alpha.alliance.teams.map((x) => x.name)).toEqual([`Alpha Lifters ${kind}`, `Bravo Barbell ${kind}`]);
    expect(alpha.athletes.map((a) => [a.athlete.display_name, a.place, a.points])).toEqual([
      ['Ann Alpha', 3, 5],
      ['Mia Alpha', 4, 4],
    ]);
    expect(omega).toMatchObject({ joined: 3, counted: 2 });
    expect(omega.athletes.map((a) => a.athlete.display_name)).toEqual(['Cat Charlie', 'Ann Alpha']);
    expect(delta).toMatchObject({ joined: 1, scored: 1, counted: 1 });
    expect(delta.athletes.map((a) => a.athlete.display_name)).toEqual(['Cat Charlie']);
    expect(delta.alliance.teams.map((x) => x.name)).toEqual([`Charlie Crew ${kind}`, `Delta Dogs ${kind}`]);
  });

  it('pins every alliance of the viewer, off the page too; the athlete who joined in none has none', async () => {
    const top = await board('?limit=1', who.ann!);
    expect(top.items.map((r) => r.alliance.name)).toEqual(['Omega Pact']);
    expect(top.mine.map((r) => `${r.rank} ${r.alliance.name}`)).toEqual(['1 Omega Pact', '2 Alpha Pact']);
    expect((await board('?limit=1&offset=2', who.cat!)).mine.map((r) => r.alliance.name)).toEqual(['Omega Pact', 'Delta Pact']);
    // Dan counts for none here (his alliance was not active when he joined), Sol has no team, a visitor is nobody.
    expect((await board('', who.dan!)).mine).toEqual([]);
    expect((await board('', who.sol!)).mine).toEqual([]);
    // Someone who has not joined sees the alliances they would count for now.
    const fan = await signIn(t, 'fan@alliance.test', 'athlete-password', 'Fay Fan');
    const sent = await ok('POST', `/api/teams/${teamIds['Delta Dogs']}/invitations`, who.dan!, { user_id: fan.userId }, 201);
    await ok('POST', `/api/team-invitations/${sent.id}/accept`, fan);
    expect((await board('', fan)).mine.map((r) => r.alliance.name)).toEqual(['Delta Pact']);
  });

  it('an alliance that ends keeps its counted results and shows as ended, with the team left in it', async () => {
    await ok('POST', `/api/alliances/${allianceIds['Alpha Pact']}/teams/${teamIds['Bravo Barbell']}/leave`, who.ben!);
    const page = await board();
    const alpha = page.items.find((r) => r.alliance.name === 'Alpha Pact')!;
    expect(alpha).toMatchObject({ rank: 2, score: 9, joined: 3, counted: 2, alliance: { status: 'ended' } });
    expect(alpha.alliance.teams.map((x) => x.name)).toEqual([`Alpha Lifters ${kind}`]);
    expect(order(page)).toEqual(['1 Omega Pact 11', '2 Alpha Pact 9', '3 Delta Pact 6']);
    // A new athlete of Alpha Lifters joining now counts for Omega Pact only (Alpha Pact has ended).
    const kit = await signIn(t, 'kit@alliance.test', 'athlete-password', 'Kit Alpha');
    const sent = await ok('POST', `/api/teams/${teamIds['Alpha Lifters']}/invitations`, who.ann!, { user_id: kit.userId }, 201);
    await ok('POST', `/api/team-invitations/${sent.id}/accept`, kit);
    await join(kit);
    expect((await board('', kit)).mine.map((r) => `${r.alliance.name} ${r.joined}`)).toEqual(['Omega Pact 4']);
  });

  it('a kept (large) board shows a renamed team at once, and the same rows', async () => {
    const direct = await board('', who.ann!);
    gymCacheSettings.slowMs = 0;
    try {
      await board('', who.ann!);
      await t.context.tasks.settled();
      expect(await board('', who.ann!)).toEqual(direct);
      await t.context.database.db.execute(sql`update teams set name = ${`Charlie Renamed ${kind}`} where id = ${teamIds['Charlie Crew']!}`);
      const omega = (await board()).items[0]!;
      expect(omega.alliance.teams.map((x) => x.name)).toContain(`Charlie Renamed ${kind}`);
    } finally {
      gymCacheSettings.slowMs = Number.POSITIVE_INFINITY;
      forgetGymBoards(t.context.database.db);
    }
  });

  it('answers 404 for a hidden or unknown challenge, 409 for one that is not a gym event, 400 for a bad page', async () => {
    const plain = await challenge({ gym_rule: null, gym_best_n: null, title: 'No gyms here' });
    const detail = async (url: string, status: number, as?: SignedIn) => {
      const res = await call('GET', url, as);
      expect(res.statusCode, url).toBe(status);
      expect(typeof res.json().detail).toBe('string');
    };
    await detail(`/api/challenges/${plain.id}/alliance-rankings`, 409);
    await detail('/api/challenges/999999/alliance-rankings', 404);
    for (const q of ['?limit=0', '?limit=101', '?offset=-1', '?limit=abc'])
      await detail(`/api/challenges/${challengeId}/alliance-rankings${q}`, 400);
    await detail('/api/challenges/abc/alliance-rankings', 400);
    const hidden = await challenge({ title: 'Hidden alliance burpees' });
    await t.context.database.db.execute(sql`update challenges set hidden_at = now() where id = ${hidden.id}`);
    await detail(`/api/challenges/${hidden.id}/alliance-rankings`, 404, who.ann!);
    expect((await call('GET', `/api/challenges/${hidden.id}/alliance-rankings`, creator)).statusCode).toBe(200);
    // A team challenge's joins store no alliance.
    const stored = async () =>
      (await rowsOf<{ n: number }>(t.context.database.db, sql`select count(*)::int as n from challenge_participant_alliances`))[0]!.n;
    const before = await stored();
    const teamChallenge = await challenge({ kind: 'team', team_rule: 'sum', team_size_max: 4, gym_rule: null, gym_best_n: null });
    await ok('POST', `/api/challenges/${teamChallenge.id}/join`, who.ann!, { division: 'rx', team_name: 'Ann solo' });
    expect(await stored()).toBe(before);
  });
});
