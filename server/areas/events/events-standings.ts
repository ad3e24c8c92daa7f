import { sql, type SQL } from 'drizzle-orm';
import type { AppContext } from '#server/context.ts';
import type { Database } from '#server/db/index.ts';
import { rowsOf } from '#server/db/rows.ts';
import { badRequest } from '#server/errors.ts';
import { formatPoints, P_SCORE_SCALE, workoutSortIndex, type EventRule } from '#domain/events.ts';
import { formatScore, type EncodedScore, type ScoreType } from '#domain/scoring/index.ts';
import { boardAnonymousColumn, boardName } from '#server/lib/boards/privacy-names.ts';
import { eventCategories, loadEvent, workoutsOf } from './events.ts';
import { cacheKey, cachedStanding, keptDivisionStanding, sortedView, timed, type CachedStanding } from './events-cache.ts';

// An event's overall standing in one division, in one statement: each workout's division places
// (rank over the board's sort keys, ties sharing), a missing workout one place below everyone
// with a result there, points by the rule, totals, tie-breaks, the overall place, then a page
// and the caller's own row. The rules are domain/events.ts.

export interface StandingsQuery {
  eventId: number;
  rule: EventRule;
  table: readonly number[];
  category: string;
  /** 0 for the overall standing, else the workout's position to sort by. */
  sortWorkout: number;
  descending: boolean;
  offset: number;
  limit: number;
  callerId: number | null;
}

export interface StandingRow {
  /** Position on the page from 1; 0 for the caller's own row. */
  n: number;
  user_id: number;
  display_name: string;
  board_anonymous: boolean;
  category: string;
  total: number;
  firsts: number;
  best: number;
  overall: number;
  athletes: number;
  places: number[];
  points: number[];
  scores: ({ status: string; value: number; tiebreak_ms: number | null } | null)[];
}

/** Points for a place by the rule, as SQL over `place` and the division size `athletes`. */
function pointsSql(rule: EventRule, table: readonly number[]): SQL {
  if (rule === 'sum_of_places') return sql`g.place`;
  if (rule === 'points_table') return sql`coalesce((${JSON.stringify(table)}::jsonb ->> (g.place - 1))::int, 0)`;
  const full = 100 * P_SCORE_SCALE;
  return sql`case when n.athletes <= 1 then ${sql.raw(String(full))}
    else (${sql.raw(String(full))}::bigint * greatest(0, n.athletes - g.place) / (n.athletes - 1))::int end`;
}

/** The standing up to `r`: every athlete of the division with total, tie-breaks, places, points and overall place. */
function rankedCte(q: Pick<StandingsQuery, 'eventId' | 'rule' | 'table' | 'category'>): SQL {
  const totalOrder = q.rule === 'sum_of_places' ? sql`total asc` : sql`total desc`;
  return sql`with w as (
      select challenge_id, position from event_workouts where event_id = ${q.eventId}
    ), e as (
      select ce.user_id, ce.challenge_id, ce.sort_key, ce.category
      from challenge_entries ce join w on w.challenge_id = ce.challenge_id
    ), a as (
      select user_id, min(category) as category from e group by user_id having min(category) = ${q.category}
    ), p as (
      select e.user_id, e.challenge_id, rank() over (partition by e.challenge_id order by e.sort_key)::int as place
      from e join a on a.user_id = e.user_id
    ), n as (
      select count(*)::int as athletes from a
    ), fin as (
      select challenge_id, count(*)::int as finishers from p group by challenge_id
    ), g as (
      select a.user_id, w.position, coalesce(p.place, coalesce(fin.finishers, 0) + 1) as place
      from a cross join w
      left join p on p.user_id = a.user_id and p.challenge_id = w.challenge_id
      left join fin on fin.challenge_id = w.challenge_id
    ), pts as (
      select g.user_id, g.position, g.place, ${pointsSql(q.rule, q.table)} as points from g cross join n
    ), tot as (
      select user_id, sum(points)::int as total, (count(*) filter (where place = 1))::int as firsts, min(place)::int as best,
        array_agg(place order by position) as places, array_agg(points order by position) as points
      from pts group by user_id
    ), r as (
      select tot.*, rank() over (order by ${totalOrder}, firsts desc, best asc)::int as overall from tot
    )`;
}

