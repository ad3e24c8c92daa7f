import fc from 'fast-check';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { athleteProfiles, tests, users } from '#server/db/schema.ts';
import { createChallenge, joinChallenge, rankings, submitScore } from '#server/areas/challenges/index.ts';
import { participation } from '#server/areas/challenges/join.ts';
import { loadChallenge } from '#server/areas/challenges/challenge.ts';
import { AGE_SCHEMES, categoriesOf, categoryOf, SEX_DIVISIONS, type AgeScheme, type SexDivisions } from '#domain/divisions.ts';
import { ApiError } from '#server/errors.ts';
import { createTestApp, databaseKinds } from './helpers.ts';

const db = (ctx: { database: { db: import('#server/db/index.ts').Database } }) => ctx.database.db;

const PUBLIC = { sex: 'public', birth_year: 'public', bodyweight: 'public', gym: 'public', bio: 'public', records: 'public' } as const;
const POOL = 24;

interface Athlete {
  sex: 'female' | 'male' | null;
  age: number | null;
  division: 'rx' | 'scaled';
  capped: boolean;
  value: number;
  gym: 'North Box' | 'Garage Gym';
}

const athlete = fc.record<Athlete>({
  sex: fc.constantFrom('female', 'male', null),
  age: fc.option(fc.integer({ min: 12, max: 72 }), { nil: null }),
  division: fc.constantFrom('rx', 'scaled'),
  capped: fc.boolean(),
  // Few distinct results, so ties are common; never far enough beyond the leader to be held.
  value: fc.integer({ min: 0, max: 8 }),
  gym: fc.constantFrom('North Box', 'Garage Gym'),
});

/**
 * Every edge at once: each age group's first and last year and the years just outside (12, 13, 17, 18, 34, 35, 39, 40,
 * 64, 65, 72), no birth year, no sex (refused where men and women rank apart), both divisions in a category, ties among
 * finishers and among capped athletes, and both gyms.
 */
const EDGE_FIELD: Athlete[] = [
  { sex: 'female', age: 13, division: 'rx', capped: false, value: 3, gym: 'North Box' },
  { sex: 'female', age: 14, division: 'rx', capped: false, value: 3, gym: 'Garage Gym' },
  { sex: 'male', age: 15, division: 'scaled', capped: false, value: 0, gym: 'North Box' },
  { sex: 'male', age: 16, division: 'rx', capped: true, value: 5, gym: 'North Box' },
  { sex: null, age: 17, division: 'rx', capped: false, value: 1, gym: 'Garage Gym' },
  { sex: 'female', age: 18, division: 'scaled', capped: true, value: 5, gym: 'Garage Gym' },
  { sex: 'male', age: 34, division: 'rx', capped: true, value: 5, gym: 'North Box' },
  { sex: 'female', age: 35, division: 'rx', capped: false, value: 8, gym: 'North Box' },
  { sex: 'male', age: 39, division: 'rx', capped: false, value: 8, gym: 'Garage Gym' },
  { sex: 'female', age: 40, division: 'scaled', capped: false, value: 2, gym: 'North Box' },
  { sex: 'male', age: 64, division: 'rx', capped: false, value: 0, gym: 'North Box' },
  { sex: 'female', age: 65, division: 'rx', capped: true, value: 0, gym: 'Garage Gym' },
  { sex: null, age: null, division: 'scaled', capped: false, value: 4, gym: 'North Box' },
  { sex: 'female', age: null, division: 'rx', capped: false, value: 3, gym: 'North Box' },
  { sex: 'male', age: 72, division: 'scaled', capped: true, value: 8, gym: 'Garage Gym' },
  { sex: 'female', age: 12, division: 'scaled', capped: false, value: 6, gym: 'Garage Gym' },
];

