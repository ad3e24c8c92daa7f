import { sql, type SQL } from 'drizzle-orm';
import type { AppContext } from '#server/context.ts';
import type { Database } from '#server/db/index.ts';
import { DEFAULT_PRIVACY, type ProfilePrivacy } from '#server/db/schema.ts';
import { ageGroupOf, bodyweightClassOf } from '#domain/athlete-groups.ts';
import type { Direction, TestUnit } from '#domain/measures.ts';
import type { TestCategory } from '#domain/test-catalogue.ts';
import { athletesAbove, rankedAthletes } from './bests.ts';
import { rowsOf } from '#server/db/rows.ts';
import { boardAnonymousColumn, boardName } from '#server/lib/boards/privacy-names.ts';
import { loadTest, presentTests, type Viewer } from './tests-catalogue.ts';
import { andAll, filterParts, pageWithTotal, profileFilters, type BoardFilters } from './ranking-filters.ts';

export { profileFilters, type BoardFilters };

export interface Page {
  offset: number;
  limit: number;
}

export function privacyOf(value: unknown): ProfilePrivacy {
  const parsed = typeof value === 'string' ? (JSON.parse(value) as ProfilePrivacy) : (value as ProfilePrivacy | null);
  return { ...DEFAULT_PRIVACY, ...(parsed ?? {}) };
}

interface ProfileColumns {
  user_id: number;
  sex: string | null;
  birth_year: number | null;
  bodyweight_kg: number | null;
  gym: string | null;
  gym_id: number | null;
  privacy: unknown;
}

/** The groups a row shows: a field the athlete keeps private stays null, except to the athlete. */
export function shownGroups(r: ProfileColumns, year: number, viewerId: number | null) {
  const privacy = privacyOf(r.privacy);
  const see = (field: keyof ProfilePrivacy) => viewerId === Number(r.user_id) || privacy[field] === 'public';
  const bodyweight = r.bodyweight_kg === null ? null : Number(r.bodyweight_kg);
  return {
    sex: see('sex') ? ((r.sex as 'male' | 'female' | null) ?? null) : null,
    age_group: see('birth_year') ? (ageGroupOf(r.birth_year, year)?.id ?? null) : null,
    bodyweight_class: see('bodyweight') ? (bodyweightClassOf(bodyweight)?.id ?? null) : null,
    gym: see('gym') ? r.gym : null,
    gym_id: see('gym') && r.gym_id !== null ? Number(r.gym_id) : null,
  };
}

type TestRowData = ProfileColumns & {
  display_name: string;
  board_anonymous: boolean;
  value: number;
  normalized_score: number;
  achieved_on: string;
  rank: number;
};

function presentTestRow(r: TestRowData, year: number, viewerId: number | null) {
  return {
    rank: Number(r.rank),
    user_id: Number(r.user_id),
    display_name: boardName(r, viewerId),
    value: Number(r.value),
    normalized_score: Number(r.normalized_score),
    achieved_on: r.achieved_on,
    ...shownGroups(r, year, viewerId),
  };
}

/**
 * Rows of one test's board: the page is cut on the rank index (profiles are joined only when a
 * filter needs them), then ranked without re-ranking: the first row's place is 1 + a count of
 * strictly better bests, each next row adds the count of bests between it and the row before,
 * so a page costs one count over the span it covers, not one over the whole board per row.
 * `from` gives the board's rows as `b` (all of them, a filter's, or one athlete's).
 */
async function testBoardRows(db: Database, testId: number, from: SQL, page: Page) {
  return rowsOf<TestRowData>(
    db,
    sql`with page as (
        select b.user_id, b.value, b.normalized_score, b.achieved_on, b.rank_value,
          row_number() over (order by b.rank_value desc nulls last, b.achieved_on, b.user_id) as pos
        from (select b.* from ${from} order by b.rank_value desc nulls last, b.achieved_on, b.user_id offset ${page.offset} limit ${page.limit}) b
      ),
      steps as (
        select page.*, lag(page.rank_value) over (order by pos) as prev from page
      ),
      gaps as (
        select steps.*, case when prev is null
            then 1 + (select count(*) from test_bests x where x.test_id = ${testId} and x.rank_value > steps.rank_value)
            else (select count(*) from test_bests x where x.test_id = ${testId} and x.rank_value > steps.rank_value and x.rank_value <= steps.prev)
          end as gap
        from steps
      ),
      ranked as (select gaps.*, sum(gap) over (order by pos) as rank from gaps)
      select ranked.user_id, ranked.value, ranked.normalized_score, ranked.achieved_on::text as achieved_on, u.display_name, ${boardAnonymousColumn(sql`ranked.user_id`)},
        p.sex, p.birth_year, p.bodyweight_kg, p.gym, p.gym_id, p.privacy, ranked.rank::int as rank
      from ranked join users u on u.id = ranked.user_id left join athlete_profiles p on p.user_id = ranked.user_id
      order by ranked.pos`,
  );
}

