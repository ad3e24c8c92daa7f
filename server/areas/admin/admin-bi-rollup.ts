import { sql } from 'drizzle-orm';
import type { AppContext } from '#server/context.ts';
import type { Database } from '#server/db/index.ts';
import { rowsOf } from '#server/db/rows.ts';
import { BI_RANGES } from '#domain/business-intelligence.ts';
import { utcDay } from '#server/lib/bi-record.ts';
import { runDueJobs, type JobHandler } from '#server/lib/jobs.ts';

// The rollups the business-intelligence page reads, rebuilt in one transaction by a job in the
// shared jobs table: every ROLLUP_EVERY_MS (the worker's sweep queues one when the last is older)
// and on demand ("Refresh now"). Each figure is one grouped statement over indexed fact tables.

export const BI_ROLLUP_JOB = 'bi.rollup';
export const ROLLUP_EVERY_MS = 10 * 60_000;
/** Days of daily figures kept (the longest range). */
export const DAILY_DAYS = Math.max(...BI_RANGES);
/** Signup weeks in the cohort table, and weeks after signup followed for each. */
export const COHORT_WEEKS = 52;
export const COHORT_WEEKS_AFTER = 12;
/** The funnel row for every challenge together. */
export const ALL_CHALLENGES_ID = 0;

const dayStart = (day: string) => `${day}T00:00:00.000Z`;

/** Monday (UTC) of the week holding `day`. */
export function mondayOf(day: string): string {
  const d = new Date(dayStart(day));
  d.setUTCDate(d.getUTCDate() - ((d.getUTCDay() + 6) % 7));
  return utcDay(d);
}

export function addDays(day: string, n: number): string {
  const d = new Date(dayStart(day));
  d.setUTCDate(d.getUTCDate() + n);
  return utcDay(d);
}

async function rebuildDaily(tx: Database, today: string) {
  const first = addDays(today, -(DAILY_DAYS - 1));
  // Weekly and monthly actives without a window join: each activity day counts its user from that day
  // until the window runs out or the user's next activity day takes over (+1 there, -1 at the end),
  // so a running sum over the days is the number of distinct users active in the trailing window.
  await tx.execute(sql`
    with span as (select generate_series(${first}::date - 29, ${today}::date, interval '1 day')::date as day),
    signups as (
      select (created_at at time zone 'UTC')::date as day, count(*)::int as n from users
      where created_at >= ${dayStart(first)}::timestamptz and created_at < ${dayStart(addDays(today, 1))}::timestamptz
      group by 1),
    daily as (
      select day, count(*)::int as n from user_activity_days where day between ${first}::date and ${today}::date group by day),
    a as (
      select day, lead(day) over (partition by user_id order by day) as next_day
      from user_activity_days where day between ${first}::date - 29 and ${today}::date),
    ev as (
      select day as d, 1 as w, 1 as m from a
      union all select least(day + 7, coalesce(next_day, day + 7)), -1, 0 from a
      union all select least(day + 30, coalesce(next_day, day + 30)), 0, -1 from a),
    deltas as (select d, sum(w)::int as w, sum(m)::int as m from ev where d <= ${today}::date group by d),
    running as (
      select span.day,
        sum(coalesce(deltas.w, 0)) over (order by span.day) as weekly,
        sum(coalesce(deltas.m, 0)) over (order by span.day) as monthly
      from span left join deltas on deltas.d = span.day)
    insert into bi_daily (day, signups, daily_active, weekly_active, monthly_active)
    select running.day, coalesce(signups.n, 0), coalesce(daily.n, 0), running.weekly::int, running.monthly::int
    from running left join signups on signups.day = running.day left join daily on daily.day = running.day
    where running.day >= ${first}::date`);
}

async function rebuildCohorts(tx: Database, today: string) {
  const firstWeek = addDays(mondayOf(today), -7 * (COHORT_WEEKS - 1));
  await tx.execute(sql`
    with c as (
      select id, date_trunc('week', created_at at time zone 'UTC')::date as week from users
      where created_at >= ${dayStart(firstWeek)}::timestamptz and created_at < ${dayStart(addDays(today, 1))}::timestamptz),
    sizes as (select week, count(*)::int as n from c group by week),
    cells as (
      select sizes.week, k.k as weeks_after, sizes.n from sizes cross join generate_series(0, ${COHORT_WEEKS_AFTER}::int) as k(k)
      where sizes.week + 7 * k.k <= ${today}::date),
    act as (
      select c.week, (a.day - c.week) / 7 as weeks_after, count(distinct a.user_id)::int as n
      from c join user_activity_days a on a.user_id = c.id and a.day >= c.week and a.day < c.week + ${7 * (COHORT_WEEKS_AFTER + 1)}::int
      group by 1, 2)
    insert into bi_cohorts (cohort_week, weeks_after, cohort_size, active_users)
    select cells.week, cells.weeks_after, cells.n, coalesce(act.n, 0)
    from cells left join act on act.week = cells.week and act.weeks_after = cells.weeks_after`);
}

