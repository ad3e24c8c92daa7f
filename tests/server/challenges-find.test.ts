import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { athleteProfiles, gyms, privacySettings, users } from '#server/db/schema.ts';
import { createChallenge, findOnBoard, joinChallenge, rankings, submitScore } from '#server/areas/challenges/index.ts';
import { servedRankings } from '#server/areas/challenges/board-pages.ts';
import { createTestApp, databaseKinds } from './helpers.ts';

const FIRST = ['Ann', 'Anna-Marie', 'Bob', 'Carla', 'Dan', 'Annika', 'Eve'];
const LAST = ['Lee', 'Stone', 'Annis', 'Ng', 'Bobson', 'Evans'];
const GYMS = ['Iron Temple', 'North Box', 'Annex Gym', 'Bobcat Barbell'];
const PUBLIC = { sex: 'public', birth_year: 'public', bodyweight: 'public', gym: 'public', bio: 'public', records: 'public' } as const;

/** A word of the text starts with the needle (words split at spaces and hyphens), as the search promises. */
const wordStarts = (text: string | null, needle: string) =>
  !!text &&
  text
    .toLowerCase()
    .split(/[\s-]+/)
    .some((w) => w.startsWith(needle));

describe.each(databaseKinds)('finding athletes on a board on %s', (kind) => {
  let t: Awaited<ReturnType<typeof createTestApp>>;
  let challengeId = 0;
  let anonymousId = 0;
  let ironTempleId = 0;
  const people: { id: number; name: string; gym: string | null; gymPublic: boolean }[] = [];

  beforeAll(async () => {
    t = await createTestApp(kind, {}, { rateLimit: false });
    const ctx = t.context;
    const db = ctx.database.db;
    let seed = 11;
    const rand = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
    const pick = <T>(xs: readonly T[]) => xs[Math.floor(rand() * xs.length)]!;
    const specs = Array.from({ length: 70 }, (_, i) => ({
      name: `${pick(FIRST)} ${pick(LAST)}`,
      gym: rand() < 0.2 ? null : pick(GYMS),
      gymPublic: rand() < 0.8,
      i,
    }));
    const inserted = await db
      .insert(users)
      .values(
        specs.map((s) => ({
          email: `f${s.i}@x.test`,
          emailNormalized: `f${s.i}@x.test`,
          passwordHash: 'x',
          displayName: s.name,
          createdAt: ctx.now(),
        })),
      )
      .returning({ id: users.id });
    await db.insert(athleteProfiles).values(
      inserted.map((u, i) => ({
        userId: u.id,
        birthYear: 1990,
        gym: specs[i]!.gym,
        privacy: { ...PUBLIC, gym: specs[i]!.gymPublic ? 'public' : 'private' } as typeof PUBLIC,
      })),
    );
    // One of the gyms is a listed gym its athletes picked: its name links to its page.
    const [iron] = await db.insert(gyms).values({ name: 'Iron Temple', nameKey: 'iron temple', createdAt: ctx.now() }).returning();
    ironTempleId = iron!.id;
    await db.update(athleteProfiles).set({ gymId: iron!.id }).where(eq(athleteProfiles.gym, 'Iron Temple'));
    inserted.forEach((u, i) => people.push({ id: u.id, name: specs[i]!.name, gym: specs[i]!.gym, gymPublic: specs[i]!.gymPublic }));
    anonymousId = inserted[3]!.id;
    await db.insert(privacySettings).values({ userId: anonymousId, boardAnonymous: true });
    const now = ctx.now().getTime();
    const c = await createChallenge(ctx, inserted[0]!.id, {
      title: 'Find me fast',
      score_type: 'time',
      time_cap_seconds: 1200,
      starts_at: new Date(now - 3_600_000).toISOString(),
      ends_at: new Date(now + 3_600_000).toISOString(),
    });
    challengeId = c.id;
    for (const p of inserted) {
      await joinChallenge(ctx, p.id, c.id, { division: rand() < 0.3 ? 'scaled' : 'rx', sex: rand() < 0.5 ? 'female' : 'male' });
      // Few distinct times, so ties are common and the order falls to submission time.
      await submitScore(ctx, p.id, c.id, { time_ms: 120_000 + Math.floor(rand() * 12) * 1000 });
      t.clock.advance(1000);
    }
  });
  afterAll(async () => t.close());

  const scopes = [{}, { division: 'rx' as const }, { division: 'scaled' as const }, { sex: 'female' as const }, { gym: 'north box' }];

  it('finds every word-prefix match with the place, position and page the board itself lists', async () => {
    const ctx = t.context;
    let seen = 0;
    for (const scope of scopes) {
      const board = await rankings(ctx, { challenge_id: challengeId, ...scope, offset: 0, limit: 100 }, null);
      for (const needle of ['an', 'ann', 'bob', 'st', 'no', 'iron', 'evan', 'zz']) {
        for (const pageSize of [7, 50]) {
          const found = await findOnBoard(ctx, { challenge_id: challengeId, ...scope, q: needle, limit: pageSize }, null);
          const expected = board.items
            .map((row, i) => ({ row, position: i + 1 }))
            .filter(({ row }) => {
              const p = people.find((x) => x.id === row.athlete.wp_user_id)!;
              const byName = p.id !== anonymousId && wordStarts(p.name, needle);
              return byName || (p.gymPublic && wordStarts(p.gym, needle));
            })
            .slice(0, 20);
          seen += expected.length;
          expect(
            found.items.map((m) => [m.athlete.wp_user_id, m.rank, m.position, m.page]),
            `${JSON.stringify(scope)} “${needle}” by ${pageSize}`,
          ).toEqual(expected.map(({ row, position }) => [row.athlete.wp_user_id, row.rank, position, Math.ceil(position / pageSize)]));
        }
      }
    }
    expect(seen).toBeGreaterThan(100);
  });

  it('finds the caller’s own row, and an anonymous athlete finds themself by name', async () => {
    const ctx = t.context;
    const board = await rankings(ctx, { challenge_id: challengeId, offset: 0, limit: 100 }, null);
    for (const who of [people[5]!, people[40]!, people[69]!]) {
      const found = await findOnBoard(ctx, { challenge_id: challengeId, me: true, limit: 10 }, who.id);
      const at = board.items.findIndex((r) => r.athlete.wp_user_id === who.id);
      expect(found.items.map((m) => [m.athlete.wp_user_id, m.position, m.page])).toEqual([[who.id, at + 1, Math.floor(at / 10) + 1]]);
    }
    const anon = people.find((p) => p.id === anonymousId)!;
    const word = anon.name.split(' ')[0]!.slice(0, 3);
    const bySelf = await findOnBoard(ctx, { challenge_id: challengeId, q: word, limit: 50 }, anonymousId);
    expect(bySelf.items.some((m) => m.athlete.wp_user_id === anonymousId && m.athlete.display_name === anon.name)).toBe(true);
  });

  it('shows each athlete’s gym where the profile shows it, linked when a listed gym; a private gym only to its athlete', async () => {
    const ctx = t.context;
    const shown = (p: (typeof people)[number]) => {
      const gym = p.gymPublic ? p.gym : null;
      return { gym, gym_id: gym === 'Iron Temple' ? ironTempleId : null };
    };
    const res = await t.app.inject({ url: `/api/challenges/rankings?challenge_id=${challengeId}&limit=100` });
    expect(res.statusCode).toBe(200);
    const board = res.json() as { items: { athlete: { wp_user_id: number }; gym: string | null; gym_id: number | null }[] };
    expect(board.items).toHaveLength(people.length);
    for (const row of board.items)
      expect({ gym: row.gym, gym_id: row.gym_id }).toEqual(shown(people.find((p) => p.id === row.athlete.wp_user_id)!));
    expect(board.items.filter((r) => r.gym_id === ironTempleId).length).toBeGreaterThan(3);
    expect(board.items.some((r) => r.gym === null && people.find((p) => p.id === r.athlete.wp_user_id)!.gym !== null)).toBe(true);
    // Her own row shows her the gym she keeps private; the public board does not.
    const secret = people.find((p) => p.gym !== null && !p.gymPublic)!;
    const own = await rankings(ctx, { challenge_id: challengeId, offset: 0, limit: 1 }, secret.id);
    expect(own.me).toMatchObject({ gym: secret.gym });
    const served = await servedRankings(ctx, { challenge_id: challengeId, offset: 0, limit: 100 }, secret.id);
    const answer = 'answer' in served ? served.answer : null;
    expect(answer?.items.find((r) => r.athlete.wp_user_id === secret.id)).toMatchObject({ gym: secret.gym });
    expect(answer?.items.filter((r) => r.gym !== null && !people.find((p) => p.id === r.athlete.wp_user_id)!.gymPublic)).toHaveLength(1);
    const found = await findOnBoard(ctx, { challenge_id: challengeId, q: 'iron', limit: 50 }, null);
    expect(found.items.length).toBeGreaterThan(0);
    for (const m of found.items) expect(m).toMatchObject(shown(people.find((p) => p.id === m.athlete.wp_user_id)!));
  });

  it('answers a request in words: too short, not signed in, unknown challenge', async () => {
    const base = '/api/challenges/rankings/find';
    const short = await t.app.inject({ url: `${base}?challenge_id=${challengeId}&q=a` });
    expect(short.statusCode).toBe(400);
    const blank = await t.app.inject({ url: `${base}?challenge_id=${challengeId}&q=%20%20%20` });
    expect(blank.statusCode).toBe(400);
    expect(blank.json().detail).toMatch(/letters of a name or gym/);
    const me = await t.app.inject({ url: `${base}?challenge_id=${challengeId}&me=true` });
    expect(me.statusCode).toBe(401);
    expect(me.json().detail).toMatch(/Sign in/);
    const missing = await t.app.inject({ url: `${base}?challenge_id=999999&q=ann` });
    expect(missing.statusCode).toBe(404);
    const wild = await t.app.inject({ url: `${base}?challenge_id=${challengeId}&q=%25%25` });
    expect(wild.statusCode).toBe(200);
    expect(wild.json().items).toEqual([]);
    const ok = await t.app.inject({ url: `${base}?challenge_id=${challengeId}&q=ann&limit=10` });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().page_size).toBe(10);
    expect(ok.json().items[0]).toMatchObject({ position: expect.any(Number), page: expect.any(Number), rank: expect.any(Number) });
  });
});
