import { sql, type SQL } from 'drizzle-orm';
import type { Database } from '#server/db/index.ts';
import { rowsOf } from '#server/db/rows.ts';
import { normalize, pickStandard, type Direction, type Standard } from '#domain/measures.ts';

/** One athlete's results on one test. */
export interface AthleteTest {
  userId: number;
  testId: number;
}

/** A pair whose best moved to a record that is strictly better than the previous best (or is the first one). */
export interface NewBest extends AthleteTest {
  recordId: number;
  previousValue: number | null;
  value: number;
}

/** Points per bucket of the global ranking's counts (global_score_buckets). */
export const GLOBAL_BUCKET_WIDTH = 100;

/** Pairs above which refreshBests plans its joins as hash joins. */
const LARGE_BATCH = 200;

/**
 * The normalized score (0–1000) a value earns on a test for this athlete: the standard picked by
 * the profile's sex and bodyweight, then interpolated; 0 when no standard fits (or no profile).
 */
export function normalizedFor(
  test: { standards: Standard[]; direction: string },
  profile: { sex: string | null; bodyweightKg: number | null } | null,
  value: number,
): number {
  const sex = profile?.sex === 'male' || profile?.sex === 'female' ? profile.sex : null;
  const standard = pickStandard(test.standards, sex, profile?.bodyweightKg ?? null);
  if (!standard) return 0;
  try {
    return normalize(value, test.direction as Direction, standard);
  } catch {
    return 0;
  }
}

/**
 * Recomputes test_bests for the given (user, test) pairs from their approved personal_records
 * (best value in the test's direction; ties: earliest achieved_on, then lowest id), and
 * global_scores for the affected users. Set-based: the pairs travel as one JSON parameter, so a
 * call costs three statements however many pairs it carries.
 *
 * Returns the pairs whose best moved to a different record that is strictly better than the
 * previous best (or is the first best): exactly the results worth celebrating. A tie, a worse
 * result, or a re-score of the same record is not returned.
 */
export async function refreshBests(tx: Database, pairs: AthleteTest[]): Promise<NewBest[]> {
  if (pairs.length === 0) return [];
  // A JSON parameter is planned as ~100 rows, so large batches would join pairs by nested
  // loops (quadratic); hash joins are what thousands of pairs need. Local to the transaction.
  const large = pairs.length > LARGE_BATCH;
  if (large) await tx.execute(sql`set local enable_nestloop = off`);
  const json = JSON.stringify(pairs.map((p) => ({ user_id: p.userId, test_id: p.testId })));
  const changed = await rowsOf<{ user_id: number; test_id: number; record_id: number; previous_value: number | null; value: number }>(
    tx,
    sql`
    with pairs as (
      select distinct p.user_id, p.test_id from jsonb_to_recordset(${json}::jsonb) as p(user_id int, test_id int)
    ),
    best as (
      select distinct on (r.user_id, r.test_id)
        r.user_id, r.test_id, r.id as record_id, r.value, coalesce(r.normalized_score, 0) as normalized_score, r.achieved_on,
        case when t.direction = 'lower' then -r.value else r.value end as rank_value
      from personal_records r
      join pairs p on p.user_id = r.user_id and p.test_id = r.test_id
      join tests t on t.id = r.test_id
      where r.status = 'approved'
      order by r.user_id, r.test_id, case when t.direction = 'lower' then -r.value else r.value end desc, r.achieved_on, r.id
    ),
    old as (
      select b.user_id, b.test_id, b.record_id, b.value, b.rank_value
      from test_bests b join pairs p on p.user_id = b.user_id and p.test_id = b.test_id
    ),
    removed as (
      delete from test_bests b using pairs p
      where b.user_id = p.user_id and b.test_id = p.test_id
        and not exists (select 1 from best n where n.user_id = b.user_id and n.test_id = b.test_id)
    ),
    saved as (
      insert into test_bests (test_id, user_id, record_id, value, rank_value, normalized_score, achieved_on, updated_at)
      select test_id, user_id, record_id, value, rank_value, normalized_score, achieved_on, now() from best
      on conflict (test_id, user_id) do update set
        record_id = excluded.record_id, value = excluded.value, rank_value = excluded.rank_value,
        normalized_score = excluded.normalized_score, achieved_on = excluded.achieved_on, updated_at = excluded.updated_at
      where (test_bests.record_id, test_bests.value, test_bests.rank_value, test_bests.normalized_score, test_bests.achieved_on)
        is distinct from (excluded.record_id, excluded.value, excluded.rank_value, excluded.normalized_score, excluded.achieved_on)
      returning test_id, user_id, record_id, value, rank_value
    )
    select s.user_id, s.test_id, s.record_id, o.value as previous_value, s.value
    from saved s left join old o on o.user_id = s.user_id and o.test_id = s.test_id
    where o.user_id is null or (s.record_id <> o.record_id and s.rank_value > o.rank_value)`,
  );
  await refreshGlobalScores(tx, [...new Set(pairs.map((p) => p.userId))]);
  if (large) await tx.execute(sql`set local enable_nestloop = on`);
  return changed.map((r) => ({
    userId: Number(r.user_id),
    testId: Number(r.test_id),
    recordId: Number(r.record_id),
    previousValue: r.previous_value === null ? null : Number(r.previous_value),
    value: Number(r.value),
  }));
}