export async function testLeaderboard(ctx: AppContext, testId: number, filters: BoardFilters, page: Page, viewer: Viewer | null) {
  const db = ctx.database.db;
  const test = await loadTest(db, testId, viewer);
  const viewerId = viewer?.id ?? null;
  const [shown, me, [view]] = await Promise.all([
    testBoardPage(ctx, testId, filters, page, viewerId),
    viewerId === null ? Promise.resolve(null) : testOwnRow(ctx, testId, viewerId),
    presentTests(db, [test]),
  ]);
  return { test: view!, ...shown, me };
}

/** A page of a test's board and its total, its rows as `viewerId` sees them (null: as everyone does). */
export async function testBoardPage(ctx: AppContext, testId: number, filters: BoardFilters, page: Page, viewerId: number | null) {
  const db = ctx.database.db;
  const year = ctx.now().getUTCFullYear();
  const [rows, total] = await pageWithTotal(
    db,
    testId,
    filterParts(filters, year),
    page,
    {
      from: sql`test_bests b where b.test_id = ${testId}`,
      total: sql`select count(*)::int as n from test_bests b where b.test_id = ${testId}`,
    },
    (from) => testBoardRows(db, testId, from, page),
  );
  return { items: rows.map((r) => presentTestRow(r, year, viewerId)), total };
}

/** The viewer's own row on a test's board (as they see themselves), or null while they have no best there. */
export async function testOwnRow(ctx: AppContext, testId: number, viewerId: number) {
  const from = sql`test_bests b where b.test_id = ${testId} and b.user_id = ${viewerId}`;
  const [row] = await testBoardRows(ctx.database.db, testId, from, { offset: 0, limit: 1 });
  return row ? presentTestRow(row, ctx.now().getUTCFullYear(), viewerId) : null;
}

type GlobalRowData = ProfileColumns & { display_name: string; board_anonymous: boolean; total: number; tests_count: number; rank: number };

/**
 * Rows of the global board, ordered total desc, then fewer tests, then user id (the rank index);
 * ties on the total share a place. Ranked like a test's board: one count for the first row, then
 * only the span between consecutive rows. `from` gives the rows as `g`.
 */
async function globalBoardRows(db: Database, from: SQL, page: Page) {
  return rowsOf<GlobalRowData>(
    db,
    sql`with page as (
        select g.user_id, g.total, g.tests_count, row_number() over (order by g.total desc nulls last, g.tests_count, g.user_id) as pos
        from (select g.* from ${from} order by g.total desc nulls last, g.tests_count, g.user_id offset ${page.offset} limit ${page.limit}) g
      ),
      steps as (select page.*, lag(page.total) over (order by pos) as prev from page),
      gaps as (
        select steps.*, case when prev is null
            then 1 + ${athletesAbove(sql`steps.total`)}
            else (select count(*) from global_scores x where x.total > steps.total and x.total <= steps.prev)
          end as gap
        from steps
      ),
      ranked as (select gaps.*, sum(gap) over (order by pos) as rank from gaps)
      select ranked.user_id, ranked.total, ranked.tests_count, u.display_name, ${boardAnonymousColumn(sql`ranked.user_id`)},
        p.sex, p.birth_year, p.bodyweight_kg, p.gym, p.gym_id, p.privacy, ranked.rank::int as rank
      from ranked join users u on u.id = ranked.user_id left join athlete_profiles p on p.user_id = ranked.user_id
      order by ranked.pos`,
  );
}

function presentGlobalRow(r: GlobalRowData, year: number, viewerId: number | null) {
  const groups = shownGroups(r, year, viewerId);
  return {
    rank: Number(r.rank),
    user_id: Number(r.user_id),
    display_name: boardName(r, viewerId),
    total: Number(r.total),
    tests_count: Number(r.tests_count),
    sex: groups.sex,
    age_group: groups.age_group,
    gym: groups.gym,
    gym_id: groups.gym_id,
  };
}

export async function globalLeaderboard(ctx: AppContext, filters: BoardFilters, page: Page, viewerId: number | null) {
  const db = ctx.database.db;
  const year = ctx.now().getUTCFullYear();
  const parts = filterParts(filters, year);
  const [[rows, total], me] = await Promise.all([
    pageWithTotal(db, 0, parts, page, { from: sql`global_scores g`, total: sql`select ${rankedAthletes}::int as n` }, (from) =>
      globalBoardRows(db, from, page),
    ),
    viewerId === null ? Promise.resolve(null) : globalOwnRow(ctx, viewerId),
  ]);
  return { items: rows.map((r) => presentGlobalRow(r, year, viewerId)), total, me };
}

/** The viewer's own row in the global ranking (as they see themselves), or null while they are not ranked. */
export async function globalOwnRow(ctx: AppContext, viewerId: number) {
  const [row] = await globalBoardRows(ctx.database.db, sql`global_scores g where g.user_id = ${viewerId}`, { offset: 0, limit: 1 });
  return row ? presentGlobalRow(row, ctx.now().getUTCFullYear(), viewerId) : null;
}

