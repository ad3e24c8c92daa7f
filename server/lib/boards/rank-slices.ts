import { eq, sql, type AnyColumn, type Placeholder, type SQL } from 'drizzle-orm';
import type { Database } from '#server/db/index.ts';
import { challengeRankSlices } from '#server/db/schema.ts';
import { rowsOf } from '#server/db/rows.ts';
import type { Division } from '#domain/scoring/index.ts';

// The rank-slice engine: places counted from per-slice entry counts, so a rank does not cost a count over the board.

/**
 * Board entries are counted in slices of sort keys at four widths: level L holds key >> shift
 * (2^25 = one result with every tie-break, then 256 times wider per level). See
 * domain/scoring/sort-key.ts for the key's bits.
 */
export const RANK_LEVEL_SHIFTS = [25, 33, 41, 49] as const;
const TOP_LEVEL = RANK_LEVEL_SHIFTS.length - 1;
/** The division is the key's top bit: every Scaled key is at least this, every Rx key below it. */
export const SCALED_KEYS_FROM = 1n << 62n;
const LEVELS_SQL = sql.raw(RANK_LEVEL_SHIFTS.map((shift, level) => `(${level}, ${shift})`).join(', '));

/**
 * 1 + the number of rows strictly better on the whole board: ties share the higher place.
 * Counted from the slices (at most 256 per level) and the entries with the same
 * result, so it does not grow with the rank or the board.
 */
export async function rankOf(db: Database, challengeId: number, key: bigint, category = ''): Promise<number> {
  const [row] = await rowsOf<{ rank: number }>(
    db,
    sql`select ${placeOfKey(challengeId, null, sql`${String(key)}::bigint`, category)} as rank`,
  );
  return Number(row!.rank);
}

/**
 * The place a sort key holds on a board (SQL). At each level, the slices ahead of the key's
 * own slice inside its parent slice (at the top level: all of them, from the division's
 * first key); then the entries with the same result and a better tie-break. Category ''
 * is the whole board; any other counts only that category's entries (its own places).
 */
export function placeOfKey(
  challengeId: number | Placeholder | AnyColumn | SQL,
  division: Division | null,
  key: SQL,
  category: string | Placeholder = '',
) {
  const cat = sql`${category}::varchar`;
  const sums = RANK_LEVEL_SHIFTS.map((shift, level) => {
    const from =
      level === TOP_LEVEL
        ? division === 'scaled'
          ? sql`and s.slice >= ${sql.raw(String(SCALED_KEYS_FROM >> BigInt(shift)))}`
          : sql``
        : sql`and s.slice >= ((${key} >> ${sql.raw(String(RANK_LEVEL_SHIFTS[level + 1]))}) << ${sql.raw(String(RANK_LEVEL_SHIFTS[level + 1]! - shift))})`;
    return sql`coalesce((select sum(s.entries) from challenge_rank_slices s
      where s.challenge_id = ${challengeId} and s.category = ${cat} and s.level = ${sql.raw(String(level))} ${from} and s.slice < (${key} >> ${sql.raw(String(shift))})), 0)`;
  });
  const fine = sql.raw(String(RANK_LEVEL_SHIFTS[0]));
  return sql`(1 + ${sql.join(sums, sql` + `)}
    + (select count(*) from challenge_entries x
       where x.challenge_id = ${challengeId} and ${inCategory(category, cat)}
         and x.sort_key >= ((${key} >> ${fine}) << ${fine}) and x.sort_key < ${key}))::int`;
}

/**
 * placeOfKey's entries of the category (all of them for ''). Whether one is asked, when known here, is decided in the
 * statement's text, not by its parameter: `$c = '' or x.category = $c` cannot be decided in a generic plan, which then
 * reads every tied entry's row (not the index alone) and is costed far over the custom plans, so PostgreSQL planned the
 * statement afresh on every run of its prepared form (#43: the signed-in reader's own row; planning was most of its
 * time). A placeholder or a column still decides it in the statement.
 */
function inCategory(category: string | Placeholder, cat: SQL): SQL {
  if (typeof category !== 'string') return sql`(${cat} = '' or x.category = ${cat})`;
  return category === '' ? sql`true` : sql`x.category = ${cat}`;
}

/**
 * Where the board's entry number `offset` (0-based) lives, as common table expressions to put at the head of a
 * statement's `with` (so a page reads it in its own statement, one round trip: #43): the last, `slice_start`, holds
 * one row, the first key of the finest slice that holds the entry (`key`) and how many of that slice come before it
 * (`skip`), or none past the board's end. Walks down the levels reading at most 256 slices at each: at every level,
 * the first slice inside the parent's whose running count passes the offset.
 */
