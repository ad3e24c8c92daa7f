import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { athleteProfiles, personalRecords, tests, users } from '#server/db/schema.ts';
import { createChallenge, joinChallenge, submitScore } from '#server/areas/challenges/index.ts';
import { rowsOf } from '#server/db/rows.ts';
import { myAnalytics, percentileOf, weekStartUtc } from '#server/areas/analytics/analytics.ts';
import { authHeaders, createTestApp, databaseKinds, signIn, type SignedIn } from './helpers.ts';

const DAY = 86_400_000;
const PUBLIC = { sex: 'public', birth_year: 'public', bodyweight: 'public', gym: 'public', bio: 'public', records: 'public' } as const;

interface Analytics {
  weeks: { week_start: string; submissions: number }[];
  challenges: {
    challenge_id: number;
    title: string;
    division: string;
    place: number;
    field_size: number;
    percentile: number;
    division_place: number;
    board: string;
    division_size: number;
    division_percentile: number;
  }[];
  records: { test_name: string; records: number; first_value: number; latest_value: number; improvement: number }[];
  streaks: { type: string; current_count: number; best_count: number }[];
}

describe.each(databaseKinds)('athlete analytics on %s', (kind) => {
  let t: Awaited<ReturnType<typeof createTestApp>>;
  let ana: SignedIn;
  let ben: SignedIn;
  let others: { id: number }[];
  let challengeIds: number[];
  const url = () => `${t.context.config.basePath}api/analytics/me`;
  const get = async (s: SignedIn) => {
    const res = await t.app.inject({ method: 'GET', url: url(), headers: authHeaders(s, false) });
    expect(res.statusCode).toBe(200);
    return res.json() as Analytics;
  };

  beforeAll(async () => {
    t = await createTestApp(kind, {}, { rateLimit: false });
    const ctx = t.context;
    const db = ctx.database.db;
    ana = await signIn(t, 'ana@x.test', undefined, 'Ana');
    ben = await signIn(t, 'ben@x.test', undefined, 'Ben');
    others = await db
      .insert(users)
      .values(
        Array.from({ length: 7 }, (_, i) => ({
          email: `an${i}@x.test`,
          emailNormalized: `an${i}@x.test`,
          passwordHash: 'x',
          displayName: `An${i}`,
          createdAt: ctx.now(),
        })),
      )
      .returning({ id: users.id });
    await db
      .insert(athleteProfiles)
      .values([ana.userId, ben.userId, ...others.map((o) => o.id)].map((userId) => ({ userId, privacy: PUBLIC })))
      .onConflictDoNothing();
    const now = ctx.now().getTime();
    challengeIds = [];
    for (const title of ['Fran', 'Grace', 'Helen']) {
      const c = await createChallenge(ctx, others[0]!.id, {
        title,
        score_type: 'time',
        time_cap_seconds: 900,
        starts_at: new Date(now - 3_600_000).toISOString(),
        ends_at: new Date(now + 300 * DAY).toISOString(),
      });
      challengeIds.push(c.id);
    }
    // Ben and the others fill the boards, in both divisions.
    for (const [ci, cid] of challengeIds.entries()) {
      for (const [i, o] of [...others, { id: ben.userId }].entries()) {
        if ((i + ci) % 4 === 3) continue;
        await joinChallenge(ctx, o.id, cid, { division: i % 3 === 0 ? 'scaled' : 'rx' });
        await submitScore(ctx, o.id, cid, { time_ms: 300_000 + ((i * 7 + ci * 3) % 11) * 1000 });
      }
    }
    // Ana: two challenges, scores spread over several weeks (one worse, one better later).
    await joinChallenge(ctx, ana.userId, challengeIds[0]!, { division: 'rx' });
    await joinChallenge(ctx, ana.userId, challengeIds[1]!, { division: 'scaled' });
    await submitScore(ctx, ana.userId, challengeIds[0]!, { time_ms: 306_000 });
    t.clock.advance(9 * DAY);
    await submitScore(ctx, ana.userId, challengeIds[1]!, { time_ms: 304_500 });
    await submitScore(ctx, ana.userId, challengeIds[0]!, { time_ms: 309_000 });
    t.clock.advance(15 * DAY);
    await submitScore(ctx, ana.userId, challengeIds[0]!, { time_ms: 302_500 });
    // Records: Ana's approved ones count, her pending one and Ben's do not.
    const [back, row] = await db
      .insert(tests)
      .values([
        {
          name: 'Back squat',
          nameNormalized: 'back squat',
          category: 'strength',
          movement: 'squat',
          unit: 'kg',
          direction: 'higher',
          minValue: 1,
          maxValue: 500,
          standards: [],
          status: 'active',
        },
        {
          name: '2k row',
          nameNormalized: '2k row',
          category: 'endurance',
          movement: 'row',
          unit: 'seconds',
          direction: 'lower',
          minValue: 60,
          maxValue: 3600,
          standards: [],
          status: 'active',
        },
      ])
      .returning({ id: tests.id });
    const pr = (userId: number, testId: number, value: number, achievedOn: string, status = 'approved') => ({
      userId,
      testId,
      value,
      rawValue: String(value),
      rawUnit: 'kg',
      achievedOn,
      status,
    });
    await db
      .insert(personalRecords)
      .values([
        pr(ana.userId, back!.id, 100, '2026-01-10'),
        pr(ana.userId, back!.id, 110, '2026-03-10'),
        pr(ana.userId, back!.id, 120, '2026-05-10'),
        pr(ana.userId, back!.id, 200, '2026-06-10', 'pending'),
        pr(ana.userId, row!.id, 450, '2026-02-01'),
        pr(ana.userId, row!.id, 430, '2026-04-01'),
        pr(ben.userId, back!.id, 300, '2026-06-01'),
      ]);
    // Fresh sessions: the clock has moved past the first ones' lifetime.
    ana = await signIn(t, 'ana@x.test', undefined, 'Ana');
    ben = await signIn(t, 'ben@x.test', undefined, 'Ben');
  });
  afterAll(async () => t.close());

  it('refuses a signed-out caller', async () => {
    const res = await t.app.inject({ method: 'GET', url: url() });
    expect(res.statusCode).toBe(401);
    expect(res.json().detail).toBeTruthy();
  });

  it('counts submissions per week as a naive count of her scores does, over 26 weeks', async () => {
    const a = await get(ana);
    expect(a.weeks).toHaveLength(26);
    const mine = await rowsOf<{ submitted_at: string | Date }>(
      t.context.database.db,
      sql`select submitted_at from challenge_scores where user_id = ${ana.userId} and deleted_at is null`,
    );
    const naive = new Map<string, number>();
    for (const r of mine) {
      const week = weekStartUtc(new Date(r.submitted_at)).toISOString().slice(0, 10);
      naive.set(week, (naive.get(week) ?? 0) + 1);
    }
    for (const w of a.weeks) expect(w.submissions, w.week_start).toBe(naive.get(w.week_start) ?? 0);
    expect(a.weeks.reduce((s, w) => s + w.submissions, 0)).toBe(4);
    expect(a.weeks.at(-1)!.week_start).toBe(weekStartUtc(t.context.now()).toISOString().slice(0, 10));
  });

  it('places her on each board and in her division as a naive ranking does', async () => {
    const a = await get(ana);
    expect(a.challenges.map((c) => c.challenge_id).sort()).toEqual([challengeIds[0], challengeIds[1]].sort());
    const entries = await rowsOf<{ challenge_id: number; user_id: number; division: string; category: string; sort_key: string }>(
      t.context.database.db,
      sql`select challenge_id, user_id, division, category, sort_key::text from challenge_entries`,
    );
    for (const c of a.challenges) {
      const board = entries.filter((e) => Number(e.challenge_id) === c.challenge_id);
      const me = board.find((e) => Number(e.user_id) === ana.userId)!;
      const better = (e: { sort_key: string }) => BigInt(e.sort_key) < BigInt(me.sort_key);
      const place = 1 + board.filter(better).length;
      // Her own board: her category (women, men, or the one board) and her division.
      const division = board.filter((e) => e.division === me.division && e.category === me.category);
      const divisionPlace = 1 + division.filter(better).length;
      expect(c).toMatchObject({
        division: me.division,
        board: me.division === 'rx' ? expect.stringMatching(/Rx$/) : expect.stringMatching(/Scaled$/),
        place,
        field_size: board.length,
        division_place: divisionPlace,
        division_size: division.length,
      });
      expect(c.percentile).toBeCloseTo(100 * (1 - (place - 1) / board.length), 1);
      expect(c.division_percentile).toBeCloseTo(100 * (1 - (divisionPlace - 1) / division.length), 1);
    }
    // Her best in Fran is the later 302.5 s, not the worse 309 s.
    const fran = a.challenges.find((c) => c.challenge_id === challengeIds[0])!;
    expect(fran.place).toBeLessThan(fran.field_size);
  });

  it('shows record progress from approved records only, better as positive', async () => {
    const a = await get(ana);
    const squat = a.records.find((r) => r.test_name === 'Back squat')!;
    expect(squat).toMatchObject({ records: 3, first_value: 100, latest_value: 120, improvement: 20 });
    const row = a.records.find((r) => r.test_name === '2k row')!;
    expect(row).toMatchObject({ records: 2, first_value: 450, latest_value: 430, improvement: 20 });
  });

  it('reports her streaks and never another athlete’s numbers', async () => {
    const a = await get(ana);
    expect(a.streaks.map((s) => s.type)).toContain('daily_submissions');
    expect(a.streaks.find((s) => s.type === 'daily_submissions')!.best_count).toBeGreaterThanOrEqual(1);
    const b = await get(ben);
    expect(b.weeks.reduce((s, w) => s + w.submissions, 0)).toBe(3 - challengeIds.filter((_, ci) => (7 + ci) % 4 === 3).length);
    expect(b.challenges.every((c) => challengeIds.includes(c.challenge_id))).toBe(true);
    expect(b.records).toEqual([expect.objectContaining({ test_name: 'Back squat', records: 1, latest_value: 300, improvement: 0 })]);
    // A brand-new athlete sees nothing but empty weeks.
    const cy = await signIn(t, 'cy@x.test', undefined, 'Cy');
    const c = await get(cy);
    expect(c.weeks.every((w) => w.submissions === 0)).toBe(true);
    expect(c.challenges).toEqual([]);
    expect(c.records).toEqual([]);
  });

  it('places her on any random board, overall and in her division, as ranking the submitted results by hand does', async () => {
    const ctx = t.context;
    const pool = [...others.slice(1), { id: ben.userId }];
    const result = fc.record({ division: fc.constantFrom('rx' as const, 'scaled' as const), seconds: fc.integer({ min: 300, max: 306 }) });
    await fc.assert(
      fc.asyncProperty(
        result,
        fc.array(fc.option(result, { nil: null }), { minLength: pool.length, maxLength: pool.length }),
        async (mine, field) => {
          const now = ctx.now().getTime();
          const c = await createChallenge(ctx, others[0]!.id, {
            title: 'Random board',
            score_type: 'time',
            time_cap_seconds: 900,
            starts_at: new Date(now - 3_600_000).toISOString(),
            ends_at: new Date(now + 30 * DAY).toISOString(),
          });
          const board: { division: string; key: number }[] = [];
          const key = (r: { division: string; seconds: number }) => (r.division === 'scaled' ? 1e6 : 0) + r.seconds;
          for (const [i, r] of field.entries()) {
            if (!r) continue;
            await joinChallenge(ctx, pool[i]!.id, c.id, { division: r.division });
            await submitScore(ctx, pool[i]!.id, c.id, { time_ms: r.seconds * 1000 });
            board.push({ division: r.division, key: key(r) });
          }
          await joinChallenge(ctx, ana.userId, c.id, { division: mine.division });
          await submitScore(ctx, ana.userId, c.id, { time_ms: mine.seconds * 1000 });
          board.push({ division: mine.division, key: key(mine) });
          const place = 1 + board.filter((b) => b.key < key(mine)).length;
          const division = board.filter((b) => b.division === mine.division);
          const divisionPlace = 1 + division.filter((b) => b.key < key(mine)).length;
          const got = (await myAnalytics(ctx, ana.userId)).challenges.find((x) => x.challenge_id === c.id);
          expect(got).toMatchObject({
            place,
            field_size: board.length,
            percentile: percentileOf(place, board.length),
            division_place: divisionPlace,
            division_size: division.length,
            division_percentile: percentileOf(divisionPlace, division.length),
          });
          expect(got!.percentile).toBeCloseTo(100 * (1 - (place - 1) / board.length), 1);
        },
      ),
      { numRuns: 12 },
    );
  });
});
