import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import fc from 'fast-check';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '#server/app.ts';
import { openDatabase } from '#server/db/index.ts';
import { rowsOf } from '#server/db/rows.ts';
import { athleteProfiles, gyms, users } from '#server/db/schema.ts';
import { deleteScore, joinChallenge, rankings, servedRankings, submitScore } from '#server/areas/challenges/index.ts';
import { boardCacheOf } from '#server/lib/boards/board-cache.ts';
import { boardSettings } from '#server/areas/challenges/boards.ts';
import { authHeaders, createTestApp, databaseKinds, openSplitChallenge, signIn, testConfig, type SignedIn } from './helpers.ts';

// The leaderboard page cache (server/lib/boards/board-cache.ts): what it serves is what
// a fresh read says, after any write, for every viewer, on every node.

const PUBLIC = { sex: 'public', birth_year: 'public', bodyweight: 'public', gym: 'public', bio: 'public', records: 'public' } as const;
const POOL = 12;
const PAGE = 4;

type Write =
  | { kind: 'score'; who: number; division: 'rx' | 'scaled'; reps: number }
  | { kind: 'withdraw'; who: number }
  | { kind: 'anonymous'; who: number; on: boolean }
  | { kind: 'gym'; who: number; north: boolean }
  | { kind: 'listed'; who: number; on: boolean }
  | { kind: 'penalty'; who: number };

const who = fc.integer({ min: 0, max: POOL - 1 });
const write: fc.Arbitrary<Write> = fc.oneof(
  {
    weight: 4,
    arbitrary: fc.record({
      kind: fc.constant('score' as const),
      who,
      division: fc.constantFrom('rx' as const, 'scaled' as const),
      reps: fc.integer({ min: 1, max: 6 }),
    }),
  },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('withdraw' as const), who }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('anonymous' as const), who, on: fc.boolean() }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('gym' as const), who, north: fc.boolean() }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('listed' as const), who, on: fc.boolean() }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('penalty' as const), who }) },
);

/**
 * Every kind of write, each where a board shows it: two tied Rx scores (athletes 0 and 6, women of North Box), the
 * second made anonymous (viewer 6 reads their own name), athlete 0 moved to another gym, athlete 6 linked to the listed
 * gym, a penalty moving 6 below 0, and 0's score withdrawn. One write past `write`'s six: none of it is shrunk.
 */
const EDGE: Write[] = [
  { kind: 'score', who: 0, division: 'rx', reps: 3 },
  { kind: 'score', who: 6, division: 'rx', reps: 3 },
  { kind: 'anonymous', who: 6, on: true },
  { kind: 'gym', who: 0, north: false },
  { kind: 'listed', who: 6, on: true },
  { kind: 'penalty', who: 6 },
  { kind: 'withdraw', who: 0 },
];

/** Every division, category and filter a board offers, on two pages. */
const views = (() => {
  const out: Record<string, string | number | undefined>[] = [];
  for (const category of [undefined, 'female', 'male'])
    for (const division of [undefined, 'rx', 'scaled'])
      for (const filter of [{}, { sex: 'female' }, { gym: 'North Box' }, { age_group: '18-34' }])
        for (const offset of [0, PAGE]) out.push({ category, division, ...filter, offset, limit: PAGE });
  return out;
})();

const queryString = (v: Record<string, string | number | undefined>) =>
  Object.entries(v)
    .filter(([, x]) => x !== undefined)
    .map(([k, x]) => `${k}=${encodeURIComponent(String(x))}`)
    .join('&');

