import { sql, type SQL } from 'drizzle-orm';
import type { Database } from '#server/db/index.ts';
import { rowsOf } from '#server/db/rows.ts';
import { AGE_GROUPS, birthYearsFor, BODYWEIGHT_CLASSES } from '#domain/athlete-groups.ts';

// Filters on the global ranking and the test boards (sex, age group, bodyweight class, gym), with what
// makes them fast: a filtered total is read from ranking_filter_counts (kept by triggers in the writing
// transaction, migration 0037: one row per public value, and per pair of sex and another value) rather
// than counted by joining every matching profile; and a filter that keeps few athletes is paged from
// their profiles rather than by walking the ranking's order until a page of them turns up.

export interface BoardFilters {
  sex?: 'male' | 'female';
  age_group?: string;
  bodyweight_class?: string;
  gym?: string;
}

/** One filter: its condition on a profile (`where`), and on the kept counts: an exact `value` or a `range` of `n`. */
export interface FilterPart {
  field: 'sex' | 'birth_year' | 'bodyweight' | 'gym';
  where: SQL;
  value?: SQL;
  range?: SQL;
}

export const andAll = (parts: SQL[]) => (parts.length ? sql.join(parts, sql` and `) : sql`true`);

/** The filters that apply; only fields the athlete made public match, so a filter never reveals what they keep private. */
export function filterParts(f: BoardFilters, year: number): FilterPart[] {
  const parts: FilterPart[] = [];
  if (f.sex) parts.push({ field: 'sex', where: sql`p.sex = ${f.sex} and p.privacy->>'sex' = 'public'`, value: sql`${f.sex}` });
  const group = AGE_GROUPS.find((g) => g.id === f.age_group);
  if (group) {
    const years = birthYearsFor(group, year);
    parts.push({
      field: 'birth_year',
      where: sql`p.birth_year between ${years.from} and ${years.to} and p.privacy->>'birth_year' = 'public'`,
      range: sql`n between ${years.from} and ${years.to}`,
    });
  }
  const cls = BODYWEIGHT_CLASSES.find((c) => c.id === f.bodyweight_class);
  if (cls) {
    parts.push({
      field: 'bodyweight',
      where: sql`p.bodyweight_kg >= ${cls.min} and p.bodyweight_kg < ${cls.max} and p.privacy->>'bodyweight' = 'public'`,
      range: sql`n >= ${cls.min} and n < ${cls.max}`,
    });
  }
  const gym = f.gym?.trim();
  if (gym)
    parts.push({ field: 'gym', where: sql`lower(p.gym) = lower(${gym}) and p.privacy->>'gym' = 'public'`, value: sql`lower(${gym})` });
  return parts;
}

export function profileFilters(f: BoardFilters, year: number): SQL[] {
  return filterParts(f, year).map((part) => part.where);
}

/** The kept counts' rows that add up to these filters' total, when there are such rows (one filter, or sex and one other). */
function countedRows(parts: FilterPart[]): SQL | null {
  const matches = (part: FilterPart, prefix: SQL) => (part.value ? sql`value = ${prefix} || ${part.value}` : part.range!);
  if (parts.length === 1) return sql`field = ${parts[0]!.field} and ${matches(parts[0]!, sql`''`)}`;
  const sex = parts.find((part) => part.field === 'sex');
  const other = parts.find((part) => part.field !== 'sex');
  if (parts.length !== 2 || !sex || !other) return null;
  const prefix = sql`${sex.value!} || '/'`;
  return sql`field = ${`sex+${other.field}`} and value like ${prefix} || '%' and ${matches(other, prefix)}`;
}

/** One board: the global ranking (0) or a test's. */
const rowsOn = (board: number, user: SQL) =>
  board === 0
    ? sql`select g.* from global_scores g where g.user_id = ${user}`
    : sql`select b.* from test_bests b where b.test_id = ${board} and b.user_id = ${user}`;

/**
 * A statement counting a board's rows whose profile matches: from the kept counts where they
 * hold the answer; otherwise over the matching profiles (found on the profiles' indexes), each
 * looked up on the board by its key (`offset 0` keeps the lookup a lookup, not a scan of the board).
 */
function filteredTotal(board: number, parts: FilterPart[]): SQL {
  const counted = countedRows(parts);
  if (counted) return sql`select coalesce(sum(athletes), 0)::int as n from ranking_filter_counts where board = ${board} and ${counted}`;
  return sql`select count(*)::int as n from athlete_profiles p cross join lateral (${rowsOn(board, sql`p.user_id`)} offset 0) r
    where ${andAll(parts.map((part) => part.where))}`;
}

/** Below `fewMatching` matching athletes, a filtered page starts from their profiles (tests change it to drive either path). */
export const filterSettings = { fewMatching: 2_000 };

/**
 * Where a filtered page's rows come from, as `alias` (g for the global ranking, b for a test's):
 * when few athletes match, their profiles, each looked up on the board (then a sort of those few);
 * otherwise the board in its rank order, keeping rows whose profile matches until a page is full.
 */
function filteredSource(board: number, where: SQL, matching: number, page: { offset: number; limit: number }): SQL {
  const alias = sql.raw(board === 0 ? 'g' : 'b');
  if (matching <= Math.max(filterSettings.fewMatching, 2 * (page.offset + page.limit))) {
    return sql`athlete_profiles p cross join lateral (${rowsOn(board, sql`p.user_id`)} offset 0) ${alias} where ${where}`;
  }
  return board === 0
    ? sql`global_scores g left join athlete_profiles p on p.user_id = g.user_id where ${where}`
    : sql`test_bests b left join athlete_profiles p on p.user_id = b.user_id where b.test_id = ${board} and ${where}`;
}

/**
 * A board's page with its total: unfiltered, both read at once; filtered, the total first, as how
 * many match decides where the page is read from. `rows` reads a page from a source of the
 * board's rows (as g or b, filteredSource).
 */
export async function pageWithTotal<Row>(
  db: Database,
  board: number,
  parts: FilterPart[],
  page: { offset: number; limit: number },
  unfiltered: { from: SQL; total: SQL },
  rows: (from: SQL) => Promise<Row[]>,
): Promise<readonly [Row[], number]> {
  const count = async (q: SQL) => Number((await rowsOf<{ n: number }>(db, q))[0]?.n ?? 0);
  if (!parts.length) return Promise.all([rows(unfiltered.from), count(unfiltered.total)]);
  const matching = await count(filteredTotal(board, parts));
  return [await rows(filteredSource(board, andAll(parts.map((part) => part.where)), matching, page)), matching];
}