async function rebuildFunnel(tx: Database, today: string, rangeDays: number) {
  const first = addDays(today, -(rangeDays - 1));
  const from = dayStart(first);
  const until = dayStart(addDays(today, 1));
  await tx.execute(sql`
    with v as (
      select challenge_id, count(distinct visitor)::int as n from challenge_view_days
      where day between ${first}::date and ${today}::date group by 1),
    j as (
      select challenge_id, count(*)::int as n from challenge_participants
      where joined_at >= ${from}::timestamptz and joined_at < ${until}::timestamptz group by 1),
    s as (
      select challenge_id, count(distinct user_id)::int as n from challenge_scores
      where submitted_at >= ${from}::timestamptz and submitted_at < ${until}::timestamptz and deleted_at is null group by 1),
    ids as (select challenge_id from v union select challenge_id from j union select challenge_id from s)
    insert into bi_funnel (range_days, challenge_id, title, viewers, joiners, submitters)
    select ${rangeDays}::int, c.id, c.title, coalesce(v.n, 0), coalesce(j.n, 0), coalesce(s.n, 0)
    from ids join challenges c on c.id = ids.challenge_id
      left join v on v.challenge_id = ids.challenge_id
      left join j on j.challenge_id = ids.challenge_id
      left join s on s.challenge_id = ids.challenge_id`);
  await tx.execute(sql`
    insert into bi_funnel (range_days, challenge_id, title, viewers, joiners, submitters)
    select ${rangeDays}::int, ${ALL_CHALLENGES_ID}::int, 'All challenges',
      (select count(distinct visitor)::int from challenge_view_days where day between ${first}::date and ${today}::date),
      (select count(distinct user_id)::int from challenge_participants
        where joined_at >= ${from}::timestamptz and joined_at < ${until}::timestamptz),
      (select count(distinct user_id)::int from challenge_scores
        where submitted_at >= ${from}::timestamptz and submitted_at < ${until}::timestamptz and deleted_at is null)`);
}

/** Rebuilds every rollup for the UTC day of `ctx.now()`, in one transaction (readers see the old or the new, never half). */
export async function rebuildRollups(ctx: AppContext): Promise<void> {
  const started = performance.now();
  const now = ctx.now();
  const today = utcDay(now);
  await ctx.database.db.transaction(async (tx) => {
    const db = tx as unknown as Database;
    await db.execute(sql`delete from bi_daily`);
    await db.execute(sql`delete from bi_cohorts`);
    await db.execute(sql`delete from bi_funnel`);
    await rebuildDaily(db, today);
    await rebuildCohorts(db, today);
    for (const range of BI_RANGES) await rebuildFunnel(db, today, range);
    const durationMs = Math.round((performance.now() - started) * 10) / 10;
    await db.execute(sql`
      insert into bi_rollup_state (id, refreshed_at, through_day, duration_ms)
      values (1, ${now.toISOString()}::timestamptz, ${today}::date, ${durationMs}::real)
      on conflict (id) do update set refreshed_at = excluded.refreshed_at, through_day = excluded.through_day,
        duration_ms = excluded.duration_ms`);
  });
  // Finished rollup jobs are of no further use.
  await ctx.database.db.execute(sql`delete from jobs where kind = ${BI_ROLLUP_JOB} and state = 'done'`);
}

export const biJobHandlers = (): Record<string, JobHandler> => ({ [BI_ROLLUP_JOB]: (ctx) => rebuildRollups(ctx) });

/**
 * Queues a rollup unless one is waiting or running; with `onlyIfStale`, only when the last one is
 * older than ROLLUP_EVERY_MS. One statement, so two nodes sweeping at once rarely queue two (and a
 * second run would only rebuild the same rows).
 */
export async function queueRollup(ctx: AppContext, onlyIfStale: boolean): Promise<void> {
  const now = ctx.now();
  const staleBefore = new Date(now.getTime() - ROLLUP_EVERY_MS).toISOString();
  await ctx.database.db.execute(sql`
    insert into jobs (kind, payload, state, attempts, run_at, created_at)
    select ${BI_ROLLUP_JOB}, '{}'::jsonb, 'queued', 0, ${now.toISOString()}::timestamptz, ${now.toISOString()}::timestamptz
    where not exists (select 1 from jobs where kind = ${BI_ROLLUP_JOB} and state in ('queued', 'running'))
      and (${!onlyIfStale}::boolean or not exists (select 1 from bi_rollup_state where refreshed_at > ${staleBefore}::timestamptz))`);
}

/** The worker's sweep: a rollup every ROLLUP_EVERY_MS. */
export const biSweep = (ctx: AppContext) => queueRollup(ctx, true);

/** "Refresh now": queues a rollup and runs whatever rollup is due on this node at once (another node may hold it). */
export async function refreshNow(ctx: AppContext): Promise<void> {
  await queueRollup(ctx, false);
  await runDueJobs(ctx, biJobHandlers());
}

/** For tests and the bench: the facts' row counts are what the rollup reads. */
export async function rollupState(db: Database) {
  const [row] = await rowsOf<{ refreshed_at: string | Date; through_day: string; duration_ms: number }>(
    db,
    sql`select refreshed_at, through_day::text as through_day, duration_ms from bi_rollup_state where id = 1`,
  );
  return row ?? null;
}
