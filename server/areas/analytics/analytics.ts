import { sql } from 'drizzle-orm';
import type { AppContext } from '#server/context.ts';
import { rowsOf } from '#server/db/rows.ts';
import { boardName } from '#domain/places.ts';
import type { DivisionScheme } from '#domain/divisions.ts';
import { listStreaks } from '../realtime/index.ts';

// Athlete analytics: the signed-in athlete's own numbers, each computed in SQL on an index
// (scores by user and time, participations by user and join time, the boards by challenge
// and sort key / division, records by user and test). Only the caller's rows are read.

export const ANALYTICS_WEEKS = 26;
export const ANALYTICS_CHALLENGES = 50;
export const ANALYTICS_TESTS = 100;
const DAY_MS = 86_400_000;

/** Monday 00:00 UTC of the week `at` falls in. */
export function weekStartUtc(at: Date): Date {
  const day = Date.UTC(at.getUTCFullYear(), at.getUTCMonth(), at.getUTCDate());
  const weekday = (new Date(day).getUTCDay() + 6) % 7; // Monday 0
  return new Date(day - weekday * DAY_MS);
}

/** 100 × (1 − (place − 1) / n), to one decimal. */
export const percentileOf = (place: number, n: number) => Math.round(1000 * (1 - (place - 1) / n)) / 10;

async function weeks(ctx: AppContext, userId: number) {
  const first = new Date(weekStartUtc(ctx.now()).getTime() - (ANALYTICS_WEEKS - 1) * 7 * DAY_MS);
  const rows = await rowsOf<{ week_start: string; submissions: number }>(
    ctx.database.db,
    sql`select to_char(w.week_start, 'YYYY-MM-DD') as week_start, coalesce(s.n, 0)::int as submissions
      from generate_series(${first.toISOString()}::timestamptz, ${first.toISOString()}::timestamptz + interval '${sql.raw(String(ANALYTICS_WEEKS - 1))} weeks', interval '1 week') as w(week_start)
      left join (
        select date_trunc('week', submitted_at at time zone 'UTC') at time zone 'UTC' as week_start, count(*) as n
        from challenge_scores
        where user_id = ${userId} and submitted_at >= ${first.toISOString()}::timestamptz and deleted_at is null
        group by 1
      ) s on s.week_start = w.week_start
      order by w.week_start`,
  );
  return rows.map((r) => ({ week_start: r.week_start, submissions: Number(r.submissions) }));
}

async function challengePlaces(ctx: AppContext, userId: number) {
  const rows = await rowsOf<Record<string, string | number>>(
    ctx.database.db,
    sql`select p.challenge_id, c.title, e.division, e.category, c.sex_divisions, c.age_scheme,
        1 + (select count(*) from challenge_entries x where x.challenge_id = e.challenge_id and x.sort_key < e.sort_key)::int as place,
        (select count(*) from challenge_entries x where x.challenge_id = e.challenge_id)::int as field_size,
        1 + (select count(*) from challenge_entries x
             where x.challenge_id = e.challenge_id and x.division = e.division and x.category = e.category
               and x.sort_key < e.sort_key)::int as division_place,
        (select count(*) from challenge_entries x
          where x.challenge_id = e.challenge_id and x.division = e.division and x.category = e.category)::int as division_size
      from (select challenge_id, joined_at from challenge_participants where user_id = ${userId}
            order by joined_at desc limit ${ANALYTICS_CHALLENGES * 2}) p
      join challenge_entries e on e.challenge_id = p.challenge_id and e.user_id = ${userId}
      join challenges c on c.id = p.challenge_id and c.deleted_at is null
      order by p.joined_at desc, p.challenge_id desc
      limit ${ANALYTICS_CHALLENGES}`,
  );
  return rows.map((r) => {
    const place = Number(r.place);
    const fieldSize = Number(r.field_size);
    const divisionPlace = Number(r.division_place);
    const divisionSize = Number(r.division_size);
    return {
      challenge_id: Number(r.challenge_id),
      title: String(r.title),
      division: String(r.division),
      board: boardName(
        { sex: r.sex_divisions, age: r.age_scheme } as DivisionScheme,
        String(r.category ?? ''),
        r.division === 'scaled' ? 'scaled' : 'rx',
      ),
      place,
      field_size: fieldSize,
      percentile: percentileOf(place, fieldSize),
      division_place: divisionPlace,
      division_size: divisionSize,
      division_percentile: percentileOf(divisionPlace, divisionSize),
    };
  });
}

async function recordProgress(ctx: AppContext, userId: number) {
  const rows = await rowsOf<Record<string, string | number>>(
    ctx.database.db,
    sql`with r as (
        select test_id, value, achieved_on,
          row_number() over (partition by test_id order by achieved_on, id) as a,
          row_number() over (partition by test_id order by achieved_on desc, id desc) as d,
          count(*) over (partition by test_id) as n
        from personal_records where user_id = ${userId} and status = 'approved'
      )
      select t.id as test_id, t.name as test_name, t.unit, t.direction, f.n::int as records,
        f.value as first_value, to_char(f.achieved_on, 'YYYY-MM-DD') as first_on,
        l.value as latest_value, to_char(l.achieved_on, 'YYYY-MM-DD') as latest_on
      from r f join r l on l.test_id = f.test_id and l.d = 1
      join tests t on t.id = f.test_id
      where f.a = 1
      order by l.achieved_on desc, t.id
      limit ${ANALYTICS_TESTS}`,
  );
  return rows.map((r) => {
    const first = Number(r.first_value);
    const latest = Number(r.latest_value);
    const direction = String(r.direction);
    return {
      test_id: Number(r.test_id),
      test_name: String(r.test_name),
      unit: String(r.unit),
      direction,
      records: Number(r.records),
      first_value: first,
      first_on: String(r.first_on),
      latest_value: latest,
      latest_on: String(r.latest_on),
      improvement: direction === 'lower' ? first - latest : latest - first,
    };
  });
}

export async function myAnalytics(ctx: AppContext, userId: number) {
  const now = ctx.now();
  const [w, c, r, s] = await Promise.all([
    weeks(ctx, userId),
    challengePlaces(ctx, userId),
    recordProgress(ctx, userId),
    listStreaks(ctx.database.db, userId, now),
  ]);
  return {
    generated_at: now.toISOString(),
    weeks: w,
    challenges: c,
    records: r,
    streaks: s.map((x) => ({ type: x.type, current_count: x.current_count, best_count: x.best_count })),
  };
}
