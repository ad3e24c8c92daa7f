import { sql } from 'drizzle-orm';
import type { AppContext } from '#server/context.ts';
import { rowsOf } from '#server/db/rows.ts';
import { percentOf, type BiRange, type BiTable } from '#domain/business-intelligence.ts';
import { csvOf } from '#domain/csv.ts';
import { ALL_CHALLENGES_ID, addDays, mondayOf } from './admin-bi-rollup.ts';
import { utcDay } from '#server/lib/bi-record.ts';

// The business-intelligence page: read from the rollups only (server/areas/admin/admin-bi-rollup.ts),
// each a primary-key range of at most a year of days, 52 cohorts × 13 weeks, or one range's funnel.

/** Challenges listed in the funnel on the page (the CSV has them all). */
export const FUNNEL_ROWS = 50;

interface DailyRow {
  day: string;
  signups: number;
  daily_active: number;
  weekly_active: number;
  monthly_active: number;
}
interface FunnelRow {
  challenge_id: number;
  title: string;
  viewers: number;
  joiners: number;
  submitters: number;
}

async function readState(ctx: AppContext) {
  const [state] = await rowsOf<{ refreshed_at: string | Date; through_day: string; duration_ms: number; pending: boolean }>(
    ctx.database.db,
    sql`select s.refreshed_at, s.through_day::text as through_day, s.duration_ms,
          exists (select 1 from jobs where kind = 'bi.rollup' and state in ('queued', 'running')) as pending
        from (select 1) one left join bi_rollup_state s on s.id = 1`,
  );
  return state!;
}

const firstDayOf = (through: string, range: BiRange) => addDays(through, -(range - 1));

async function readDaily(ctx: AppContext, through: string, range: BiRange) {
  return rowsOf<DailyRow>(
    ctx.database.db,
    sql`select day::text as day, signups, daily_active, weekly_active, monthly_active from bi_daily
        where day between ${firstDayOf(through, range)}::date and ${through}::date order by day`,
  );
}

/** Signups per week (Monday, UTC) from the daily rows; the first week may be partial. */
function signupWeeks(days: DailyRow[]) {
  const weeks = new Map<string, number>();
  for (const d of days) {
    const week = mondayOf(d.day);
    weeks.set(week, (weeks.get(week) ?? 0) + d.signups);
  }
  return [...weeks].map(([week_start, signups]) => ({ week_start, signups }));
}

async function readCohorts(ctx: AppContext, through: string, range: BiRange) {
  const rows = await rowsOf<{ cohort_week: string; weeks_after: number; cohort_size: number; active_users: number }>(
    ctx.database.db,
    sql`select cohort_week::text as cohort_week, weeks_after, cohort_size, active_users from bi_cohorts
        where cohort_week >= ${mondayOf(firstDayOf(through, range))}::date order by cohort_week, weeks_after`,
  );
  const cohorts = new Map<
    string,
    { cohort_week: string; users: number; weeks: { weeks_after: number; active: number; percent: number }[] }
  >();
  for (const r of rows) {
    let cohort = cohorts.get(r.cohort_week);
    if (!cohort) cohorts.set(r.cohort_week, (cohort = { cohort_week: r.cohort_week, users: r.cohort_size, weeks: [] }));
    cohort.weeks.push({ weeks_after: r.weeks_after, active: r.active_users, percent: percentOf(r.active_users, r.cohort_size) });
  }
  return [...cohorts.values()];
}

async function readFunnel(ctx: AppContext, range: BiRange, limit: number | null) {
  const rows = await rowsOf<FunnelRow>(
    ctx.database.db,
    sql`(select challenge_id, title, viewers, joiners, submitters from bi_funnel
         where range_days = ${range}::int and challenge_id = ${ALL_CHALLENGES_ID}::int)
        union all
        (select challenge_id, title, viewers, joiners, submitters from bi_funnel
         where range_days = ${range}::int and challenge_id <> ${ALL_CHALLENGES_ID}::int
         order by viewers desc, joiners desc, challenge_id ${limit === null ? sql`` : sql`limit ${limit}::int`})`,
  );
  const overall = rows.find((r) => r.challenge_id === ALL_CHALLENGES_ID) ?? null;
  return { overall, challenges: rows.filter((r) => r.challenge_id !== ALL_CHALLENGES_ID) };
}

type Report = Awaited<ReturnType<typeof buildReport>>;

// The rollups change only when they are rebuilt: each node keeps the last report per range with the
// rebuild it came from, and a page view then costs one primary-key read of the rollup state.
const cacheByContext = new WeakMap<AppContext, Map<BiRange, Report>>();

