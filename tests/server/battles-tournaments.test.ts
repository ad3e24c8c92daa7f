import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { battleJobHandlers, closeRound } from '#server/areas/battles/index.ts';
import { rowsOf } from '#server/db/rows.ts';
import { runDueJobs } from '#server/lib/jobs.ts';
import { authHeaders, createTestApp, databaseKinds, refreshCookieFrom, refusal, signIn, type SignedIn } from './helpers.ts';

const HOUR = 3_600_000;

describe.each(databaseKinds)('tournaments on %s', (kind) => {
  let t: Awaited<ReturnType<typeof createTestApp>>;
  let admin: SignedIn;
  let people: SignedIn[];
  beforeAll(async () => {
    t = await createTestApp(kind, { adminEmails: ['admin-tn@x.test'] }, { rateLimit: false });
    admin = await signIn(t, 'admin-tn@x.test', 'admin-password', 'Admin Ada');
    people = [];
    for (const name of ['Ana', 'Bo', 'Cy', 'Di']) people.push(await signIn(t, `${name.toLowerCase()}-tn@x.test`, undefined, name));
  }, 240_000);
  afterAll(async () => t.close());

  /** Moves the clock and renews everyone's access token (they last less than a stage). */
  async function advance(ms: number) {
    t.clock.advance(ms);
    for (const who of [admin, ...people]) {
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
  /** A qualifier of one 1-hour round (the bottom half out, never below 3), then a final of one round; 3 advance. */
  const input = (over: Record<string, unknown> = {}, stageOver: Record<string, unknown>[] = []) => {
    const start = t.context.now().getTime() + HOUR;
    return {
      name: 'Winter Cup',
      score_type: 'reps',
      attempts_per_round: 2,
      stages: [
        {
          name: 'Qualifier',
          starts_at: iso(start),
          round_hours: 1,
          rounds: [{ cut: { kind: 'cut_percent', percent: 50, minimum: 3 } }],
          advance: 3,
          ...stageOver[0],
        },
        {
          name: 'Final',
          starts_at: iso(start + 2 * HOUR),
          round_hours: 1,
          rounds: [{ cut: { kind: 'keep_top', keep: 2 } }],
          advance: null,
          ...stageOver[1],
        },
      ],
      ...over,
    };
  };
  const count = async (table: string) =>
    (await rowsOf<{ n: number }>(t.context.database.db, sql.raw(`select count(*)::int as n from ${table}`)))[0]!.n;

  it('only administrators create; stages out of order or advancing too few are refused and nothing is stored', async () => {
    const [ana] = people as [SignedIn];
    expect((await call('POST', '/api/battle-royale/tournaments', ana, input())).statusCode).toBe(403);
    expect((await call('POST', '/api/battle-royale/tournaments', undefined, input())).statusCode).toBe(401);
    const battlesBefore = await count('battles');
    const early = input({}, [{}, { starts_at: iso(t.context.now().getTime() + HOUR + 30 * 60_000) }]);
    expect(refusal(await call('POST', '/api/battle-royale/tournaments', admin, early))).toMatch(/date order/);
    expect(refusal(await call('POST', '/api/battle-royale/tournaments', admin, input({}, [{ advance: 1 }])))).toMatch(/at least 2/);
    expect(refusal(await call('POST', '/api/battle-royale/tournaments', admin, input({}, [{}, { advance: 2 }])))).toMatch(/final/);
    // Keep-the-best stages: the kept field is bounded, and what advances must fill it.
    const keep = (n: number) => [{}, { rounds: [{ cut: { kind: 'keep_top', keep: n } }] }];
    expect(refusal(await call('POST', '/api/battle-royale/tournaments', admin, input({}, keep(0))))).toMatch(/Keep must be at least 1/);
    expect(refusal(await call('POST', '/api/battle-royale/tournaments', admin, input({}, keep(4))))).toMatch(/advance at least 4 athletes/);
    const past = input({}, [{ starts_at: iso(t.context.now().getTime() - HOUR) }]);
    expect(refusal(await call('POST', '/api/battle-royale/tournaments', admin, past))).toMatch(/Stage 1: .*future/);
    expect((await call('POST', '/api/battle-royale/tournaments', admin, input({ stages: [input().stages[0]] }))).statusCode).toBe(400);
    expect(await count('tournaments')).toBe(0);
    expect(await count('battles')).toBe(battlesBefore);
  });

  it('previews, advances the top of stage 1 into stage 2 seeded by place (once), tells them, and lists every window', async () => {
    const [ana, bo, cy, di] = people as [SignedIn, SignedIn, SignedIn, SignedIn];
    const created = await call('POST', '/api/battle-royale/tournaments', admin, input());
    expect(created.statusCode).toBe(201);
    const tn = created.json();
    expect(tn).toMatchObject({
      name: 'Winter Cup',
      status: 'entry',
      entered: 0,
      stages: [
        { stage_no: 1, advance: 3 },
        { stage_no: 2, advance: null },
      ],
    });
    const [q, f] = tn.stages as { battle_id: number }[];
    // The final takes no entries of its own: the battles open for entry list the qualifier only.
    const open = (await call('GET', '/api/battle-royale/challenges?status=entry')).json().items.map((b: { id: number }) => b.id);
    expect(open).toContain(q!.battle_id);
    expect(open).not.toContain(f!.battle_id);
    expect((await call('GET', '/api/battle-royale/tournaments?status=entry')).json().items.map((x: { id: number }) => x.id)).toEqual([
      tn.id,
    ]);

    for (const who of [di, cy, bo, ana]) {
      expect((await call('POST', `/api/battle-royale/challenges/${q!.battle_id}/enter`, who)).statusCode).toBe(200);
      t.clock.advance(1000);
    }
    expect(refusal(await call('POST', `/api/battle-royale/challenges/${f!.battle_id}/enter`, ana))).toMatch(/advancing/);

    const preview = (await call('GET', `/api/battle-royale/tournaments/${tn.id}/preview`)).json();
    expect(preview).toMatchObject({ entered: 4, status: 'entry' });
    expect(preview.field.map((x: { display_name: string; seed: number }) => [x.seed, x.display_name])).toEqual([
      [1, 'Di'],
      [2, 'Cy'],
      [3, 'Bo'],
      [4, 'Ana'],
    ]);
    expect(preview.stages[0]).toMatchObject({
      projected_field: 4,
      advancing: 3,
      rounds: [{ projected_field: 4, projected_keep: 3 }],
      seeds: [],
    });
    expect(preview.stages[1]).toMatchObject({ projected_field: 3, advancing: null, rounds: [{ projected_field: 3, projected_keep: 2 }] });
    expect(preview.stages[1].seeds).toEqual(
      [1, 2, 3].map((n) => ({ seed: n, from_place: n, text: expect.stringMatching(/place of Qualifier/), athlete: null })),
    );

    // The calendar: the qualifier's round and the final's (which Ana may still reach); the feed says the same.
    const cal = (await call('GET', '/api/battle-royale/user/calendar', ana)).json();
    expect(cal.items.map((w: { battle_id: number; entered: boolean }) => [w.battle_id, w.entered])).toEqual([
      [q!.battle_id, true],
      [f!.battle_id, false],
    ]);
    const feed = await t.app.inject({ method: 'GET', url: cal.calendar_url.replace(/^\//, '/') });
    expect(feed.statusCode).toBe(200);
    expect(feed.headers['content-type']).toMatch(/text\/calendar/);
    expect(feed.body).toContain('SUMMARY:Winter Cup · Qualifier: round 1');
    expect(feed.body).toContain('SUMMARY:Winter Cup · Final: round 1');
    const wrong = cal.calendar_url.replace(/key=[0-9a-f]/, (k: string) => (k.endsWith('0') ? k.slice(0, -1) + '1' : k.slice(0, -1) + '0'));
    expect((await t.app.inject({ method: 'GET', url: wrong })).statusCode).toBe(404);

    await advance(HOUR + 1000);
    for (const [who, reps] of [
      [ana, 50],
      [bo, 40],
      [cy, 30],
      [di, 10],
    ] as const) {
      expect((await call('POST', `/api/battle-royale/challenges/${q!.battle_id}/attempts`, who, { reps })).statusCode).toBe(201);
      t.clock.advance(1000);
    }
    await advance(HOUR);
    // The close, then the notice to the one who fell.
    expect(await runDueJobs(t.context, battleJobHandlers)).toBe(2);
    // Running the close again (a second node, a retried job) changes nothing.
    expect(await closeRound(t.context, q!.battle_id, 1)).toEqual({ closed: false, eliminated: [] });

    const after = (await call('GET', `/api/battle-royale/tournaments/${tn.id}`, cy)).json();
    expect(after.stages[0]).toMatchObject({ status: 'finished', advanced: true });
    expect(after.stages[1]).toMatchObject({ entered: 3, alive: 3 });
    expect(
      after.stages[1].seeds.map((s: { seed: number; display_name: string; from_place: number }) => [s.seed, s.display_name, s.from_place]),
    ).toEqual([
      [1, 'Ana', 1],
      [2, 'Bo', 2],
      [3, 'Cy', 3],
    ]);
    expect(after.me).toMatchObject({ stage_no: 2, eliminated_round: null });
    const inbox = (await call('GET', '/api/notifications', bo)).json();
    expect(inbox.items[0]).toMatchObject({
      kind: 'tournament_advanced',
      title: 'Through to Final of Winter Cup',
      link: `/battle-hub?tournament=${tn.id}`,
    });
    expect((await call('GET', '/api/notifications', di)).json().items.some((n: { kind: string }) => n.kind === 'tournament_advanced')).toBe(
      false,
    );
    // Di did not advance: the final's window leaves Di's calendar.
    expect((await call('GET', '/api/battle-royale/user/calendar', di)).json().items.map((w: { battle_id: number }) => w.battle_id)).toEqual(
      [q!.battle_id],
    );
    const filled = (await call('GET', `/api/battle-royale/tournaments/${tn.id}/preview`)).json();
    expect(filled.stages[1].seeds[0]).toMatchObject({ seed: 1, athlete: { display_name: 'Ana' } });

    // The final: Cy wins; after it the tournament is finished with its winner.
    await advance(HOUR);
    await call('POST', `/api/battle-royale/challenges/${f!.battle_id}/attempts`, cy, { reps: 90 });
    await call('POST', `/api/battle-royale/challenges/${f!.battle_id}/attempts`, ana, { reps: 80 });
    await advance(HOUR);
    await runDueJobs(t.context, battleJobHandlers);
    const done = (await call('GET', `/api/battle-royale/tournaments/${tn.id}`, ana)).json();
    expect(done).toMatchObject({ status: 'finished', winner: { display_name: 'Cy' }, me: { stage_no: 2, final_place: 2 } });
    expect(await count('tournament_seeds')).toBe(3);
    expect((await call('GET', '/api/battle-royale/tournaments?status=finished')).json().items.map((x: { id: number }) => x.id)).toContain(
      tn.id,
    );
  });

  it('answers 404 for a tournament that does not exist', async () => {
    expect((await call('GET', '/api/battle-royale/tournaments/999999')).statusCode).toBe(404);
    expect((await call('GET', '/api/battle-royale/tournaments/999999/preview')).statusCode).toBe(404);
  });
});
