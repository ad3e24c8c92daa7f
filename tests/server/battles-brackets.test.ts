import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { battleJobHandlers, closeRound } from '#server/areas/battles/index.ts';
import { rowsOf } from '#server/db/rows.ts';
import { runDueJobs } from '#server/lib/jobs.ts';
import { authHeaders, createTestApp, databaseKinds, refreshCookieFrom, refusal, signIn, type SignedIn } from './helpers.ts';

const HOUR = 3_600_000;
const NAMES = ['Ana', 'Bo', 'Cy', 'Di', 'Ed', 'Fay'] as const;

interface SideView {
  seed: number;
  display_name: string | null;
  score_text: string | null;
}
interface MatchView {
  slot: number;
  a: SideView | null;
  b: SideView | null;
  winner_seed: number | null;
  bye: boolean;
  projected: boolean;
}
interface BracketView {
  rounds: { round_no: number; name: string; matches: MatchView[] }[];
}

/** A match as "seed name score — seed name score → winner seed", byes and projections marked. */
const line = (m: MatchView) => {
  const side = (s: SideView | null) => (s ? [s.seed, s.display_name, s.score_text].filter((x) => x !== null).join(' ') : '-');
  return `${side(m.a)} v ${side(m.b)}${m.bye ? ' (bye)' : ''}${m.projected ? ' (projected)' : ''} → ${m.winner_seed ?? '?'}`;
};
const lines = (b: BracketView, round: number) => b.rounds[round - 1]!.matches.map(line);