/**
 * Recomputes global_scores for these athletes: the sum of their bests' normalized scores over
 * active tests and how many such tests they have; the row goes when none is left.
 */
export async function refreshGlobalScores(tx: Database, userIds: number[]): Promise<void> {
  if (userIds.length === 0) return;
  const ids = [...new Set(userIds)].sort((a, b) => a - b);
  const json = JSON.stringify(ids);
  const athletes = sql`select distinct value::int as user_id from jsonb_array_elements_text(${json}::jsonb)`;
  const totals = sql`select a.user_id, sum(b.normalized_score)::int as total, count(*)::int as tests_count
      from athletes a
      join test_bests b on b.user_id = a.user_id
      join tests t on t.id = b.test_id and t.status = 'active'
      group by a.user_id`;
  // One writer per athlete at a time (their account row, in id order), so the bucket counts
  // below are moved from totals no other transaction is changing.
  await tx.execute(sql`select id from users where id in (${athletes}) order by id for update`);
  await tx.execute(sql`
    with athletes as (${athletes}), totals as (${totals}),
    moves as (
      select floor(g.total / ${GLOBAL_BUCKET_WIDTH}::float8)::int as bucket, -1 as d from global_scores g join athletes a on a.user_id = g.user_id
      union all
      select floor(total / ${GLOBAL_BUCKET_WIDTH}::float8)::int, 1 from totals
    ),
    deltas as (select bucket, sum(d)::int as d from moves group by bucket having sum(d) <> 0)
    insert into global_score_buckets (bucket, athletes) select bucket, d from deltas
    on conflict (bucket) do update set athletes = global_score_buckets.athletes + excluded.athletes`);
  await tx.execute(sql`
    with athletes as (${athletes}), totals as (${totals}),
    removed as (
      delete from global_scores g using athletes a
      where g.user_id = a.user_id and not exists (select 1 from totals x where x.user_id = g.user_id)
    )
    insert into global_scores (user_id, total, tests_count, updated_at)
    select user_id, total, tests_count, now() from totals
    on conflict (user_id) do update set total = excluded.total, tests_count = excluded.tests_count, updated_at = excluded.updated_at
    where (global_scores.total, global_scores.tests_count) is distinct from (excluded.total, excluded.tests_count)`);
}

/** Rebuilds the bucket counts from global_scores (after a bulk load outside refreshGlobalScores). */
export async function rebuildGlobalBuckets(tx: Database): Promise<void> {
  await tx.execute(sql`delete from global_score_buckets`);
  await tx.execute(sql`insert into global_score_buckets (bucket, athletes)
    select floor(total / ${GLOBAL_BUCKET_WIDTH}::float8)::int, count(*)::int from global_scores group by 1`);
}

/** Athletes strictly above a global total: the buckets above its own, plus a count inside it. */
export function athletesAbove(total: SQL): SQL {
  // Integer arithmetic throughout, so both counts stay on their indexes.
  const bucket = sql`(${total} / ${GLOBAL_BUCKET_WIDTH})`;
  return sql`(coalesce((select sum(k.athletes) from global_score_buckets k where k.bucket > ${bucket}), 0)
    + (select count(*) from global_scores x where x.total > ${total} and x.total < (${bucket} + 1) * ${GLOBAL_BUCKET_WIDTH}))`;
}

/** Every athlete in the global ranking. */
export const rankedAthletes = sql`(select coalesce(sum(athletes), 0) from global_score_buckets)`;

/** Every athlete with a best on this test (to refresh their global score when the test changes). */
export async function athletesWithBestsOn(tx: Database, testId: number): Promise<number[]> {
  const rows = await rowsOf<{ user_id: number }>(tx, sql`select user_id from test_bests where test_id = ${testId}`);
  return rows.map((r) => Number(r.user_id));
}
