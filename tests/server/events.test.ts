import fc from 'fast-check';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { challengeEntries, challengeScores, users } from '#server/db/schema.ts';
import { createChallenge } from '#server/areas/challenges/index.ts';
import { createEvent } from '#server/areas/events/events.ts';
import { standingRows } from '#server/areas/events/events-standings.ts';
import { cacheSettings } from '#server/areas/events/events-cache.ts';
import { DEFAULT_POINTS_TABLE, EVENT_RULES } from '#domain/events.ts';
import { rowsOf } from '#server/db/rows.ts';
import { naiveStandings, type NaiveEntry } from '../unit/events-naive.ts';
import { authHeaders, createTestApp, databaseKinds, signIn, type SignedIn } from './helpers.ts';
import { expectKeptEncodings } from './kept-encodings.ts';

const POOL = 16;

describe.each(databaseKinds)('events on %s', (kind) => {
  let t: Awaited<ReturnType<typeof createTestApp>>;
  let people: { id: number }[];
  let ana: SignedIn;
  let bo: SignedIn;
  beforeAll(async () => {
    t = await createTestApp(kind, {}, { rateLimit: false });
    people = await t.context.database.db
      .insert(users)
      .values(
        Array.from({ length: POOL }, (_, i) => ({
          email: `ev${i}@x.test`,
          emailNormalized: `ev${i}@x.test`,
          passwordHash: 'x',
          displayName: `Ev${i}`,
          createdAt: t.context.now(),
        })),
      )
      .returning({ id: users.id });
    ana = await signIn(t, 'ana@x.test', undefined, 'Ana');
    bo = await signIn(t, 'bo@x.test', undefined, 'Bo');
  });
  afterAll(async () => t.close());

  const hour = 3_600_000;
  async function workout(creator: number, title: string, sex: 'open' | 'split' = 'split', kindOf: 'individual' | 'team' = 'individual') {
    const now = t.context.now().getTime();
    return createChallenge(t.context, creator, {
      title,
      score_type: 'reps',
      kind: kindOf,
      ...(kindOf === 'team' ? { team_rule: 'sum' as const, team_size_max: 4 } : {}),
      starts_at: new Date(now - hour).toISOString(),
      ends_at: new Date(now + 48 * hour).toISOString(),
      sex_divisions: sex,
    });
  }

  /** Board entries straight into the board index (what a verified score leaves there). */
  async function place(entries: NaiveEntry[]) {
    const db = t.context.database.db;
    for (const e of entries) {
      const division = e.sortKey >= 1000n ? 'scaled' : 'rx';
      const [s] = await db
        .insert(challengeScores)
        .values({
          challengeId: e.challengeId,
          userId: e.userId,
          division,
          status: 'finished',
          value: Number(e.sortKey),
          sortKey: e.sortKey,
          submittedAt: t.context.now(),
        })
        .returning({ id: challengeScores.id });
      await db.insert(challengeEntries).values({
        challengeId: e.challengeId,
        userId: e.userId,
        scoreId: s!.id,
        division,
        sex: e.category || null,
        category: e.category,
        status: 'finished',
        value: Number(e.sortKey),
        sortKey: e.sortKey,
        submittedAt: t.context.now(),
      });
    }
  }

  it('places every athlete as the naive computation does, for each rule, with ties and missing workouts', async () => {
    const creator = people[0]!.id;
    const athlete = fc.record({
      sex: fc.constantFrom('female', 'male'),
      // Few distinct results so ties are common; null: no result in that workout.
      results: fc.array(fc.option(fc.integer({ min: 0, max: 5 }), { nil: null, freq: 3 }), { minLength: 3, maxLength: 3 }),
      scaled: fc.boolean(),
    });
    await fc.assert(
      fc.asyncProperty(fc.array(athlete, { minLength: 1, maxLength: POOL }), async (field) => {
        const ws = [await workout(creator, 'W1'), await workout(creator, 'W2'), await workout(creator, 'W3')];
        const workouts = ws.map((w) => w.id);
        const entries: NaiveEntry[] = [];
        for (const [i, a] of field.entries()) {
          for (const [k, r] of a.results.entries()) {
            if (r !== null)
              entries.push({
                challengeId: workouts[k]!,
                userId: people[i]!.id,
                category: a.sex,
                sortKey: BigInt(r + (a.scaled ? 1000 : 0)),
              });
          }
        }
        await place(entries);
        for (const rule of EVENT_RULES) {
          const table = rule === 'points_table' ? DEFAULT_POINTS_TABLE.slice(0, 4) : [];
          const ev = await createEvent(
            t.context,
            { id: creator, isAdmin: false },
            {
              name: `Event ${rule}`,
              rule,
              points_table: rule === 'points_table' ? [...table] : undefined,
              challenge_ids: workouts,
              starts_at: ws[0]!.starts_at,
              ends_at: ws[0]!.ends_at,
            },
          );
          for (const category of ['female', 'male']) {
            const want = naiveStandings({ workouts, entries, rule, table, category });
            const got = await standingRows(t.context.database.db, {
              eventId: ev.id,
              rule,
              table,
              category,
              sortWorkout: 0,
              descending: false,
              offset: 0,
              limit: 100,
              callerId: null,
            });
            expect(
              got.map((r) => ({
                userId: r.user_id,
                overall: r.overall,
                total: r.total,
                firsts: r.firsts,
                best: r.best,
                places: r.places,
                points: r.points,
              })),
              `${rule} ${category}`,
            ).toEqual(
              want.map(({ userId, overall, total, firsts, best, places, points }) => ({
                userId,
                overall,
                total,
                firsts,
                best,
                places,
                points,
              })),
            );
          }
        }
      }),
      { numRuns: kind === 'postgres' ? 6 : 10 },
    );
  }, 300_000);

  const call = (method: 'GET' | 'POST' | 'PUT', url: string, who?: SignedIn, payload?: unknown) =>
    t.app.inject({ method, url, headers: who ? authHeaders(who) : {}, ...(payload === undefined ? {} : { payload: payload as object }) });

  it('lets a creator build an event of their own workouts; others cannot change it; the board pins the caller’s row', async () => {
    const ws = [
      await workout(ana.userId, 'Open 1', 'open'),
      await workout(ana.userId, 'Open 2', 'open'),
      await workout(ana.userId, 'Open 3', 'open'),
    ];
    const now = t.context.now().getTime();
    const body = {
      name: 'The Backyard Open',
      description: 'Three workouts, one week.',
      rule: 'sum_of_places',
      challenge_ids: ws.map((w) => w.id),
      starts_at: new Date(now - hour).toISOString(),
      ends_at: new Date(now + 48 * hour).toISOString(),
    };
    expect((await call('POST', '/api/events', undefined, body)).statusCode).toBe(401);
    const made = await call('POST', '/api/events', ana, body);
    expect(made.statusCode).toBe(201);
    const ev = made.json();
    expect(ev).toMatchObject({ name: 'The Backyard Open', rule: 'sum_of_places', status: 'open', categories: [{ id: '' }] });
    expect(ev.workouts.map((w: { title: string }) => w.title)).toEqual(['Open 1', 'Open 2', 'Open 3']);

    // Bo cannot use Ana's workouts, nor change her event.
    const stolen = await call('POST', '/api/events', bo, body);
    expect(stolen.statusCode).toBe(422);
    expect(stolen.json().detail).toMatch(/not one of your challenges/);
    expect((await call('PUT', `/api/events/${ev.id}`, bo, { ...body, name: 'Mine now' })).statusCode).toBe(403);
    const renamed = await call('PUT', `/api/events/${ev.id}`, ana, {
      ...body,
      name: 'The Backyard Open 2026',
      challenge_ids: body.challenge_ids.slice(0, 2),
    });
    expect(renamed.json()).toMatchObject({ name: 'The Backyard Open 2026' });
    expect(renamed.json().workouts).toHaveLength(2);
    await call('PUT', `/api/events/${ev.id}`, ana, body);

    // The challenge page finds its event; discovery lists it.
    expect((await call('GET', `/api/events?challenge_id=${ws[1]!.id}`)).json().items.map((e: { id: number }) => e.id)).toEqual([ev.id]);
    expect((await call('GET', '/api/events?limit=50')).json().items.map((e: { id: number }) => e.id)).toContain(ev.id);

    await place([
      { challengeId: ws[0]!.id, userId: bo.userId, category: '', sortKey: 1n },
      { challengeId: ws[0]!.id, userId: people[1]!.id, category: '', sortKey: 2n },
      { challengeId: ws[1]!.id, userId: people[1]!.id, category: '', sortKey: 2n },
      { challengeId: ws[2]!.id, userId: people[2]!.id, category: '', sortKey: 2n },
    ]);
    const page = await call('GET', `/api/events/${ev.id}/standings?limit=1`, bo);
    expect(page.statusCode).toBe(200);
    const board = page.json();
    // Ev1: 2+1+2 = 5; Bo: 1+2+2 = 5 (one first place each, best 1 each: shared); Ev2: 2+2+1 = 5 too.
    expect(board.total).toBe(3);
    expect(board.items).toHaveLength(1);
    expect(board.me).toMatchObject({ athlete: { display_name: 'Bo' }, points: 5, points_display: '5' });
    expect(board.me.workouts[0]).toMatchObject({ position: 1, place: 1, missing: false, score: '1 rep' });
    expect(board.me.workouts[1]).toMatchObject({ position: 2, place: 2, missing: true, score: null });
    // A visitor gets the standing as a kept page: ETag, 304, br and gzip bodies kept.
    const kept = await expectKeptEncodings((headers) => t.app.inject({ method: 'GET', url: `/api/events/${ev.id}/standings`, headers }));
    expect((kept.json as { total: number }).total).toBe(3);
    const byW2 = (await call('GET', `/api/events/${ev.id}/standings?sort=w2&order=asc`)).json();
    expect(byW2.items[0].athlete.display_name).toBe('Ev1');
    expect(byW2.me).toBeNull();
  });

  it('serves a large event’s pages from its kept standing exactly as the statement does, every sort and page', async () => {
    const ws = [await workout(ana.userId, 'K1'), await workout(ana.userId, 'K2'), await workout(ana.userId, 'K3')];
    const entries: NaiveEntry[] = [];
    for (const [i, p] of people.entries()) {
      for (const [k, w] of ws.entries())
        if ((i + k) % 4 !== 0)
          entries.push({
            challengeId: w.id,
            userId: p.id,
            // Ev5 left the third workout under another category: still placed there in her division (the smallest of hers).
            category: i === 5 && k === 2 ? 'male' : i % 3 ? 'female' : 'male',
            sortKey: BigInt((i * 7 + k * 3) % 5),
          });
    }
    await place(entries);
    const ev = (
      await call('POST', '/api/events', ana, {
        name: 'Kept',
        rule: 'p_score',
        challenge_ids: ws.map((w) => w.id),
        starts_at: ws[0]!.starts_at,
        ends_at: ws[0]!.ends_at,
      })
    ).json();
    const urls = ['', '&sort=w2', '&sort=w3&order=desc', '&order=desc&offset=3&limit=4', '&limit=2&offset=1'].map(
      (x) => `/api/events/${ev.id}/standings?category=female${x}`,
    );
    urls.push(`/api/events/${ev.id}/standings?category=male&sort=w3`);
    const read = async (who: SignedIn | undefined) => Promise.all(urls.map(async (u) => (await call('GET', u, who)).json()));
    const fresh = await read(undefined);
    cacheSettings.slowMs = -1;
    try {
      await read(undefined);
      await t.settled();
      expect(await read(undefined)).toEqual(fresh);
    } finally {
      cacheSettings.slowMs = 40;
    }
  });

  it('recomputes a large event’s kept standing when one of its boards changes: a new athlete shows within a second', async () => {
    const ws = [await workout(ana.userId, 'N1', 'open'), await workout(ana.userId, 'N2', 'open')];
    await place(people.slice(0, 6).map((p, i) => ({ challengeId: ws[0]!.id, userId: p.id, category: '', sortKey: BigInt(10 + i) })));
    const ev = (
      await call('POST', '/api/events', ana, {
        name: 'Kept and fresh',
        rule: 'sum_of_places',
        challenge_ids: ws.map((w) => w.id),
        starts_at: ws[0]!.starts_at,
        ends_at: ws[0]!.ends_at,
      })
    ).json();
    const athletes = async () => (await call('GET', `/api/events/${ev.id}/standings`)).json().total as number;
    cacheSettings.slowMs = -1;
    try {
      expect(await athletes()).toBe(6);
      await t.settled();
      expect(await athletes()).toBe(6);
      // Ev6 joins the standing with a result in the second workout: a write on a board the event reads, by any path.
      await place([{ challengeId: ws[1]!.id, userId: people[6]!.id, category: '', sortKey: 1n }]);
      const t0 = performance.now();
      while ((await athletes()) !== 7) {
        expect(performance.now() - t0).toBeLessThan(1000);
        await new Promise((r) => setTimeout(r, 5));
      }
    } finally {
      cacheSettings.slowMs = 40;
    }
  });

  it('refuses bad input in words and stores nothing', async () => {
    const ws = [
      await workout(ana.userId, 'A', 'open'),
      await workout(ana.userId, 'B', 'split'),
      await workout(ana.userId, 'T', 'open', 'team'),
    ];
    const now = t.context.now().getTime();
    const base = {
      name: 'Bad',
      rule: 'points_table',
      points_table: [100, 95],
      challenge_ids: [ws[0]!.id, ws[1]!.id],
      starts_at: new Date(now).toISOString(),
      ends_at: new Date(now + hour).toISOString(),
    };
    const stored = async () =>
      Number((await rowsOf<{ n: number }>(t.context.database.db, sql`select count(*)::int as n from events`))[0]!.n);
    const before = await stored();
    const cases: [unknown, number, RegExp][] = [
      [{ ...base, challenge_ids: [ws[0]!.id] }, 400, /challenge_ids|at least 2|fewer than 2|2 items/i],
      [{ ...base, points_table: [90, 95] }, 400, /Place 2 cannot be worth more/],
      [{ ...base, rule: 'points_table', points_table: undefined }, 400, /needs its table/],
      [{ ...base, ends_at: base.starts_at }, 400, /end after it starts/],
      [{ ...base, rule: 'best_of' }, 400, /rule/],
      [base, 422, /same divisions/],
      [{ ...base, challenge_ids: [ws[0]!.id, ws[2]!.id] }, 422, /team challenge/],
      [{ ...base, challenge_ids: [ws[0]!.id, 999_999] }, 422, /does not exist/],
    ];
    for (const [body, status, words] of cases) {
      const res = await call('POST', '/api/events', ana, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(status);
      expect(JSON.stringify(res.json())).toMatch(words);
    }
    expect(await stored()).toBe(before);
    const [ev] = (await call('GET', `/api/events?challenge_id=${ws[0]!.id}`)).json().items;
    expect(ev).toBeUndefined();
    expect((await call('GET', '/api/events/999999/standings')).statusCode).toBe(404);
    const twice = await call('POST', '/api/events', ana, { ...base, challenge_ids: [ws[0]!.id, ws[0]!.id] });
    expect(twice.statusCode).toBe(400);
    const real = (
      await call('POST', '/api/events', ana, {
        ...base,
        rule: 'p_score',
        points_table: undefined,
        challenge_ids: [ws[0]!.id, (await workout(ana.userId, 'C', 'open')).id],
      })
    ).json();
    expect((await call('GET', `/api/events/${real.id}/standings?category=female`)).statusCode).toBe(400);
    const sorted = await call('GET', `/api/events/${real.id}/standings?sort=w3`);
    expect(sorted.statusCode).toBe(400);
    expect(sorted.json().detail).toMatch(/w1 … w2/);
  });
});