/** Names, anonymity and each workout's result of these athletes (what a page shows beside the standing). */
function decorationSql(eventId: number, userId: SQL): SQL {
  return sql`${boardAnonymousColumn(userId)},
      (select jsonb_agg(case when ce.user_id is null then null
          else jsonb_build_object('status', ce.status, 'value', ce.value, 'tiebreak_ms', ce.tiebreak_ms) end order by w.position)
        from event_workouts w left join challenge_entries ce on ce.challenge_id = w.challenge_id and ce.user_id = ${userId}
        where w.event_id = ${eventId}) as scores`;
}

/** The standing statement: a page and the caller's own row. Exported for the bench and the tests. */
export async function standingRows(db: Database, q: StandingsQuery): Promise<StandingRow[]> {
  const dir = sql.raw(q.descending ? 'desc' : 'asc');
  const order =
    q.sortWorkout > 0 ? sql`places[${sql.raw(String(q.sortWorkout))}] ${dir}, overall ${dir}, user_id` : sql`overall ${dir}, user_id`;
  const rows = await rowsOf<StandingRow>(
    db,
    sql`${rankedCte(q)}, page as (
      select r.*, row_number() over (order by ${order})::int as n from r order by ${order} limit ${q.limit} offset ${q.offset}
    ), wanted as (
      select * from page
      union all
      select r.*, 0 from r where r.user_id = ${q.callerId ?? -1}
    )
    select x.n, x.user_id, u.display_name, ${q.category} as category,
      x.total, x.firsts, x.best, x.overall, (select athletes from n) as athletes, x.places, x.points,
      ${decorationSql(q.eventId, sql`x.user_id`)}
    from wanted x join users u on u.id = x.user_id
    order by x.n = 0, x.n`,
  );
  return rows.map(parseRow);
}

function parseRow(r: StandingRow): StandingRow {
  return {
    ...r,
    n: Number(r.n),
    user_id: Number(r.user_id),
    total: Number(r.total),
    firsts: Number(r.firsts),
    best: Number(r.best),
    overall: Number(r.overall),
    athletes: Number(r.athletes ?? 0),
    places: r.places.map(Number),
    points: r.points.map(Number),
    scores: (typeof r.scores === 'string' ? JSON.parse(r.scores) : r.scores) ?? [],
  };
}

/** A page (and the caller's row) of a cached standing, with names and results read for those rows only. */
async function pageOfFull(db: Database, full: CachedStanding, q: StandingsQuery): Promise<StandingRow[]> {
  const sorted = sortedView(full, q.sortWorkout, q.descending);
  const page = sorted.slice(q.offset, q.offset + q.limit);
  const mine = q.callerId === null ? undefined : full.byId.get(q.callerId);
  const wanted = [...page.map((r, i) => ({ r, n: i + 1 })), ...(mine ? [{ r: mine, n: 0 }] : [])];
  if (wanted.length === 0) return [];
  const ids = [...new Set(wanted.map((w) => w.r.user_id))];
  const extra = await rowsOf<Pick<StandingRow, 'user_id' | 'display_name' | 'board_anonymous' | 'scores'>>(
    db,
    sql`select u.id as user_id, u.display_name, ${decorationSql(q.eventId, sql`u.id`)}
      from users u where u.id in (${sql.join(
        ids.map((id) => sql`${id}`),
        sql`, `,
      )})`,
  );
  const byId = new Map(extra.map((x) => [Number(x.user_id), x]));
  return wanted.map(({ r, n }) => {
    const x = byId.get(r.user_id);
    return parseRow({
      ...r,
      n,
      category: q.category,
      athletes: full.rows.length,
      display_name: x?.display_name ?? 'Former athlete',
      board_anonymous: x?.board_anonymous ?? false,
      scores: x?.scores ?? [],
    });
  });
}

