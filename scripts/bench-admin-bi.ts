// Business intelligence at scale, on PostgreSQL (BENCH_DATABASE_URL or TEST_DATABASE_URL) and PGlite:
// 1,000,000 activity days (20,000 accounts × 50 days over 400 days), 200,000 challenge views, joins and
// scores; then p50/p99 of the page's API service (which reads the rollups only) for each range, beside
// a naive full scan of the facts computing the same 30-day figures, measured in the same run. Target: p99 < 50 ms.
import { sql } from 'drizzle-orm';
import type { DatabaseHandle } from '../server/db/index.ts';
import type { AppContext } from '../server/context.ts';
import { BackgroundTasks } from '../server/lib/background.ts';
import { businessReport, forgetReports } from '../server/areas/admin/admin-bi.ts';
import { rebuildRollups } from '../server/areas/admin/admin-bi-rollup.ts';
import { BI_RANGES } from '../domain/business-intelligence.ts';
import { onEachDatabase, time } from './bench-lib.ts';

const EVENTS = Number(process.env.BENCH_BI_EVENTS ?? 1_000_000);
const DAYS_PER_USER = 50;
const USERS = Math.ceil(EVENTS / DAYS_PER_USER);
const CHALLENGES = 200;
const RUNS = Number(process.env.BENCH_RUNS ?? 200);
const NAIVE_RUNS = Number(process.env.BENCH_NAIVE_RUNS ?? 5);
const TARGET_P99_MS = 50;

async function load(handle: DatabaseHandle) {
  const db = handle.db;
  const t0 = performance.now();
  await db.execute(sql`insert into users (email, email_normalized, password_hash, display_name, created_at)
    select 'bi' || g || '@bench.local', 'bi' || g || '@bench.local', 'x', 'Bench ' || g,
      now() - make_interval(days => (g * 37) % 400, secs => (g * 7919) % 86400)
    from generate_series(1, ${USERS}) g`);
  // Day (today − ((id + 7g) mod 400)) for g = 0..49: 50 distinct days per account (7 and 400 are coprime).
  await db.execute(sql`insert into user_activity_days (user_id, day)
    select u.id, current_date - ((u.id + 7 * g) % 400) from users u cross join generate_series(0, ${DAYS_PER_USER - 1}) g
    where u.email like '%@bench.local'`);
  await db.execute(sql`insert into challenges (title, creator_id, score_type, starts_at, ends_at)
    select 'Bench challenge ' || g, (select min(id) from users), 'reps', now() - interval '400 days', now() + interval '30 days'
    from generate_series(1, ${CHALLENGES}) g`);
  await db.execute(sql`insert into challenge_view_days (challenge_id, day, visitor, user_id)
    select c.id, current_date - (g % 365), 'a' || left(md5(g::text || c.id), 24), null
    from challenges c cross join generate_series(1, 1000) g on conflict do nothing`);
  await db.execute(sql`insert into challenge_participants (challenge_id, user_id, division, joined_at)
    select c.id, u.id, 'rx', now() - make_interval(days => (u.id + c.id) % 365)
    from challenges c join users u on u.id % ${CHALLENGES} = c.id % ${CHALLENGES} and u.email like '%@bench.local'
    on conflict do nothing`);
  await db.execute(sql`insert into challenge_scores (challenge_id, user_id, division, status, value, sort_key, submitted_at)
    select challenge_id, user_id, 'rx', 'finished', 10, 10, joined_at + interval '1 hour' from challenge_participants where user_id % 2 = 0`);
  await db.execute(sql`vacuum analyze`);
  return (performance.now() - t0) / 1000;
}

/** The same 30-day figures straight from the facts, the way a page without rollups would: windows, cohorts and funnel. */
async function naiveReport(handle: DatabaseHandle) {
  const db = handle.db;
  await db.execute(sql`
    select d::date as day,
      (select count(*) from users where (created_at at time zone 'UTC')::date = d::date) as signups,
      count(distinct a.user_id) filter (where a.day = d::date) as daily,
      count(distinct a.user_id) filter (where a.day > d::date - 7) as weekly,
      count(distinct a.user_id) as monthly
    from generate_series(current_date - 29, current_date, interval '1 day') d
    join user_activity_days a on a.day between d::date - 29 and d::date
    group by d order by d`);
  await db.execute(sql`
    with c as (select id, date_trunc('week', created_at at time zone 'UTC')::date as week from users
               where created_at >= now() - interval '35 days')
    select c.week, (a.day - c.week) / 7 as k, count(distinct a.user_id), (select count(*) from c c2 where c2.week = c.week)
    from c join user_activity_days a on a.user_id = c.id and a.day >= c.week group by 1, 2`);
  await db.execute(sql`
    select ch.id, ch.title,
      (select count(distinct visitor) from challenge_view_days v where v.challenge_id = ch.id and v.day > current_date - 30),
      (select count(*) from challenge_participants p where p.challenge_id = ch.id and p.joined_at > now() - interval '30 days'),
      (select count(distinct user_id) from challenge_scores s where s.challenge_id = ch.id and s.submitted_at > now() - interval '30 days')
    from challenges ch`);
}

async function bench(label: string, handle: DatabaseHandle) {
  console.log(`\n${label}: ${EVENTS.toLocaleString('en')} activity days, ${USERS.toLocaleString('en')} accounts`);
  console.log(`  loaded in ${(await load(handle)).toFixed(1)} s`);
  const ctx = { database: handle, now: () => new Date(), tasks: new BackgroundTasks(() => {}) } as unknown as AppContext;
  const r0 = performance.now();
  await rebuildRollups(ctx);
  console.log(`  rollup rebuild (the 10-minute job)                      ${((performance.now() - r0) / 1000).toFixed(2)} s`);
  const line = (name: string, m: { p50: number; p99: number }) =>
    console.log(`  ${name.padEnd(56)} p50 ${m.p50.toFixed(2).padStart(8)} ms   p99 ${m.p99.toFixed(2).padStart(8)} ms`);
  let worst = 0;
  for (const range of BI_RANGES) {
    const m = await time(RUNS, () => businessReport(ctx, range), 10);
    worst = Math.max(worst, m.p99);
    line(`page API, last ${range} days (rollups)`, m);
  }
  // The first view after each rebuild reads the rollup tables themselves (later views reuse it).
  const first = await time(RUNS, () => (forgetReports(ctx), businessReport(ctx, 365)), 10);
  worst = Math.max(worst, first.p99);
  line('page API, 365 days, first view after a rebuild', first);
  const naive = await time(NAIVE_RUNS, () => naiveReport(handle), 1);
  line('baseline: naive full scan of the facts, 30 days', naive);
  console.log(
    `  page API p99 ${worst.toFixed(2)} ms: ${worst < TARGET_P99_MS ? 'within' : 'OVER'} the ${TARGET_P99_MS} ms target; ` +
      `the naive scan is ${(naive.p50 / Math.max(worst, 0.001)).toFixed(0)}x slower at its p50 than the API's worst p99`,
  );
}

await onEachDatabase('bench_bi', bench);