export function sliceStartSql(challengeId: number, division: Division | null, offset: number, category = ''): SQL {
  const top = BigInt(RANK_LEVEL_SHIFTS[TOP_LEVEL]);
  const split = sql.raw(String(SCALED_KEYS_FROM >> top));
  const topRange = division === 'scaled' ? sql`and s.slice >= ${split}` : division === 'rx' ? sql`and s.slice < ${split}` : sql``;
  const level = (n: number, range: SQL, before: SQL) =>
    sql`select s.slice, s.before from (
        select s.slice, s.entries, ${before} + sum(s.entries) over (order by s.slice) - s.entries as before
        from challenge_rank_slices s
        where s.challenge_id = ${challengeId} and s.category = ${category} and s.level = ${sql.raw(String(n))} and s.entries > 0 ${range}
      ) s where s.before + s.entries > ${offset} order by s.slice limit 1`;
  const steps = [sql`l${sql.raw(String(TOP_LEVEL))} as (${level(TOP_LEVEL, topRange, sql`0`)})`];
  for (let n = TOP_LEVEL - 1; n >= 0; n--) {
    const parent = sql.raw(`l${n + 1}`);
    const width = sql.raw(String(RANK_LEVEL_SHIFTS[n + 1]! - RANK_LEVEL_SHIFTS[n]!));
    steps.push(
      sql`l${sql.raw(String(n))} as (select c.slice, c.before from ${parent} p cross join lateral (${level(
        n,
        sql`and s.slice >= (p.slice << ${width}) and s.slice < ((p.slice + 1) << ${width})`,
        sql`p.before`,
      )}) c)`,
    );
  }
  const fine = sql.raw(String(RANK_LEVEL_SHIFTS[0]));
  steps.push(sql`slice_start as (select l0.slice << ${fine} as key, ${offset}::bigint - l0.before as skip from l0)`);
  return sql.join(steps, sql`, `);
}

/** How many entries a category's board holds (the division's, when given): its top-level slices summed. */
export async function categorySize(db: Database, challengeId: number, category: string, division: Division | null) {
  const [row] = await rowsOf<{ n: number }>(db, sql`select ${categorySizeSql(challengeId, category, division)} as n`);
  return Number(row?.n ?? 0);
}

/**
 * How many entries a board holds (SQL): a category's (or, with '', the whole board's) entries in one division, or
 * in both with null. The division may be a placeholder bound per call ('rx', 'scaled' or '' for both).
 */
export function categorySizeSql(
  challengeId: number | Placeholder,
  category: string | Placeholder,
  division: Division | null | Placeholder,
): SQL {
  const shift = BigInt(RANK_LEVEL_SHIFTS[TOP_LEVEL]);
  const split = String(SCALED_KEYS_FROM >> shift);
  const div = sql`${division ?? ''}::varchar`;
  return sql`(select coalesce(sum(s.entries), 0)::int from challenge_rank_slices s
      where s.challenge_id = ${challengeId}::int and s.category = ${category}::varchar and s.level = ${sql.raw(String(TOP_LEVEL))}
        and (case ${div} when 'rx' then s.slice < ${split}::bigint when 'scaled' then s.slice >= ${split}::bigint else true end))`;
}

/**
 * One statement that moves entries between slices at every level: `moves` yields
 * (key bigint, delta int) rows, +1 where an entry now stands and -1 where it stood.
 * A move inside one slice nets to nothing there. The whole board's slices (category '')
 * always move; a category's own slices move too when the entry has one.
 */
export function slicesMoved(challengeId: number | Placeholder, category: string | Placeholder, moves: SQL): SQL {
  return sql`insert into challenge_rank_slices (challenge_id, category, level, slice, entries)
    select ${challengeId}::int, k.category, l.level::smallint, m.key >> l.shift, sum(m.delta)::int
    from (${moves}) as m(key, delta), (values ${LEVELS_SQL}) as l(level, shift),
      (select ''::varchar union select ${category}::varchar) as k(category)
    group by k.category, l.level, m.key >> l.shift
    having sum(m.delta) <> 0
    on conflict (challenge_id, category, level, slice) do update set entries = challenge_rank_slices.entries + excluded.entries`;
}

/** Recounts a challenge's slices from its board (after bulk loads). */
export async function rebuildRankSlices(db: Database, challengeId: number) {
  await db.delete(challengeRankSlices).where(eq(challengeRankSlices.challengeId, challengeId));
  await db.execute(sql`insert into challenge_rank_slices (challenge_id, category, level, slice, entries)
    select e.challenge_id, k.category, l.level::smallint, e.sort_key >> l.shift, count(*)::int
    from challenge_entries e, (values ${LEVELS_SQL}) as l(level, shift),
      lateral (select ''::varchar union select e.category) as k(category)
    where e.challenge_id = ${challengeId} group by 1, 2, 3, 4`);
}
