import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { sql } from 'drizzle-orm';
import { rowsOf } from '../../server/db/rows.ts';
import { allGymRows, loadChallenge } from '../../server/services/challenges/index.ts';
import { GYM_RULES, naiveGymBoard, type GymEntry } from '../../domain/gym-events.ts';
import { createTestApp, databaseKinds } from './helpers.ts';

const ATHLETES = 14;
const GYMS = 4;

// The gym board's one statement must equal ranking the same entries plainly in TypeScript
// (domain/gym-events.ts naiveGymBoard) for any entries, every rule and any N: places with ties,
// athletes without a gym or without a result, gyms of one athlete, N larger than every gym.
describe.each(databaseKinds)('the gym board equals a naive ranking for random entries on %s', (kind) => {
  let t: Awaited<ReturnType<typeof createTestApp>>;
  let userIds: number[] = [];
  let gymIds: number[] = [];
  beforeAll(async () => {
    t = await createTestApp(kind);
    const db = t.context.database.db;
    userIds = (
      await rowsOf<{ id: number }>(
        db,
        sql`insert into users (email, email_normalized, password_hash, display_name, created_at)
          select 'p' || g || '@prop.test', 'p' || g || '@prop.test', 'x', 'Prop ' || g, now() from generate_series(1, ${ATHLETES}) g returning id`,
      )
    ).map((r) => Number(r.id));
    gymIds = (
      await rowsOf<{ id: number }>(
        db,
        sql`insert into gyms (name, name_key, city) select 'Prop gym ' || g, 'prop gym ' || g, '' from generate_series(1, ${GYMS}) g returning id`,
      )
    ).map((r) => Number(r.id));
  });
  afterAll(async () => t.close());

  it('for every rule and N', async () => {
    const athlete = fc.record({
      // GYMS means no gym.
      gym: fc.nat(GYMS),
      // null: joined without a result; small keys so that ties are common.
      key: fc.option(fc.nat(6), { nil: null }),
    });
    const scenario = fc.record({
      athletes: fc.array(athlete, { minLength: 1, maxLength: ATHLETES }),
      rule: fc.constantFrom(...GYM_RULES),
      n: fc.integer({ min: 1, max: 6 }),
    });
    await fc.assert(
      fc.asyncProperty(scenario, async ({ athletes, rule, n }) => {
        const db = t.context.database.db;
        const [c] = await rowsOf<{ id: number }>(
          db,
          sql`insert into challenges (title, creator_id, score_type, starts_at, ends_at, gym_rule, gym_best_n)
            values ('Prop', ${userIds[0]!}, 'reps', now() - interval '1 day', now() + interval '1 day', ${rule}, ${n}) returning id`,
        );
        const id = Number(c!.id);
        const entries: GymEntry[] = [];
        const joinedOnly: { gymId: number | null }[] = [];
        for (const [i, a] of athletes.entries()) {
          const userId = userIds[i]!;
          const gymId = a.gym === GYMS ? null : gymIds[a.gym]!;
          await db.execute(
            sql`insert into challenge_participants (challenge_id, user_id, division, gym_id) values (${id}, ${userId}, 'rx', ${gymId})`,
          );
          if (a.key === null) {
            joinedOnly.push({ gymId });
            continue;
          }
          // A sort key as the board keeps it: the result in the high bits (lower is better), ties equal.
          const sortKey = BigInt(a.key) << 25n;
          const [s] = await rowsOf<{ id: number }>(
            db,
            sql`insert into challenge_scores (challenge_id, user_id, division, status, value, sort_key, submitted_at)
              values (${id}, ${userId}, 'rx', 'finished', ${100 - a.key}, ${String(sortKey)}::bigint, now()) returning id`,
          );
          await db.execute(
            sql`insert into challenge_entries (challenge_id, user_id, score_id, division, status, value, sort_key, submitted_at)
              values (${id}, ${userId}, ${Number(s!.id)}, 'rx', 'finished', ${100 - a.key}, ${String(sortKey)}::bigint, now())`,
          );
          entries.push({ userId, gymId, sortKey });
        }
        const rows = await allGymRows(db, await loadChallenge(db, id));
        const naive = naiveGymBoard(entries, joinedOnly, rule, n);
        expect(
          rows.map((r) => ({ gymId: r.gym_id, rank: r.rank, joined: r.joined, scored: r.scored, counted: r.counted, value: r.value })),
        ).toEqual(
          naive.map((r) => ({ gymId: r.gymId, rank: r.rank, joined: r.joined, scored: r.scored, counted: r.counted, value: r.value })),
        );
        // The counted athletes are each gym's best N by place, with the places the board shows.
        const board = [...entries].sort((a, b) => (a.sortKey < b.sortKey ? -1 : a.sortKey > b.sortKey ? 1 : a.userId - b.userId));
        for (const r of rows) {
          const mine = board.filter((e) => e.gymId === r.gym_id).slice(0, n);
          expect(r.athlete_ids).toEqual(mine.map((e) => e.userId));
          expect(r.athlete_places).toEqual(mine.map((e) => 1 + board.filter((x) => x.sortKey < e.sortKey).length));
        }
        await db.execute(sql`delete from challenges where id = ${id}`);
      }),
      { numRuns: 150 },
    );
  }, 240_000);
});