describe.each(databaseKinds)('bracket stages on %s', (kind) => {
  let t: Awaited<ReturnType<typeof createTestApp>>;
  let admin: SignedIn;
  const people: Record<(typeof NAMES)[number], SignedIn> = {} as never;
  beforeAll(async () => {
    t = await createTestApp(kind, { adminEmails: ['admin-br@x.test'] }, { rateLimit: false });
    admin = await signIn(t, 'admin-br@x.test', 'admin-password', 'Admin Ada');
    for (const name of NAMES) people[name] = await signIn(t, `${name.toLowerCase()}-br@x.test`, undefined, name);
  }, 240_000);
  afterAll(async () => t.close());

  /** Moves the clock and renews everyone's access token (they last less than a stage). */
  async function advance(ms: number) {
    t.clock.advance(ms);
    for (const who of [admin, ...Object.values(people)]) {
      const res = await t.app.inject({ method: 'POST', url: '/api/auth/refresh-token', headers: { cookie: who.cookie } });
      const body = res.json();
      who.token = body.token.token;
      who.csrf = body.csrf_token;
      who.cookie = refreshCookieFrom(res);
    }
  }
  const call = (method: 'GET' | 'POST', url: string, who?: SignedIn, payload?: object) =>
    t.app.inject({ method, url, ...(who ? { headers: authHeaders(who) } : {}), ...(payload !== undefined ? { payload } : {}) });
  const iso = (ms: number) => new Date(ms).toISOString();
  const score = (battleId: number, who: SignedIn, reps: number) =>
    call('POST', `/api/battle-royale/challenges/${battleId}/attempts`, who, { reps });

  /** Qualifier (one round, nobody cut, 5 advance) → Knockout (a bracket of 5: three 1-hour rounds, 2 advance) → Final. */
  const input = (over: Record<string, unknown>[] = []) => {
    const start = t.context.now().getTime() + HOUR;
    return {
      name: 'Bracket Cup',
      score_type: 'reps',
      attempts_per_round: 2,
      stages: [
        {
          name: 'Qualifier',
          starts_at: iso(start),
          round_hours: 1,
          rounds: [{ cut: { kind: 'keep_top', keep: 6 } }],
          advance: 5,
          ...over[0],
        },
        { name: 'Knockout', format: 'bracket', starts_at: iso(start + HOUR), round_hours: 1, rounds: [], advance: 2, ...over[1] },
        {
          name: 'Final',
          starts_at: iso(start + 4 * HOUR),
          round_hours: 1,
          rounds: [{ cut: { kind: 'keep_top', keep: 1 } }],
          advance: null,
        },
      ],
    };
  };
  const count = async (table: string) =>
    (await rowsOf<{ n: number }>(t.context.database.db, sql.raw(`select count(*)::int as n from ${table}`)))[0]!.n;

  it('refuses a bracket that cannot be played, storing nothing', async () => {
    const tournaments = await count('tournaments');
    const first = input();
    first.stages = [{ ...first.stages[1]!, starts_at: first.stages[0]!.starts_at }, ...first.stages.slice(2)];
    expect(refusal(await call('POST', '/api/battle-royale/tournaments', admin, first))).toMatch(/stage 1 is a battle royale/);
    expect(refusal(await call('POST', '/api/battle-royale/tournaments', admin, input([{ advance: 65 }])))).toMatch(/2 to 64/);
    const cuts = input([{}, { rounds: [{ cut: { kind: 'keep_top', keep: 2 } }] }]);
    expect(refusal(await call('POST', '/api/battle-royale/tournaments', admin, cuts))).toMatch(/no cut rules/);
    // Five seeds need three rounds: a final opening after two is too early.
    const early = input();
    early.stages[2]!.starts_at = iso(Date.parse(early.stages[1]!.starts_at) + 2 * HOUR);
    expect(refusal(await call('POST', '/api/battle-royale/tournaments', admin, early))).toMatch(/date order/);
    expect(await count('tournaments')).toBe(tournaments);
  });

  it('plays a 5-seed bracket: byes for seeds 1–3, rounds closed on the clock (once), a champion, the top 2 into the final', async () => {
    const { Ana, Bo, Cy, Di, Ed, Fay } = people;
    const created = await call('POST', '/api/battle-royale/tournaments', admin, input());
    expect(created.statusCode).toBe(201);
    const tn = created.json();
    expect(tn.stages.map((s: { format: string; rounds: unknown[] }) => [s.format, s.rounds.length])).toEqual([
      ['battle_royale', 1],
      ['bracket', 3],
      ['battle_royale', 1],
    ]);
    const [q, k, f] = tn.stages.map((s: { battle_id: number }) => s.battle_id) as [number, number, number];
    expect(tn.stages[1].rounds[0]).toMatchObject({ cut: { kind: 'head_to_head' }, cut_text: expect.stringMatching(/head to head/) });
    // Before anyone enters: the bracket of the 5 planned seeds, projected.
    expect(lines(tn.stages[1].bracket, 1)).toEqual([
      '1 v - (bye) (projected) → 1',
      '4 v 5 (projected) → ?',
      '2 v - (bye) (projected) → 2',
      '3 v - (bye) (projected) → 3',
    ]);
    expect(tn.stages[1].bracket.rounds.map((r: { name: string }) => r.name)).toEqual(['Quarter-finals', 'Semi-finals', 'Final']);
    expect(refusal(await call('POST', `/api/battle-royale/challenges/${k}/enter`, Ana))).toMatch(/advancing/);

    for (const who of [Ana, Bo, Cy, Di, Ed, Fay]) {
      expect((await call('POST', `/api/battle-royale/challenges/${q}/enter`, who)).statusCode).toBe(200);
      t.clock.advance(1000);
    }
    const preview = (await call('GET', `/api/battle-royale/tournaments/${tn.id}/preview`)).json();
    expect(preview.stages[1]).toMatchObject({ format: 'bracket', projected_field: 5, advancing: 2 });
    expect(
      preview.stages[1].rounds.map((r: { projected_field: number; projected_keep: number }) => [r.projected_field, r.projected_keep]),
    ).toEqual([
      [5, 4],
      [4, 2],
      [2, 1],
    ]);
    expect(lines(preview.stages[1].bracket, 2)).toEqual(['1 v 4 (projected) → ?', '2 v 3 (projected) → ?']);

    // The qualifier: Ana … Ed take places 1–5 and become seeds 1–5; Fay is sixth and out.
    await advance(HOUR + 1000);
    for (const [who, reps] of [
      [Ana, 60],
      [Bo, 50],
      [Cy, 40],
      [Di, 30],
      [Ed, 20],
      [Fay, 10],
    ] as const)
      expect((await score(q, who, reps)).statusCode).toBe(201);
    await advance(HOUR);
    expect(await runDueJobs(t.context, battleJobHandlers)).toBe(1);
    const drawn = (await call('GET', `/api/battle-royale/tournaments/${tn.id}`)).json();
    expect(drawn.stages[1].seeds.map((s: { seed: number; display_name: string }) => `${s.seed} ${s.display_name}`)).toEqual([
      '1 Ana',
      '2 Bo',
      '3 Cy',
      '4 Di',
      '5 Ed',
    ]);
    expect(lines(drawn.stages[1].bracket, 1)).toEqual([
      '1 Ana v - (bye) → 1',
      '4 Di v 5 Ed → ?',
      '2 Bo v - (bye) → 2',
      '3 Cy v - (bye) → 3',
    ]);
    expect(await count('battle_matches')).toBe(4);

    // Round 1: only Di and Ed play; a bye or a missing seed cannot submit. Ed (seed 5) wins the upset.
    expect(refusal(await score(k, Ana, 99))).toMatch(/bye in round 1/);
    expect((await score(k, Fay, 99)).statusCode).toBe(403);
    expect((await score(k, Di, 40)).statusCode).toBe(201);
    expect((await score(k, Ed, 50)).statusCode).toBe(201);
    await advance(HOUR);
    expect(await runDueJobs(t.context, battleJobHandlers)).toBe(1);
    expect(await closeRound(t.context, k, 1)).toEqual({ closed: false, eliminated: [] });
    const r1 = (await call('GET', `/api/battle-royale/tournaments/${tn.id}`, Di)).json();
    expect(lines(r1.stages[1].bracket, 1)[1]).toBe('4 Di 40 reps v 5 Ed 50 reps → 5');
    expect(lines(r1.stages[1].bracket, 2)).toEqual(['1 Ana v 5 Ed → ?', '2 Bo v 3 Cy → ?']);
    expect(r1.me).toMatchObject({ stage_no: 2, eliminated_round: 1 });
    // The stage's own battle page reads the same bracket, with the tournament it belongs to; other battles have none.
    const own = await call('GET', `/api/battle-royale/challenges/${k}/bracket`);
    expect(own.statusCode).toBe(200);
    expect(own.json()).toEqual({
      battle_id: k,
      tournament_id: tn.id,
      tournament_name: 'Bracket Cup',
      stage_no: 2,
      stage_name: 'Knockout',
      bracket: r1.stages[1].bracket,
    });
    for (const [other, detail] of [
      [q, 'That battle is not a bracket stage of a tournament.'],
      [f, 'That battle is not a bracket stage of a tournament.'],
      [999_999, 'No battle with that id.'],
    ] as const) {
      const res = await call('GET', `/api/battle-royale/challenges/${other}/bracket`);
      expect([res.statusCode, refusal(res)]).toEqual([404, detail]);
    }
    const diInbox = (await call('GET', '/api/notifications', Di)).json();
    expect(diInbox.items[0]).toMatchObject({ kind: 'battle_eliminated', link: `/battle-hub?tournament=${tn.id}` });

    // Semi-finals: Ed does not score and loses; Bo and Cy tie exactly, and the better seed (Bo) goes on.
    expect((await score(k, Ana, 30)).statusCode).toBe(201);
    expect((await score(k, Bo, 20)).statusCode).toBe(201);
    expect((await score(k, Cy, 20)).statusCode).toBe(201);
    await advance(HOUR);
    expect(await runDueJobs(t.context, battleJobHandlers)).toBe(1);
    const r2 = (await call('GET', `/api/battle-royale/tournaments/${tn.id}`)).json();
    expect(lines(r2.stages[1].bracket, 2)).toEqual(['1 Ana 30 reps v 5 Ed → 1', '2 Bo 20 reps v 3 Cy 20 reps → 2']);
    expect(lines(r2.stages[1].bracket, 3)).toEqual(['1 Ana v 2 Bo → ?']);

    // The final of the bracket: Bo is champion. Order: Bo, Ana, then the semi-final losers by seed (Cy 3, Ed 5), Di.
    expect((await score(k, Ana, 10)).statusCode).toBe(201);
    expect((await score(k, Bo, 90)).statusCode).toBe(201);
    await advance(HOUR);
    expect(await runDueJobs(t.context, battleJobHandlers)).toBe(1);
    const places = await rowsOf<{ display_name: string; final_place: number }>(
      t.context.database.db,
      sql`select u.display_name, e.final_place from battle_entries e join users u on u.id = e.user_id
          where e.battle_id = ${k} order by e.final_place`,
    );
    expect(places.map((p) => `${p.final_place} ${p.display_name}`)).toEqual(['1 Bo', '2 Ana', '3 Cy', '4 Ed', '5 Di']);
    const done = (await call('GET', `/api/battle-royale/tournaments/${tn.id}`, Ana)).json();
    expect(done.stages[1]).toMatchObject({ status: 'finished', advanced: true });
    expect(lines(done.stages[1].bracket, 3)).toEqual(['1 Ana 10 reps v 2 Bo 90 reps → 2']);
    expect(
      done.stages[2].seeds.map((s: { seed: number; display_name: string; from_place: number }) => [s.seed, s.display_name, s.from_place]),
    ).toEqual([
      [1, 'Bo', 1],
      [2, 'Ana', 2],
    ]);
    expect(done.me).toMatchObject({ stage_no: 3, eliminated_round: null });
    expect((await call('GET', '/api/notifications', Ana)).json().items[0]).toMatchObject({
      kind: 'tournament_advanced',
      title: 'Through to Final of Bracket Cup',
    });
    // Every head-to-head and bye of the bracket was stored once: 4 + 2 + 1.
    expect(await count('battle_matches')).toBe(7);

    // The final stage is an ordinary battle royale of the two.
    expect((await score(f, Ana, 70)).statusCode).toBe(201);
    expect((await score(f, Bo, 60)).statusCode).toBe(201);
    await advance(HOUR);
    expect(await runDueJobs(t.context, battleJobHandlers)).toBe(1);
    expect((await call('GET', `/api/battle-royale/tournaments/${tn.id}`)).json()).toMatchObject({
      status: 'finished',
      winner: { display_name: 'Ana' },
    });
  });
});