/** Drops this node's kept reports (the bench measures the first view after a rebuild with it). */
export const forgetReports = (ctx: AppContext) => cacheByContext.delete(ctx);

/** The page's figures over the last `range` days up to the rollup's day. */
export async function businessReport(ctx: AppContext, range: BiRange): Promise<Report> {
  const state = await readState(ctx);
  let cache = cacheByContext.get(ctx);
  if (!cache) cacheByContext.set(ctx, (cache = new Map()));
  const cached = cache.get(range);
  const refreshedAt = state.refreshed_at ? new Date(state.refreshed_at).toISOString() : null;
  if (cached && refreshedAt && cached.refreshed_at === refreshedAt && cached.refresh_duration_ms === Number(state.duration_ms))
    return { ...cached, refresh_pending: !!state.pending };
  const report = await buildReport(ctx, range, state);
  if (report.refreshed_at) cache.set(range, report);
  return report;
}

async function buildReport(ctx: AppContext, range: BiRange, state: Awaited<ReturnType<typeof readState>>) {
  const through = state.through_day ?? utcDay(ctx.now());
  const refreshedAt = state.refreshed_at ? new Date(state.refreshed_at).toISOString() : null;
  if (!refreshedAt) {
    return {
      range_days: range,
      refreshed_at: null,
      through_day: null,
      refresh_duration_ms: null,
      refresh_pending: !!state.pending,
      totals: { signups: 0, daily_active: 0, weekly_active: 0, monthly_active: 0 },
      days: [],
      signup_weeks: [],
      cohorts: [],
      funnel: { overall: { viewers: 0, joiners: 0, submitters: 0 }, challenges: [] },
    };
  }
  const [days, cohorts, funnel] = await Promise.all([
    readDaily(ctx, through, range),
    readCohorts(ctx, through, range),
    readFunnel(ctx, range, FUNNEL_ROWS),
  ]);
  const last = days.at(-1);
  return {
    range_days: range,
    refreshed_at: refreshedAt,
    through_day: through,
    refresh_duration_ms: Number(state.duration_ms),
    refresh_pending: !!state.pending,
    totals: {
      signups: days.reduce((s, d) => s + d.signups, 0),
      daily_active: last?.daily_active ?? 0,
      weekly_active: last?.weekly_active ?? 0,
      monthly_active: last?.monthly_active ?? 0,
    },
    days,
    signup_weeks: signupWeeks(days),
    cohorts,
    funnel: {
      overall: funnel.overall ? pick(funnel.overall) : { viewers: 0, joiners: 0, submitters: 0 },
      challenges: funnel.challenges,
    },
  };
}

const pick = ({ viewers, joiners, submitters }: FunnelRow) => ({ viewers, joiners, submitters });

/** One table of the page as CSV (a header row, then every row; the funnel with every challenge). */
export async function businessCsv(ctx: AppContext, table: BiTable, range: BiRange): Promise<string> {
  const state = await readState(ctx);
  const through = state.through_day ?? utcDay(ctx.now());
  switch (table) {
    case 'daily': {
      const days = await readDaily(ctx, through, range);
      return csvOf(
        ['day', 'signups', 'daily_active_users', 'weekly_active_users', 'monthly_active_users'],
        days.map((d) => [d.day, d.signups, d.daily_active, d.weekly_active, d.monthly_active]),
      );
    }
    case 'signup-weeks': {
      const weeks = signupWeeks(await readDaily(ctx, through, range));
      return csvOf(
        ['week_start', 'signups'],
        weeks.map((w) => [w.week_start, w.signups]),
      );
    }
    case 'cohorts': {
      const cohorts = await readCohorts(ctx, through, range);
      return csvOf(
        ['cohort_week', 'cohort_users', 'weeks_after', 'active_users', 'percent_active'],
        cohorts.flatMap((c) => c.weeks.map((w) => [c.cohort_week, c.users, w.weeks_after, w.active, w.percent])),
      );
    }
    case 'funnel': {
      const funnel = await readFunnel(ctx, range, null);
      const rows = funnel.overall ? [funnel.overall, ...funnel.challenges] : funnel.challenges;
      return csvOf(
        ['challenge_id', 'challenge', 'viewers', 'joiners', 'submitters', 'join_percent', 'submit_percent'],
        rows.map((r) => [
          r.challenge_id === ALL_CHALLENGES_ID ? '' : r.challenge_id,
          r.title,
          r.viewers,
          r.joiners,
          r.submitters,
          percentOf(r.joiners, r.viewers),
          percentOf(r.submitters, r.joiners),
        ]),
      );
    }
  }
}