type StandingsAsked = { eventId: number; category?: string; sort?: string; order?: 'asc' | 'desc'; offset: number; limit: number };

/** A page of an event's standing in one division, with the caller's own row. */
export async function eventStandings(ctx: AppContext, q: StandingsAsked, callerId: number | null) {
  return (await standingsRead(ctx, q, callerId)).answer;
}

/** The event's board number in the board cache (migration 0061 notifies it when the event or its workouts change). */
export const eventBoard = (eventId: number) => 2 ** 32 + eventId;

/** The standing as eventStandings answers it, and the boards it depends on: the event's and its workouts' challenges'. */
export async function standingsRead(ctx: AppContext, q: StandingsAsked, callerId: number | null) {
  const db = ctx.database.db;
  const [event, workouts] = await Promise.all([loadEvent(db, q.eventId), workoutsOf(db, [q.eventId])]);
  const categories = eventCategories(workouts);
  const category = q.category ?? categories[0]!.id;
  if (!categories.some((k) => k.id === category)) throw badRequest(`“${category}” is not a division of this event.`, 'category');
  const sort = q.sort ?? 'overall';
  const sortWorkout = sort === 'overall' ? 0 : workoutSortIndex(sort, workouts.length);
  if (sortWorkout === null)
    throw badRequest(`The event has ${workouts.length} workouts: sort by overall or w1 … w${workouts.length}.`, 'sort');
  const rule = event.rule as EventRule;
  const query: StandingsQuery = {
    eventId: event.id,
    rule,
    table: event.pointsTable,
    category,
    sortWorkout,
    descending: q.order === 'desc',
    offset: q.offset,
    limit: q.limit,
    callerId,
  };
  const boards = workouts.map((w) => w.challenge.id);
  const key = cacheKey(query, boards);
  const full = () => keptDivisionStanding(ctx, key, query, boards);
  const cached = cachedStanding(ctx, key, full, boards);
  const rows = cached ? await pageOfFull(db, cached, query) : await timed(ctx, key, () => standingRows(db, query), full, boards);
  const present = (r: StandingRow) => ({
    place: r.overall,
    athlete: { wp_user_id: r.user_id, display_name: boardName(r, callerId) },
    category: r.category,
    points: r.total,
    points_display: formatPoints(rule, r.total),
    firsts: r.firsts,
    best_place: r.best,
    workouts: workouts.map((w, i) => {
      const s = r.scores[i] ?? null;
      const c = w.challenge;
      const encoded: EncodedScore | null = s
        ? { status: s.status as EncodedScore['status'], value: Number(s.value), tiebreakMs: s.tiebreak_ms }
        : null;
      return {
        position: w.position,
        place: r.places[i]!,
        points: r.points[i]!,
        missing: encoded === null,
        score: encoded ? formatScore(c.scoreType as ScoreType, encoded, { repsPerRound: c.repsPerRound }) : null,
      };
    }),
  });
  const page = rows.filter((r) => r.n > 0);
  const mine = rows.find((r) => r.n === 0);
  const answer = {
    event_id: event.id,
    rule,
    category,
    sort,
    order: q.order ?? 'asc',
    total: rows[0]?.athletes ?? (await divisionSize(db, event.id, category)),
    offset: q.offset,
    items: page.map(present),
    me: mine ? present(mine) : null,
  };
  return { answer, boards: [eventBoard(event.id), ...boards] };
}

/** The division's size when the page is empty (an offset past the end). */
async function divisionSize(db: Database, eventId: number, category: string): Promise<number> {
  const [r] = await rowsOf<{ n: number }>(
    db,
    sql`select count(*)::int as n from (select ce.user_id from challenge_entries ce join event_workouts w on w.challenge_id = ce.challenge_id
      where w.event_id = ${eventId} group by ce.user_id having min(ce.category) = ${category}) x`,
  );
  return Number(r?.n ?? 0);
}
