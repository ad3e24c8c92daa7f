import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../server/db/schema.ts';
import { createChallenge, joinChallenge, rankings, submitScore } from '../../server/services/challenges.ts';
import { createTestApp, databaseKinds } from './helpers.ts';

/** Places as the spec defines them: 1 + how many are strictly better; equal results share. */
function expectedPlaces(keys: { id: number; key: number }[]) {
  return new Map(keys.map((k) => [k.id, 1 + keys.filter((o) => o.key < k.key).length]));
}

describe.each(databaseKinds)('places over many buckets on %s', (kind) => {
  let t: Awaited<ReturnType<typeof createTestApp>>;
  beforeAll(async () => {
    t = await createTestApp(kind, {}, { rateLimit: false });
  });
  afterAll(async () => t.close());

  it('match a naive count for every row, division and filter, through improvements', async () => {
    const ctx = t.context;
    const db = ctx.database.db;
    const people = await db
      .insert(users)
      .values(Array.from({ length: 120 }, (_, i) => ({ email: `p${i}@x.test`, emailNormalized: `p${i}@x.test`, passwordHash: 'x', displayName: `P${i}`, createdAt: ctx.now() })))
      .returning({ id: users.id });
    const now = ctx.now().getTime();
    const c = await createChallenge(ctx, people[0]!.id, {
      title: 'Row for time',
      score_type: 'time',
      time_cap_seconds: 1200,
      starts_at: new Date(now - 3_600_000).toISOString(),
      ends_at: new Date(now + 3_600_000).toISOString(),
    });
    let seed = 7;
    const rand = () => ((seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31);
    const best = new Map<number, { division: 'rx' | 'scaled'; capped: boolean; value: number; sex: 'female' | 'male' }>();
    for (const [i, p] of people.entries()) {
      const division = i % 3 === 0 ? 'scaled' : 'rx';
      const sex = i % 2 === 0 ? 'female' : 'male';
      await joinChallenge(ctx, p.id, c.id, { division, sex });
      for (let k = 0; k < 2; k++) {
        // Times spread over many 1-second slices, some ties, some capped.
        const capped = rand() < 0.1;
        const value = capped ? Math.floor(rand() * 50) : 120_000 + Math.floor(rand() * 40) * 1500;
        await submitScore(ctx, p.id, c.id, capped ? { capped: true, reps: value } : { time_ms: value });
        const prev = best.get(p.id);
        const better =
          !prev || (prev.capped && !capped) || (!prev.capped && !capped && value < prev.value) || (prev.capped && capped && value > prev.value);
        if (better) best.set(p.id, { division, capped, value, sex });
      }
    }
    // One comparable number per athlete: division, then finished/capped, then the result.
    const keyOf = (b: { division: string; capped: boolean; value: number }) =>
      (b.division === 'scaled' ? 1e9 : 0) + (b.capped ? 1e8 - b.value : b.value);
    const all = [...best.entries()].map(([id, b]) => ({ id, key: keyOf(b), b }));
    for (const division of [undefined, 'rx', 'scaled'] as const) {
      const board = all.filter((a) => !division || a.b.division === division);
      const expected = expectedPlaces(board.map((a) => ({ id: a.id, key: division ? keyOf({ ...a.b, division: 'rx' }) : a.key })));
      for (const sex of [undefined, 'female'] as const) {
        const got = await rankings(ctx, { challenge_id: c.id, division, sex, offset: 0, limit: 100 }, people[5]!.id);
        const more = await rankings(ctx, { challenge_id: c.id, division, sex, offset: 100, limit: 100 }, null);
        const rows = [...got.items, ...more.items];
        expect(rows.length).toBe(board.filter((a) => !sex || a.b.sex === sex).length);
        for (const r of rows) expect(r.rank, `${division} ${sex} ${r.athlete.display_name}`).toBe(expected.get(r.athlete.wp_user_id));
        if (got.me) expect(got.me.rank).toBe(expected.get(people[5]!.id));
        if (!sex) expect(got.total).toBe(board.length);
      }
    }
  }, 120_000);
});