/** An athlete's place in the global ranking, or null while they have no best on an active test. */
export async function globalStanding(db: Database, userId: number) {
  const [row] = await rowsOf<{ total: number; tests_count: number; rank: number; athletes: number }>(
    db,
    sql`select g.total, g.tests_count,
        (1 + ${athletesAbove(sql`g.total`)})::int as rank,
        ${rankedAthletes}::int as athletes
      from global_scores g where g.user_id = ${userId}`,
  );
  return row
    ? { rank: Number(row.rank), total: Number(row.total), tests_count: Number(row.tests_count), athletes: Number(row.athletes) }
    : null;
}

/** An athlete's best on each active test with its rank there (ties share the higher place). */
export async function bestsWithRanks(db: Database, userId: number) {
  const rows = await rowsOf<{
    test_id: number;
    test_name: string;
    category: string;
    unit: string;
    direction: string;
    value: number;
    normalized_score: number;
    achieved_on: string;
    rank: number;
    athletes: number;
    record_id: number;
  }>(
    db,
    sql`select b.test_id, t.name as test_name, t.category, t.unit, t.direction, b.value, b.normalized_score, b.achieved_on::text as achieved_on, b.record_id,
        1 + (select count(*)::int from test_bests x where x.test_id = b.test_id and x.rank_value > b.rank_value) as rank,
        (select count(*)::int from test_bests x where x.test_id = b.test_id) as athletes
      from test_bests b join tests t on t.id = b.test_id and t.status = 'active'
      where b.user_id = ${userId}
      order by t.category, t.name_normalized`,
  );
  return rows.map((r) => ({
    test_id: Number(r.test_id),
    test_name: r.test_name,
    category: r.category as TestCategory,
    unit: r.unit as TestUnit,
    direction: r.direction as Direction,
    value: Number(r.value),
    normalized_score: Number(r.normalized_score),
    achieved_on: r.achieved_on,
    rank: Number(r.rank),
    athletes: Number(r.athletes),
  }));
}

const MAX_BINS = 20;

/** A test's field: how the bests spread (equal-width bins), percentiles and the top ten. */
export async function deepDive(ctx: AppContext, testId: number, sex: 'male' | 'female' | undefined, viewer: Viewer | null) {
  const db = ctx.database.db;
  const test = await loadTest(db, testId, viewer);
  const year = ctx.now().getUTCFullYear();
  const where = andAll(profileFilters({ sex }, year));
  const field = sql`select b.value, b.rank_value from test_bests b left join athlete_profiles p on p.user_id = b.user_id where b.test_id = ${testId} and ${where}`;
  const [stats] = await rowsOf<{
    n: number;
    lo: number | null;
    hi: number | null;
    p25: number | null;
    p50: number | null;
    p75: number | null;
    p90: number | null;
  }>(
    db,
    sql`with field as (${field})
      select count(*)::int as n, min(value) as lo, max(value) as hi,
        percentile_cont(0.25) within group (order by rank_value) as p25,
        percentile_cont(0.5) within group (order by rank_value) as p50,
        percentile_cont(0.75) within group (order by rank_value) as p75,
        percentile_cont(0.9) within group (order by rank_value) as p90
      from field`,
  );
  const n = Number(stats?.n ?? 0);
  // Percentiles run over rank_value (higher is better either way), so p90 beats 90% of the field in both directions.
  const back = (rv: number | null) => (rv === null ? 0 : test.direction === 'lower' ? -Number(rv) : Number(rv)) + 0;
  let histogram: { from: number; to: number; count: number }[] = [];
  if (n > 0) {
    const lo = Number(stats!.lo);
    const hi = Number(stats!.hi);
    if (lo === hi) histogram = [{ from: lo, to: hi, count: n }];
    else {
      const bins = Math.min(MAX_BINS, n);
      const width = (hi - lo) / bins;
      const counted = await rowsOf<{ bin: number; count: number }>(
        db,
        sql`with field as (${field})
          select least(width_bucket(value, ${lo}::float8, ${hi}::float8, ${bins}), ${bins}) as bin, count(*)::int as count
          from field group by 1`,
      );
      const byBin = new Map(counted.map((c) => [Number(c.bin), Number(c.count)]));
      const edge = (i: number) => (i === bins ? hi : Math.round((lo + i * width) * 1000) / 1000);
      histogram = Array.from({ length: bins }, (_, i) => ({
        from: edge(i),
        to: edge(i + 1),
        count: byBin.get(i + 1) ?? 0,
      }));
    }
  }
  const [top, [view]] = await Promise.all([
    testBoardRows(
      db,
      testId,
      sql`test_bests b left join athlete_profiles p on p.user_id = b.user_id where b.test_id = ${testId} and ${where}`,
      { offset: 0, limit: 10 },
    ),
    presentTests(db, [test]),
  ]);
  return {
    test: view!,
    athletes: n,
    histogram,
    percentiles: n > 0 ? { p25: back(stats!.p25), p50: back(stats!.p50), p75: back(stats!.p75), p90: back(stats!.p90) } : null,
    top: top.map((r) => presentTestRow(r, year, viewer?.id ?? null)),
  };
}
