import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { battleJobHandlers, closeRound } from '#server/areas/battles/index.ts';
import { tellTheFallen } from '#server/areas/battles/closing.ts';
import { runDueJobs } from '#server/lib/jobs.ts';
import { roundAttempts } from '#server/areas/battles/attempts.ts';
import { getBattle } from '#server/areas/battles/battles.ts';
import { rowsOf } from '#server/db/rows.ts';
import { closeRoyaleRound, finalRanking, type CutRule, type EliminationRecord } from '#domain/battles/index.ts';
import { createTestApp, databaseKinds } from './helpers.ts';

// A battle royale's close ranks and cuts in the database (server/areas/battles/royale-closing.ts); the engine
// (domain/battles/engine.ts) says what the outcome must be. Fields full of ties: equal keys, best attempts submitted
// in the same millisecond (a few microseconds apart, which the engine cannot see), athletes who did not score
// entered in the same millisecond, keys of different lengths (9 is better than 10 and than 100).

const DAY = 86_400_000;

/** A small seeded generator, so a failure can be replayed. */
function random(seed: number) {
  let s = seed >>> 0;
  return () => {
    s = (s + 0x6d2b79f5) >>> 0;
    let t = s;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const KEYS = [5n, 9n, 10n, 99n, 100n, 1000n, 4611686018427387904n];
const RULES: CutRule[][] = [
  [
    { kind: 'cut_percent', percent: 40, minimum: 3 },
    { kind: 'keep_top', keep: 9 },
    { kind: 'cut_percent', percent: 25, minimum: 2 },
  ],
  [
    { kind: 'keep_top', keep: 20 },
    { kind: 'cut_percent', percent: 50, minimum: 1 },
  ],
];

describe.each(databaseKinds)('closing a battle royale round on %s', (kind) => {
  let t: Awaited<ReturnType<typeof createTestApp>>;
  beforeAll(async () => {
    t = await createTestApp(kind, {}, { rateLimit: false });
  }, 240_000);
  afterAll(async () => t.close());

  const exec = <T>(query: ReturnType<typeof sql>) => rowsOf<T>(t.context.database.db, query);

  /** A battle of `n` athletes whose rounds have all ended; answers its id and the athletes' ids. */
  async function seedBattle(tag: string, n: number, rules: CutRule[]) {
    const now = t.context.now().getTime();
    const ids = (
      await exec<{ id: number }>(sql`insert into users (email, email_normalized, password_hash, display_name, created_at)
        select ${tag} || '-' || g || '@close.test', ${tag} || '-' || g || '@close.test', 'x', 'Closer ' || g, now()
        from generate_series(1, ${n}) g returning id`)
    ).map((r) => Number(r.id));
    const [battle] = await exec<{ id: number }>(sql`insert into battles (name, format, creator_id, score_type, attempts_per_round,
        starts_at, ends_at, created_at)
      values (${`Close ${tag}`}, 'battle_royale', ${ids[0]!}, 'reps', 3, ${new Date(now - (rules.length + 1) * DAY).toISOString()}::timestamptz,
        ${new Date(now - DAY).toISOString()}::timestamptz, now()) returning id`);
    const id = Number(battle!.id);
    for (const [i, rule] of rules.entries())
      await exec(sql`insert into battle_rounds (battle_id, round_no, opens_at, closes_at, cut)
        values (${id}, ${i + 1}, ${new Date(now - (rules.length + 1 - i) * DAY).toISOString()}::timestamptz,
          ${new Date(now - (rules.length - i) * DAY).toISOString()}::timestamptz, ${JSON.stringify(rule)}::jsonb)`);
    return { id, ids };
  }

  async function enter(battleId: number, ids: number[], next: () => number) {
    const base = Date.UTC(2026, 10, 1);
    // Entry times: few distinct milliseconds, some a few microseconds apart (the same millisecond to the engine).
    const values = ids.map(
      (u) => sql`(${battleId}, ${u}, ${new Date(base + Math.floor(next() * 4) * 1000).toISOString()}::timestamptz
        + ${Math.floor(next() * 3) * 7} * interval '1 microsecond')`,
    );
    await exec(sql`insert into battle_entries (battle_id, user_id, entered_at) values ${sql.join(values, sql`, `)}`);
  }

  /** Up to three attempts each for most of the living field; `none` leaves the round without a score. */
  async function attempts(battleId: number, roundNo: number, living: number[], next: () => number, none = false) {
    if (none) return;
    const base = Date.UTC(2026, 10, 2) + roundNo * DAY;
    const values = living.flatMap((u) => {
      const count = next() < 0.2 ? 0 : 1 + Math.floor(next() * 3);
      return Array.from(
        { length: count },
        () => sql`(${battleId}, ${roundNo}, ${u}, 'finished', 1, ${String(KEYS[Math.floor(next() * KEYS.length)])}::bigint,
          ${new Date(base + Math.floor(next() * 3)).toISOString()}::timestamptz + ${Math.floor(next() * 4) * 3} * interval '1 microsecond')`,
      );
    });
    if (values.length)
      await exec(sql`insert into battle_attempts (battle_id, round_no, user_id, status, value, sort_key, submitted_at)
        values ${sql.join(values, sql`, `)}`);
  }

  /** What the engine makes of the round, from the stored field and attempts (times to the ms, as the engine takes them). */
  async function expected(battleId: number, roundNo: number, rule: CutRule) {
    const field = await exec<{ user_id: number; ms: number }>(
      sql`select user_id, floor(extract(epoch from entered_at) * 1000)::float8 as ms
        from battle_entries where battle_id = ${battleId} and eliminated_round is null`,
    );
    const all = await exec<{ user_id: number; key: string; ms: number }>(
      sql`select user_id, sort_key::text as key, floor(extract(epoch from submitted_at) * 1000)::float8 as ms
        from battle_attempts where battle_id = ${battleId} and round_no = ${roundNo}`,
    );
    return closeRoyaleRound(
      field.map((f) => ({ athleteId: Number(f.user_id), enteredAt: Number(f.ms) })),
      all.map((a) => ({ athleteId: Number(a.user_id), sortKey: BigInt(a.key), submittedAt: Number(a.ms) })),
      rule,
    );
  }

  it.each([
    [1, 0, 48],
    [2, 0, 61],
    [3, 1, 37],
    [4, 1, 52],
  ])('cuts as the engine does, round after round, and writes the final places (seed %i)', async (seed, rulesAt, n) => {
    const rules = RULES[rulesAt]!;
    const next = random(seed);
    const { id, ids } = await seedBattle(`s${seed}`, n, rules);
    await enter(id, ids, next);
    const records: EliminationRecord[] = [];
    let living = ids;
    for (const [i, rule] of rules.entries()) {
      const roundNo = i + 1;
      // Seed 3's first round: nobody scored, nobody falls.
      await attempts(id, roundNo, living, next, seed === 3 && roundNo === 1);
      const want = await expected(id, roundNo, rule);
      const got = await closeRound(t.context, id, roundNo);
      expect(got).toEqual({ closed: true, eliminated: want.eliminated });
      const placeOf = new Map(want.ranking.map((r) => [r.athleteId, r.place]));
      const stored = await exec<{ user_id: number; eliminated_place: number }>(
        sql`select user_id, eliminated_place from battle_entries where battle_id = ${id} and eliminated_round = ${roundNo}`,
      );
      expect(new Map(stored.map((s) => [Number(s.user_id), Number(s.eliminated_place)]))).toEqual(
        new Map(want.eliminated.map((u) => [u, placeOf.get(u)!])),
      );
      const [round] = await exec<{ field_size: number; eliminated_count: number }>(
        sql`select field_size, eliminated_count from battle_rounds where battle_id = ${id} and round_no = ${roundNo}`,
      );
      expect(round).toEqual({ field_size: living.length, eliminated_count: want.eliminated.length });
      // The fallen are told by the job the close queued, once however often it runs.
      await runDueJobs(t.context, battleJobHandlers);
      const title = `Eliminated in round ${roundNo} of Close s${seed}`;
      await tellTheFallen(t.context, { battle_id: id, round_no: roundNo, title, rest: ` of ${living.length}; ${want.keep} went through.` });
      const [told] = await exec<{ n: number; body: string }>(
        sql`select count(*)::int as n, max(body) filter (where user_id = ${want.eliminated[0] ?? 0}) as body from notifications
          where kind = 'battle_eliminated' and title = ${title}`,
      );
      expect(told!.n).toBe(want.eliminated.length);
      if (want.eliminated.length) expect(told!.body).toBe(`You placed ${want.keep + 1} of ${living.length}; ${want.keep} went through.`);
      for (const u of want.eliminated) records.push({ athleteId: u, round: roundNo, place: placeOf.get(u)! });
      // A fallen athlete's final place is their place at the cut, stored then; the battle shows it once it is over.
      if (roundNo < rules.length && want.eliminated.length) {
        const [fell] = want.eliminated;
        const [entry] = await exec<{ final_place: number }>(
          sql`select final_place from battle_entries where battle_id = ${id} and user_id = ${fell!}`,
        );
        expect(Number(entry!.final_place)).toBe(placeOf.get(fell!));
        expect((await getBattle(t.context, id, fell!)).me).toMatchObject({ eliminated_round: roundNo, final_place: null });
      }
      if (roundNo === rules.length) for (const u of want.survivors) records.push({ athleteId: u, round: null, place: placeOf.get(u)! });
      living = want.survivors;
      // Running it again changes nothing.
      expect(await closeRound(t.context, id, roundNo)).toEqual({ closed: false, eliminated: [] });
    }
    const finals = await exec<{ user_id: number; final_place: number }>(
      sql`select user_id, final_place from battle_entries where battle_id = ${id} order by final_place`,
    );
    expect(finals.map((f) => Number(f.user_id))).toEqual(finalRanking(records).map((r) => r.athleteId));
    expect(finals.map((f) => Number(f.final_place))).toEqual(ids.map((_, i) => i + 1));
    const winner = finals[0]!.user_id;
    expect((await getBattle(t.context, id, Number(winner))).me).toMatchObject({ final_place: 1 });
    const last = finals.at(-1)!;
    expect((await getBattle(t.context, id, Number(last.user_id))).me).toMatchObject({ final_place: ids.length });
  });

  it('final places stay 1…n when some who fell have none stored (fallen before places were kept at the cut) or an entry went', async () => {
    const rules = RULES[0]!;
    const next = random(7);
    const { id, ids } = await seedBattle('dense', 40, rules);
    await enter(id, ids, next);
    let living = ids;
    let gone = 0;
    const records: EliminationRecord[] = [];
    for (const [i, rule] of rules.entries()) {
      const roundNo = i + 1;
      await attempts(id, roundNo, living, next);
      const want = await expected(id, roundNo, rule);
      await closeRound(t.context, id, roundNo);
      const placeOf = new Map(want.ranking.map((r) => [r.athleteId, r.place]));
      for (const u of want.eliminated) records.push({ athleteId: u, round: roundNo, place: placeOf.get(u)! });
      if (roundNo === rules.length) for (const u of want.survivors) records.push({ athleteId: u, round: null, place: placeOf.get(u)! });
      living = want.survivors;
      if (roundNo === 1) {
        // Half of those who fell have no final place, as a round closed before places were kept at the cut left them.
        await exec(sql`update battle_entries set final_place = null where battle_id = ${id} and user_id % 2 = 0`);
        // An athlete who went through round 1 deletes their account: the other half's stored places leave a gap.
        gone = living.filter((u) => u !== ids[0]).at(-1)!;
        await exec(sql`delete from users where id = ${gone}`);
        living = living.filter((u) => u !== gone);
      }
    }
    const finals = await exec<{ user_id: number; final_place: number }>(
      sql`select user_id, final_place from battle_entries where battle_id = ${id} order by final_place`,
    );
    expect(finals.map((f) => Number(f.user_id))).toEqual(finalRanking(records).map((r) => r.athleteId));
    expect(finals.map((f) => Number(f.final_place))).toEqual(ids.slice(1).map((_, i) => i + 1));
    expect(finals.map((f) => Number(f.user_id))).not.toContain(gone);
  });

  it('an athlete’s best attempt is the smallest key, whatever its number of digits', async () => {
    const { id, ids } = await seedBattle('digits', 1, [{ kind: 'keep_top', keep: 1 }]);
    await exec(sql`insert into battle_entries (battle_id, user_id, entered_at) values (${id}, ${ids[0]!}, now())`);
    await exec(sql`insert into battle_attempts (battle_id, round_no, user_id, status, value, sort_key, submitted_at)
      values (${id}, 1, ${ids[0]!}, 'finished', 1, 100, now()), (${id}, 1, ${ids[0]!}, 'finished', 1, 9, now())`);
    // Squad and bracket rounds read each athlete's best attempt here.
    expect((await roundAttempts(t.context.database.db, id, 1)).map((a) => a.sortKey)).toEqual([9n]);
  });
});