describe.each(databaseKinds)('leaderboard page cache on %s', (kind) => {
  let t: Awaited<ReturnType<typeof createTestApp>>;
  let people: number[];
  let northBoxId: number;

  beforeAll(async () => {
    t = await createTestApp(kind, { adminEmails: ['boss@x.test'] }, { rateLimit: false });
    const ctx = t.context;
    const year = ctx.now().getUTCFullYear();
    people = (
      await ctx.database.db
        .insert(users)
        .values(
          Array.from({ length: POOL }, (_, i) => ({
            email: `bc${i}@x.test`,
            emailNormalized: `bc${i}@x.test`,
            passwordHash: 'x',
            displayName: `Board ${i}`,
            createdAt: ctx.now(),
          })),
        )
        .returning({ id: users.id })
    ).map((u) => u.id);
    await ctx.database.db.insert(athleteProfiles).values(
      people.map((id, i) => ({
        userId: id,
        sex: i % 2 ? 'male' : 'female',
        birthYear: year - (20 + i * 3),
        gym: i % 3 ? 'Garage Gym' : 'North Box',
        privacy: PUBLIC,
      })),
    );
    const [north] = await ctx.database.db
      .insert(gyms)
      .values({ name: 'North Box', nameKey: 'north box', createdAt: ctx.now() })
      .returning();
    northBoxId = north!.id;
  });
  afterAll(async () => t.close());

  const newChallenge = (title: string) => openSplitChallenge(t.context, people[0]!, title);

  /** What the API does after every write: its answer waits until this node has heard of the change. */
  const synced = () => boardCacheOf(t.context)!.sync(t.context.database);

  async function apply(challengeId: number, w: Write) {
    const ctx = t.context;
    const db = ctx.database.db;
    const id = people[w.who]!;
    if (w.kind === 'score') {
      await joinChallenge(ctx, id, challengeId, { division: w.division }).catch(() => {});
      await submitScore(ctx, id, challengeId, { reps: w.reps });
    } else if (w.kind === 'withdraw') {
      const [s] = await rowsOf<{ id: number }>(
        db,
        sql`select score_id as id from challenge_entries where challenge_id = ${challengeId} and user_id = ${id}`,
      );
      if (s) await deleteScore(ctx, { id, isAdmin: false }, challengeId, Number(s.id));
    } else if (w.kind === 'anonymous') {
      await db.execute(sql`insert into privacy_settings (user_id, board_anonymous) values (${id}, ${w.on})
        on conflict (user_id) do update set board_anonymous = excluded.board_anonymous`);
    } else if (w.kind === 'gym') {
      await db.execute(sql`update athlete_profiles set gym = ${w.north ? 'North Box' : 'Garage Gym'} where user_id = ${id}`);
    } else if (w.kind === 'listed') {
      // The athlete picks the listed gym of the name they typed (or drops it): only the link changes.
      await db.execute(sql`update athlete_profiles set gym_id = ${w.on ? northBoxId : null} where user_id = ${id} and gym = 'North Box'`);
    } else {
      // A judge's penalty: the entry's key moves in place, written by any path at all.
      await db.execute(
        sql`update challenge_entries set sort_key = sort_key + 1000000000 where challenge_id = ${challengeId} and user_id = ${id}`,
      );
    }
    await synced();
  }

  it('serves, after every write, what a fresh read says, for every division, category, filter and page', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(write, { minLength: 1, maxLength: 6 }), async (writes) => {
        const challengeId = await newChallenge('Cached burpees');
        for (const w of writes) {
          await apply(challengeId, w);
          for (const [i, v] of views.entries()) {
            const q = { challenge_id: challengeId, ...v } as Parameters<typeof rankings>[1];
            const res = await t.app.inject({
              method: 'GET',
              url: `/api/challenges/rankings?challenge_id=${challengeId}&${queryString(v)}`,
            });
            let fresh: unknown;
            try {
              fresh = await rankings(t.context, q, null);
            } catch (error) {
              fresh = { status: (error as { statusCode: number }).statusCode };
            }
            if (res.statusCode === 200) expect(res.json(), JSON.stringify(v)).toEqual(fresh);
            else expect({ status: res.statusCode }).toEqual(fresh);
            if (v.gym && res.statusCode === 200) {
              // A gym's board read from its athletes says what the board walked in its order says.
              boardSettings.gymFromProfiles = false;
              const walked = await rankings(t.context, q, null).finally(() => (boardSettings.gymFromProfiles = true));
              expect(fresh, JSON.stringify(v)).toEqual(walked);
            }
            // Two viewers of the same kept page each get their own row (and their own name, when anonymous): the one
            // who wrote and another take turns by filter, shifted by board, so each reads both pages of every board
            // and every filter of half the boards.
            const viewer = people[((i >> 1) + (i >> 3)) % 2 ? (w.who + 5) % POOL : w.who]!;
            const served = await servedRankings(t.context, q, viewer);
            expect('answer' in served && served.answer, `${JSON.stringify(v)} as ${viewer}`).toEqual(await rankings(t.context, q, viewer));
          }
        }
      }),
      // Bounded (#36): 3 random runs (2 on PostgreSQL) and two viewers a view were most of the file. The examples
      // count in numRuns: on PGlite the edge sequence and one random run, on PostgreSQL the edge sequence alone.
      { numRuns: kind === 'postgres' ? 1 : 2, examples: [[EDGE]] },
    );
    // Every athlete named again for the tests below, which read names (the writes above may leave any of them anonymous).
    await t.context.database.db.execute(sql`update privacy_settings set board_anonymous = false`);
    await synced();
  }, 600_000);

  it('a score drops only its own challenge’s pages; an unchanged page answers 304 to its ETag', async () => {
    const cache = boardCacheOf(t.context)!;
    const a = await newChallenge('Board A');
    const b = await newChallenge('Board B');
    // The property test above may have left these athletes anonymous: this one reads their names.
    for (const who of [0, 1, 2]) await apply(a, { kind: 'anonymous', who, on: false });
    await apply(a, { kind: 'score', who: 0, division: 'rx', reps: 3 });
    await apply(b, { kind: 'score', who: 1, division: 'rx', reps: 3 });
    const get = (id: number, headers: Record<string, string> = {}) =>
      t.app.inject({ method: 'GET', url: `/api/challenges/rankings?challenge_id=${id}`, headers });
    const firstB = await get(b);
    await get(a);
    const before = { ...cache.stats };
    await apply(a, { kind: 'score', who: 2, division: 'rx', reps: 5 });
    const againB = await get(b);
    expect(cache.stats.hits).toBe(before.hits + 1);
    expect(againB.headers.etag).toBe(firstB.headers.etag);
    expect((await get(b, { 'if-none-match': String(firstB.headers.etag) })).statusCode).toBe(304);
    const newA = await get(a);
    expect(cache.stats.misses).toBe(before.misses + 1);
    expect(newA.json().items.map((r: { athlete: { display_name: string } }) => r.athlete.display_name)).toEqual(['Board 2', 'Board 0']);
  });

  it('keeps br and gzip bodies beside the ETag: each decodes to the same JSON, is sent as kept, and 304 still answers', async () => {
    const id = await newChallenge('Board encoded');
    for (const who of [0, 1, 2]) await apply(id, { kind: 'anonymous', who, on: false });
    await apply(id, { kind: 'score', who: 0, division: 'rx', reps: 7 });
    await apply(id, { kind: 'score', who: 1, division: 'rx', reps: 4 });
    const get = (headers: Record<string, string>) =>
      t.app.inject({ method: 'GET', url: `/api/challenges/rankings?challenge_id=${id}`, headers });
    const plain = await get({ 'accept-encoding': 'identity' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    const json = plain.json();
    expect(json.items.length).toBe(2);
    const decoders = { br: brotliDecompressSync, gzip: gunzipSync };
    for (const [encoding, accept] of [
      ['br', 'gzip, deflate, br'],
      ['gzip', 'gzip, br;q=0'],
    ] as const) {
      const first = await get({ 'accept-encoding': accept });
      expect(first.headers['content-encoding']).toBe(encoding);
      expect(String(first.headers.vary)).toMatch(/accept-encoding/i);
      expect(first.headers.etag).toBe(plain.headers.etag);
      expect(JSON.parse(decoders[encoding](first.rawPayload).toString('utf8'))).toEqual(json);
      // The second reader gets the very bytes kept for the first.
      const second = await get({ 'accept-encoding': accept });
      expect(Buffer.compare(second.rawPayload, first.rawPayload)).toBe(0);
      expect((await get({ 'accept-encoding': accept, 'if-none-match': String(plain.headers.etag) })).statusCode).toBe(304);
    }
    // A new score: a new ETag, and the encoded bodies follow it.
    await apply(id, { kind: 'score', who: 2, division: 'rx', reps: 9 });
    const after = await get({ 'accept-encoding': 'br' });
    expect(after.headers.etag).not.toBe(plain.headers.etag);
    expect(JSON.parse(brotliDecompressSync(after.rawPayload).toString('utf8')).items.length).toBe(3);
    expect((await get({ 'accept-encoding': 'br', 'if-none-match': String(plain.headers.etag) })).statusCode).toBe(200);
  });

  it('links the gym on the very next read when its athlete picks the listed gym of the name they typed', async () => {
    const id = await newChallenge('Gym links');
    await apply(id, { kind: 'gym', who: 0, north: true });
    await apply(id, { kind: 'listed', who: 0, on: false });
    await apply(id, { kind: 'score', who: 0, division: 'rx', reps: 3 });
    const shown = async () => {
      const [row] = (await t.app.inject({ method: 'GET', url: `/api/challenges/rankings?challenge_id=${id}` })).json().items;
      return { gym: row.gym, gym_id: row.gym_id };
    };
    expect(await shown()).toEqual({ gym: 'North Box', gym_id: null });
    expect(await shown()).toEqual({ gym: 'North Box', gym_id: null });
    await apply(id, { kind: 'listed', who: 0, on: true });
    expect(await shown()).toEqual({ gym: 'North Box', gym_id: northBoxId });
  });

  it('shows a score submitted over the API on the very next read, and takes a hidden score off at once', async () => {
    const admin: SignedIn = await signIn(t, 'boss@x.test', 'admin-password', 'Boss');
    const ana = await signIn(t, 'ana@x.test', 'athlete-password', 'Ana');
    const id = await newChallenge('Live board');
    await apply(id, { kind: 'score', who: 3, division: 'rx', reps: 4 });
    const board = async () =>
      (await t.app.inject({ method: 'GET', url: `/api/challenges/rankings?challenge_id=${id}` }))
        .json()
        .items.map((r: { athlete: { display_name: string } }) => r.athlete.display_name);
    expect(await board()).toEqual(['Board 3']);
    const call = (method: 'POST', url: string, who: SignedIn, payload: object) =>
      t.app.inject({ method, url, headers: authHeaders(who), payload });
    expect((await call('POST', `/api/challenges/${id}/join`, ana, { division: 'rx', sex: 'female' })).statusCode).toBe(200);
    const submitted = await call('POST', `/api/challenges/${id}/submit-score`, ana, { reps: 6 });
    expect(submitted.statusCode, submitted.body).toBe(201);
    expect(await board()).toEqual(['Ana', 'Board 3']);
    const hide = await call('POST', `/api/admin/moderation/items/score/${submitted.json().score.id}/actions`, admin, {
      action: 'hide',
      reason: 'The video shows half reps.',
    });
    expect(hide.statusCode, hide.body).toBe(200);
    expect(await board()).toEqual(['Board 3']);
  });

  it('answers a signed-in reader the page with their own row, and once their session ends, 401 and no page', async () => {
    const kim = await signIn(t, 'kim@x.test', 'athlete-password', 'Kim');
    const id = await newChallenge('Own row');
    await apply(id, { kind: 'score', who: 6, division: 'rx', reps: 9 });
    expect(
      (
        await t.app.inject({
          method: 'POST',
          url: `/api/challenges/${id}/join`,
          headers: authHeaders(kim),
          payload: { division: 'rx', sex: 'female' },
        })
      ).statusCode,
    ).toBe(200);
    const mine = await t.app.inject({
      method: 'POST',
      url: `/api/challenges/${id}/submit-score`,
      headers: authHeaders(kim),
      payload: { reps: 3 },
    });
    expect(mine.statusCode, mine.body).toBe(201);
    const read = () =>
      t.app.inject({
        method: 'GET',
        url: `/api/challenges/rankings?challenge_id=${id}`,
        headers: { authorization: `Bearer ${kim.token}` },
      });
    const page = await read();
    expect(page.statusCode, page.body).toBe(200);
    expect(page.json().me).toMatchObject({ rank: 2, athlete: { display_name: 'Kim' } });
    // Their row, read in the session check's statement, is the row a fresh read of the board gives them.
    expect(page.json()).toEqual(await rankings(t.context, { challenge_id: id, offset: 0, limit: 50 }, kim.userId));
    expect(page.json().items.map((r: { athlete: { display_name: string } }) => r.athlete.display_name)).toEqual(['Board 6', 'Kim']);
    await t.context.database.db.execute(
      sql`update sessions set revoked_at = now() where user_id = (select id from users where email = 'kim@x.test')`,
    );
    const ended = await read();
    expect(ended.statusCode).toBe(401);
    expect(ended.json()).toEqual({ detail: expect.any(String) });
  });

  it.skipIf(kind !== 'postgres')(
    'a score written on one node shows on another within a second',
    async () => {
      const url = (t.context.database as { url?: string }).url!;
      const other = await openDatabase({ url });
      const { app: nodeB, context: ctxB } = await buildApp(testConfig(), other, { now: t.clock.now, rateLimit: false });
      await nodeB.ready();
      try {
        const id = await newChallenge('Two nodes');
        await apply(id, { kind: 'score', who: 4, division: 'rx', reps: 2 });
        // Node B hears of that write (and of what node A did after it in the background) before it reads, else the
        // notice, arriving between its reads, drops the page it kept; on a loaded machine a page can still expire
        // (kept at most a second on PostgreSQL) between two reads, so B reads until one is served from memory.
        await t.context.tasks.settled();
        await boardCacheOf(ctxB)!.sync(ctxB.database);
        const read = async () =>
          (await nodeB.inject({ method: 'GET', url: `/api/challenges/rankings?challenge_id=${id}` })).json().items.length as number;
        expect(await read()).toBe(1);
        for (let i = 0; i < 5 && boardCacheOf(ctxB)!.stats.hits === 0; i++) expect(await read()).toBe(1);
        expect(boardCacheOf(ctxB)!.stats.hits).toBeGreaterThan(0);
        // Written on node A (this app); node B drops its kept page when the NOTIFY arrives.
        await joinChallenge(t.context, people[5]!, id, { division: 'rx' });
        await submitScore(t.context, people[5]!, id, { reps: 5 });
        const t0 = performance.now();
        while ((await read()) !== 2) {
          expect(performance.now() - t0).toBeLessThan(1000);
          await new Promise((r) => setTimeout(r, 5));
        }
      } finally {
        await nodeB.close();
        await other.close();
      }
    },
    30_000,
  );
});