describe.each(databaseKinds)('division boards on %s', (kind) => {
  let t: Awaited<ReturnType<typeof createTestApp>>;
  let people: { id: number }[];
  beforeAll(async () => {
    t = await createTestApp(kind, {}, { rateLimit: false });
    const ctx = t.context;
    people = await ctx.database.db
      .insert(users)
      .values(
        Array.from({ length: POOL }, (_, i) => ({
          email: `dv${i}@x.test`,
          emailNormalized: `dv${i}@x.test`,
          passwordHash: 'x',
          displayName: `Dv${i}`,
          createdAt: ctx.now(),
        })),
      )
      .returning({ id: users.id });
    await ctx.database.db.insert(athleteProfiles).values(people.map((p) => ({ userId: p.id, privacy: PUBLIC })));
  });
  afterAll(async () => t.close());

  async function challengeWith(sex: SexDivisions, age: AgeScheme, overall = true) {
    const now = t.context.now().getTime();
    return createChallenge(t.context, people[0]!.id, {
      title: `Fran ${sex} ${age}`,
      score_type: 'time',
      time_cap_seconds: 600,
      starts_at: new Date(now - 3_600_000).toISOString(),
      ends_at: new Date(now + 3_600_000).toISOString(),
      sex_divisions: sex,
      age_scheme: age,
      overall_board: overall,
      standards: sex === 'split' && age === 'none' ? { female: 'Thrusters 29 kg', male: 'Thrusters 43 kg' } : {},
    });
  }

  it('places every athlete among their own division, as a naive count does, for every scheme', async () => {
    const ctx = t.context;
    const db = ctx.database.db;
    const year = ctx.now().getUTCFullYear();
    for (const sexScheme of SEX_DIVISIONS) {
      for (const ageScheme of AGE_SCHEMES) {
        await fc.assert(
          fc.asyncProperty(fc.array(athlete, { minLength: 1, maxLength: POOL }), async (field) => {
            for (const [i, a] of field.entries()) {
              await db.execute(sql`update athlete_profiles set sex = ${a.sex}, birth_year = ${a.age === null ? null : year - a.age},
                gym = ${a.gym} where user_id = ${people[i]!.id}`);
            }
            const c = await challengeWith(sexScheme, ageScheme);
            const scheme = { sex: sexScheme, age: ageScheme };
            const joined: { id: number; a: Athlete; category: string; key: number }[] = [];
            for (const [i, a] of field.entries()) {
              const id = people[i]!.id;
              const category = categoryOf(scheme, { sex: a.sex, birthYear: a.age === null ? null : year - a.age }, year);
              if (category === null) {
                // Men and women ranked apart: an athlete who never said which cannot join.
                await expect(joinChallenge(ctx, id, c.id, { division: a.division })).rejects.toMatchObject({ statusCode: 422 });
                continue;
              }
              const p = await joinChallenge(ctx, id, c.id, { division: a.division });
              expect(p.category).toBe(category);
              const ms = 200_000 + a.value * 1000;
              await submitScore(ctx, id, c.id, a.capped ? { capped: true, reps: a.value } : { time_ms: ms });
              // One comparable number: Rx above Scaled, finishers above capped athletes, then the result.
              const key = (a.division === 'scaled' ? 1e9 : 0) + (a.capped ? 1e8 - a.value : ms);
              joined.push({ id, a, category, key });
            }
            const boards = categoriesOf(scheme).map((k) => k.id);
            for (const category of boards.length ? boards : [undefined]) {
              for (const division of [undefined, 'rx', 'scaled'] as const) {
                const board = joined.filter(
                  (j) => (category === undefined || j.category === category) && (!division || j.a.division === division),
                );
                for (const gym of [undefined, 'north box']) {
                  const got = await rankings(
                    ctx,
                    { challenge_id: c.id, category, division, gym, offset: 0, limit: 100 },
                    joined[0]?.id ?? null,
                  );
                  const shown = board.filter((j) => !gym || j.a.gym === 'North Box');
                  expect(got.total).toBe(shown.length);
                  expect(got.items.map((r) => r.athlete.wp_user_id).sort()).toEqual(shown.map((j) => j.id).sort());
                  // Places are the division's own, and a gym filter keeps them.
                  for (const r of got.items) {
                    const mine = board.find((j) => j.id === r.athlete.wp_user_id)!;
                    expect(r.rank, `${category} ${division} ${gym}`).toBe(1 + board.filter((o) => o.key < mine.key).length);
                    expect(r.category).toBe(category ?? (mine.category || null));
                  }
                }
              }
            }
            // The athlete's own place (their participation) is their category's.
            for (const j of joined.slice(0, 3)) {
              const mine = await participation(ctx, await loadChallenge(db, c.id), j.id);
              const same = joined.filter((o) => o.category === j.category);
              expect(mine?.rank).toBe(1 + same.filter((o) => o.key < j.key).length);
            }
          }),
          // Bounded (#36): 4 random fields a scheme (3 on PostgreSQL) were the file. The example counts in numRuns:
          // the edge field and one random field a scheme on PGlite, the edge field alone on PostgreSQL.
          { numRuns: kind === 'postgres' ? 1 : 2, examples: [[EDGE_FIELD]] },
        );
      }
    }
  }, 300_000);

  it('offers the combined board only when the creator asks for one, and refuses unknown divisions', async () => {
    const c = await challengeWith('split', 'masters', false);
    expect(c.divisions.categories.map((k) => k.id)).toContain('female:40-44');
    expect(c.divisions.categories.find((k) => k.id === 'female')).toBeUndefined();
    expect(c.divisions.overall_board).toBe(false);
    const both = await challengeWith('split', 'none');
    expect(both.divisions.categories).toEqual([
      { id: 'female', label: 'Women', standards: 'Thrusters 29 kg' },
      { id: 'male', label: 'Men', standards: 'Thrusters 43 kg' },
    ]);
    await expect(rankings(t.context, { challenge_id: c.id, offset: 0, limit: 10 }, null)).rejects.toBeInstanceOf(ApiError);
    await expect(rankings(t.context, { challenge_id: c.id, category: 'female:18-34', offset: 0, limit: 10 }, null)).rejects.toMatchObject({
      statusCode: 400,
    });
    const page = await rankings(t.context, { challenge_id: c.id, category: 'male:open', offset: 0, limit: 10 }, null);
    expect(page).toMatchObject({ category: 'male:open', total: 0, items: [] });
  });

  it('takes the sex given at join over an empty profile, and refuses a scheme change once athletes joined', async () => {
    const ctx = t.context;
    const db = ctx.database.db;
    await db.execute(sql`update athlete_profiles set sex = null, birth_year = null where user_id = ${people[1]!.id}`);
    const c = await challengeWith('split', 'none');
    const p = await joinChallenge(ctx, people[1]!.id, c.id, { division: 'rx', sex: 'female' });
    expect(p).toMatchObject({ category: 'female', sex: 'female' });
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/challenges/rankings?challenge_id=${c.id}&category=female`,
    });
    expect(res.statusCode).toBe(200);
    const bad = await t.app.inject({ method: 'GET', url: `/api/challenges/rankings?challenge_id=${c.id}&category=${'x'.repeat(30)}` });
    expect(bad.statusCode).toBe(400);
    const { updateChallenge } = await import('#server/areas/challenges/index.ts');
    const input = {
      title: c.title,
      score_type: 'time' as const,
      starts_at: c.starts_at,
      ends_at: c.ends_at,
      sex_divisions: 'open' as const,
    };
    await expect(updateChallenge(ctx, { id: people[0]!.id, isAdmin: false }, c.id, input)).rejects.toMatchObject({ statusCode: 409 });
  });

  it('the replay history names each score’s board, and orders the scores best first as the board does', async () => {
    const ctx = t.context;
    const c = await challengeWith('split', 'none');
    const [ana, bo, cy] = [people[2]!.id, people[3]!.id, people[4]!.id];
    await joinChallenge(ctx, ana, c.id, { division: 'rx', sex: 'female' });
    await joinChallenge(ctx, bo, c.id, { division: 'rx', sex: 'male' });
    await joinChallenge(ctx, cy, c.id, { division: 'scaled', sex: 'female' });
    await submitScore(ctx, ana, c.id, { time_ms: 300_000 });
    await submitScore(ctx, bo, c.id, { time_ms: 200_000 });
    await submitScore(ctx, cy, c.id, { time_ms: 100_000 });
    const res = await t.app.inject({ method: 'GET', url: `/api/challenges/${c.id}/score-history` });
    expect(res.statusCode).toBe(200);
    const history = res.json() as {
      ranked: number[];
      items: { athlete: { wp_user_id: number }; category: string; division: string; score: { id: number } }[];
    };
    expect(history.items.map((i) => [i.athlete.wp_user_id, i.category, i.division])).toEqual([
      [ana, 'female', 'rx'],
      [bo, 'male', 'rx'],
      [cy, 'female', 'scaled'],
    ]);
    // Rx above Scaled, then the faster time: Bo, Ana, then Cy although Cy was fastest.
    const idOf = (who: number) => history.items.find((i) => i.athlete.wp_user_id === who)!.score.id;
    expect(history.ranked).toEqual([idOf(bo), idOf(ana), idOf(cy)]);
  });

  it('a challenge linked to a catalogue test refuses results outside its bounds, saying them; unlinked ones keep their own', async () => {
    const ctx = t.context;
    const [fran] = await ctx.database.db
      .insert(tests)
      .values({
        name: 'Fran',
        nameNormalized: 'fran',
        category: 'benchmark',
        movement: 'mixed',
        unit: 'seconds',
        direction: 'lower',
        minValue: 100,
        maxValue: 3600,
        status: 'active',
        standards: [],
      })
      .returning();
    const now = ctx.now().getTime();
    const base = {
      title: 'Fran linked',
      score_type: 'time' as const,
      starts_at: new Date(now - 3_600_000).toISOString(),
      ends_at: new Date(now + 3_600_000).toISOString(),
    };
    // Linked only to a test measured the same way, and only to one that exists.
    await expect(createChallenge(ctx, people[0]!.id, { ...base, score_type: 'reps', test_id: fran!.id })).rejects.toMatchObject({
      statusCode: 400,
    });
    await expect(createChallenge(ctx, people[0]!.id, { ...base, test_id: 999_999 })).rejects.toMatchObject({ statusCode: 400 });
    const linked = await createChallenge(ctx, people[0]!.id, { ...base, test_id: fran!.id });
    expect(linked.test_id).toBe(fran!.id);
    const open = await createChallenge(ctx, people[0]!.id, { ...base, title: 'Fran unlinked' });
    const who = people[2]!.id;
    await db(ctx).execute(sql`update athlete_profiles set sex = 'female' where user_id = ${who}`);
    for (const c of [linked, open]) await joinChallenge(ctx, who, c.id, { division: 'rx' });
    await expect(submitScore(ctx, who, linked.id, { time_ms: 30_000 })).rejects.toMatchObject({
      statusCode: 422,
      message: expect.stringMatching(/30 seconds is outside what is humanly possible for Fran \(100–3,600 seconds\)/),
    });
    await expect(submitScore(ctx, who, linked.id, { time_ms: 4_000_000 })).rejects.toMatchObject({ statusCode: 422 });
    expect((await rankings(ctx, { challenge_id: linked.id, offset: 0, limit: 10 }, null)).total).toBe(0);
    expect(await submitScore(ctx, who, linked.id, { time_ms: 271_000 })).toMatchObject({ is_best: true, rank: 1 });
    // Unlinked: the score type's own bounds, so 0:30 is taken.
    expect(await submitScore(ctx, who, open.id, { time_ms: 30_000 })).toMatchObject({ is_best: true });
  });
});
