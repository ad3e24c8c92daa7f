import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { sql, type SQL } from 'drizzle-orm';
import { rowsOf } from '#server/db/rows.ts';
import { allAllianceRows, allGymRows, loadChallenge } from '#server/areas/challenges/index.ts';
import { GYM_RULES, naiveGymBoard, naiveUnitBoard, type GymEntry, type UnitEntry } from '#domain/gym-events.ts';
import type { UnitRow } from '#server/lib/boards/gym-board-cache.ts';
import { createTestApp, databaseKinds } from './helpers.ts';

const ATHLETES = 14;
const GYMS = 4;
const ALLIANCES = 3;

// The gym and alliance boards' one statement must equal ranking the same entries plainly in TypeScript
// (domain/gym-events.ts naiveGymBoard, naiveUnitBoard) for any entries, every rule and any N: places with
// ties, athletes without a gym or without a result, gyms of one athlete, N larger than every gym, athletes
// in no alliance or in several.
type Athlete = { gym: number; alliances: number[]; key: number | null };
type Scenario = { athletes: Athlete[]; rule: (typeof GYM_RULES)[number]; n: number };
const a = (gym: number, key: number | null, alliances: number[] = []): Athlete => ({ gym, alliances, key });
/** The edges, for every rule: N past every gym's size, gyms of one athlete, no gym, no result, all tied, several alliances. */
const EDGES: Omit<Scenario, 'rule'>[] = [
  { athletes: [a(0, 0)], n: 6 },
  { athletes: [a(GYMS, 1), a(0, null, [0]), a(1, null)], n: 1 },
  { athletes: [a(0, 2, [0, 1, 2]), a(0, 2, [0]), a(1, 2, [1]), a(1, 2), a(2, 2, [2]), a(GYMS, 2, [0, 2])], n: 2 },
  {
    athletes: [a(0, 0, [0]), a(0, 1, [0, 1]), a(0, 3), a(1, 1, [1]), a(1, 1), a(2, null, [2]), a(3, 5), a(GYMS, 0, [0]), a(0, 6)],
    n: 3,
  },
];

describe.each(databaseKinds)('the gym and alliance boards equal a naive ranking for random entries on %s', (kind) => {
  let t: Awaited<ReturnType<typeof createTestApp>>;
  let userIds: number[] = [];
  let gymIds: number[] = [];
  let allianceIds: number[] = [];
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
    allianceIds = (
      await rowsOf<{ id: number }>(
        db,
        sql`insert into alliances (name, status, created_at) select 'Prop alliance ' || g, 'active', now()
          from generate_series(1, ${ALLIANCES}) g returning id`,
      )
    ).map((r) => Number(r.id));
  }, 240_000);
  afterAll(async () => t.close());

  it('for every rule and N', async () => {
    const athlete = fc.record({
      // GYMS means no gym.
      gym: fc.nat(GYMS),
      // The alliances they counted for when they joined (none, one or several).
      alliances: fc.subarray([0, 1, 2]),
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
        const allianceEntries: UnitEntry[] = [];
        const allianceJoinedOnly: { unitIds: number[] }[] = [];
        // One statement per table (row triggers still fire per row).
        const participants: SQL[] = [];
        const memberships: SQL[] = [];
        const scored: { userId: number; value: number; sortKey: bigint }[] = [];
        for (const [i, a] of athletes.entries()) {
          const userId = userIds[i]!;
          const gymId = a.gym === GYMS ? null : gymIds[a.gym]!;
          participants.push(sql`(${id}, ${userId}, 'rx', ${gymId})`);
          const unitIds = a.alliances.map((k) => allianceIds[k]!);
          for (const allianceId of unitIds) memberships.push(sql`(${id}, ${userId}, ${allianceId})`);
          if (a.key === null) {
            joinedOnly.push({ gymId });
            allianceJoinedOnly.push({ unitIds });
            continue;
          }
          // A sort key as the board keeps it: the result in the high bits (lower is better), ties equal.
          const sortKey = BigInt(a.key) << 25n;
          scored.push({ userId, value: 100 - a.key, sortKey });
          entries.push({ userId, gymId, sortKey });
          allianceEntries.push({ userId, unitIds, sortKey });
        }
        const values = (list: SQL[]) => sql.join(list, sql`, `);
        await db.execute(sql`insert into challenge_participants (challenge_id, user_id, division, gym_id) values ${values(participants)}`);
        if (memberships.length)
          await db.execute(
            sql`insert into challenge_participant_alliances (challenge_id, user_id, alliance_id) values ${values(memberships)}`,
          );
        if (scored.length) {
          const scoreIds = await rowsOf<{ id: number; user_id: number }>(
            db,
            sql`insert into challenge_scores (challenge_id, user_id, division, status, value, sort_key, submitted_at)
              values ${values(scored.map((s) => sql`(${id}, ${s.userId}, 'rx', 'finished', ${s.value}, ${String(s.sortKey)}::bigint, now())`))}
              returning id, user_id`,
          );
          const scoreOf = new Map(scoreIds.map((r) => [Number(r.user_id), Number(r.id)]));
          await db.execute(sql`insert into challenge_entries (challenge_id, user_id, score_id, division, status, value, sort_key, submitted_at)
            values ${values(scored.map((s) => sql`(${id}, ${s.userId}, ${scoreOf.get(s.userId)!}, 'rx', 'finished', ${s.value}, ${String(s.sortKey)}::bigint, now())`))}`);
        }
        const challenge = await loadChallenge(db, id);
        const standing = (r: UnitRow) => ({
          unitId: r.unit_id,
          rank: r.rank,
          joined: r.joined,
          scored: r.scored,
          counted: r.counted,
          value: r.value,
        });
        const rows = await allGymRows(db, challenge);
        const naive = naiveGymBoard(entries, joinedOnly, rule, n);
        expect(rows.map(standing)).toEqual(
          naive.map((r) => ({ unitId: r.gymId, rank: r.rank, joined: r.joined, scored: r.scored, counted: r.counted, value: r.value })),
        );
        const allianceRows = await allAllianceRows(db, challenge);
        expect(allianceRows.map(standing)).toEqual(naiveUnitBoard(allianceEntries, allianceJoinedOnly, rule, n));
        // The counted athletes are each unit's best N by place, with the places the board shows.
        const board = [...allianceEntries].sort((a, b) => (a.sortKey < b.sortKey ? -1 : a.sortKey > b.sortKey ? 1 : a.userId - b.userId));
        const counted = (r: UnitRow, inUnit: (e: UnitEntry) => boolean) => {
          const mine = board.filter(inUnit).slice(0, n);
          expect(r.athlete_ids).toEqual(mine.map((e) => e.userId));
          expect(r.athlete_places).toEqual(mine.map((e) => 1 + board.filter((x) => x.sortKey < e.sortKey).length));
        };
        const gymOf = new Map(entries.map((e) => [e.userId, e.gymId]));
        for (const r of rows) counted(r, (e) => gymOf.get(e.userId) === r.unit_id);
        for (const r of allianceRows) counted(r, (e) => e.unitIds.includes(r.unit_id));
        await db.execute(sql`delete from challenges where id = ${id}`);
      }),
      // Bounded (#36): 150 runs were the file's cost; the edges below run every time, for every rule.
      { numRuns: 50, examples: GYM_RULES.flatMap((rule) => EDGES.map((e) => [{ ...e, rule }] as [Scenario])) },
    );
  }, 240_000);
});
