import { sql } from 'drizzle-orm';
import type { AppContext } from '../context.ts';
import type { Database } from '../db/index.ts';
import { rowsOf } from '../db/rows.ts';
import { P_SCORE_SCALE } from '../../domain/events.ts';
import { GYM_COUNTED_ATHLETES, SEASON_POINTS } from '../../domain/sports-network.ts';
import { keptResults } from './kept-results.ts';
import { leagueDetail } from './sports-network.ts';

// A league's season table in one statement (the rules are domain/sports-network.ts): every league
// event's overall standing in every division at once (the same steps as events-standings.ts, which
// does one division), league points for the places of member gyms' athletes, each gym's best
// GYM_COUNTED_ATHLETES per event, totals, tie-breaks and the place.

export interface SeasonSqlRow {
  gym_id: number;
  name: string;
  place: number;
  total: number;
  best: number;
  wins: number;
  /** Per league event, by the events' start then id. */
  scores: number[];
}

/** Points of an event place by each event's own rule (per row: the events differ). */
const eventPoints = sql.raw(`case ev.rule
    when 'sum_of_places' then g.place
    when 'points_table' then coalesce((ev.points_table ->> (g.place - 1))::int, 0)
    else case when n.athletes <= 1 then ${100 * P_SCORE_SCALE}
      else (${100 * P_SCORE_SCALE}::bigint * greatest(0, n.athletes - g.place) / (n.athletes - 1))::int end
  end`);

export async function seasonRows(db: Database, leagueId: number): Promise<SeasonSqlRow[]> {
  const rows = await rowsOf<SeasonSqlRow>(
    db,
    sql`with ev as (
      select e.id as event_id, e.rule, e.points_table, row_number() over (order by e.starts_at, e.id)::int as k
      from league_events le join events e on e.id = le.event_id where le.league_id = ${leagueId}
    ), w as (
      select ew.event_id, ew.challenge_id, ew.position from event_workouts ew join ev on ev.event_id = ew.event_id
    ), e as (
      select w.event_id, ce.user_id, ce.challenge_id, ce.sort_key, ce.category
      from challenge_entries ce join w on w.challenge_id = ce.challenge_id
    ), a as (
      select event_id, user_id, min(category) as category from e group by event_id, user_id
    ), p as (
      select e.event_id, a.category, e.user_id, e.challenge_id,
        rank() over (partition by e.event_id, a.category, e.challenge_id order by e.sort_key)::int as place
      from e join a on a.event_id = e.event_id and a.user_id = e.user_id
    ), n as (
      select event_id, category, count(*)::int as athletes from a group by event_id, category
    ), fin as (
      select event_id, category, challenge_id, count(*)::int as finishers from p group by event_id, category, challenge_id
    ), g as (
      select a.event_id, a.category, a.user_id, coalesce(p.place, coalesce(fin.finishers, 0) + 1) as place
      from a join w on w.event_id = a.event_id
      left join p on p.event_id = a.event_id and p.user_id = a.user_id and p.challenge_id = w.challenge_id
      left join fin on fin.event_id = a.event_id and fin.category = a.category and fin.challenge_id = w.challenge_id
    ), pts as (
      select g.event_id, g.category, g.user_id, g.place, ${eventPoints} as points
      from g join ev on ev.event_id = g.event_id join n on n.event_id = g.event_id and n.category = g.category
    ), tot as (
      select event_id, category, user_id, sum(points)::bigint as total,
        count(*) filter (where place = 1) as firsts, min(place) as best
      from pts group by event_id, category, user_id
    ), r as (
      select tot.event_id, tot.user_id,
        rank() over (partition by tot.event_id, tot.category
          order by case when ev.rule = 'sum_of_places' then tot.total else -tot.total end, tot.firsts desc, tot.best asc)::int as overall
      from tot join ev on ev.event_id = tot.event_id
    ), mg as (
      select lg.gym_id, gy.name from league_gyms lg join gyms gy on gy.id = lg.gym_id where lg.league_id = ${leagueId}
    ), ap as (
      select r.event_id, ap.gym_id, coalesce((${JSON.stringify(SEASON_POINTS)}::jsonb ->> (r.overall - 1))::int, 0) as pts
      from r join athlete_profiles ap on ap.user_id = r.user_id join mg on mg.gym_id = ap.gym_id
    ), counted as (
      select event_id, gym_id, pts, row_number() over (partition by event_id, gym_id order by pts desc) as k from ap
    ), es as (
      select event_id, gym_id, sum(pts)::int as score from counted where k <= ${GYM_COUNTED_ATHLETES} group by event_id, gym_id
    ), grid as (
      select mg.gym_id, ev.event_id, ev.k, coalesce(es.score, 0) as score
      from mg cross join ev left join es on es.gym_id = mg.gym_id and es.event_id = ev.event_id
    ), top as (
      select event_id, max(score) as top from grid group by event_id
    ), gt as (
      select grid.gym_id, sum(grid.score)::int as total, max(grid.score)::int as best,
        (count(*) filter (where grid.score > 0 and grid.score = top.top))::int as wins,
        array_agg(grid.score order by grid.k) as scores
      from grid join top on top.event_id = grid.event_id group by grid.gym_id
    )
    select mg.gym_id, mg.name, coalesce(gt.total, 0) as total, coalesce(gt.best, 0) as best, coalesce(gt.wins, 0) as wins,
      coalesce(gt.scores, array[]::int[]) as scores,
      rank() over (order by coalesce(gt.total, 0) desc, coalesce(gt.best, 0) desc, coalesce(gt.wins, 0) desc)::int as place
    from mg left join gt on gt.gym_id = mg.gym_id
    order by place, lower(mg.name) collate "C", mg.gym_id`,
  );
  return rows.map((r) => ({
    gym_id: Number(r.gym_id),
    name: r.name,
    place: Number(r.place),
    total: Number(r.total),
    best: Number(r.best),
    wins: Number(r.wins),
    scores: (r.scores ?? []).map(Number),
  }));
}

// A large league's table is kept per node (kept-results.ts): read directly while that is quick, kept
// once it proves slow, and recomputed when one of its events' boards changes or, through board number
// minus the league's id (migration league_change_notify), its members, events, their workouts or
// rules, a member gym's name or an athlete's gym.
const seasons = keptResults<SeasonSqlRow>('season table', (r) => r.gym_id);

/** Above this cost (ms) a season table is kept; tests and benches change it to drive either path. */
export const seasonCacheSettings = seasons.settings;
/** Drops every kept season table of this database (benches: to time the direct read). */
export const forgetSeasons = (db: Database) => seasons.forget(db);

/** What a league's table is made of: its own board number and its events' workouts' boards. */
async function seasonBoards(db: Database, leagueId: number): Promise<number[]> {
  const rows = await rowsOf<{ challenge_id: number }>(
    db,
    sql`select distinct ew.challenge_id from league_events le join event_workouts ew on ew.event_id = le.event_id
      where le.league_id = ${leagueId}`,
  );
  return [-leagueId, ...rows.map((r) => Number(r.challenge_id))];
}

/** The season table's rows, kept for a large league. */
export async function keptSeasonRows(ctx: AppContext, leagueId: number): Promise<SeasonSqlRow[]> {
  const db = ctx.database.db;
  const key = String(leagueId);
  const full = () => seasonRows(db, leagueId);
  const boards = await seasonBoards(db, leagueId);
  // A kept table is served while its boards' scores are recomputed into it, but dropped after a change of
  // what the league is (members, events, rules): that is read directly until it proves slow again.
  const held = seasons.kept(ctx, key, full, boards, [-leagueId]);
  return held ? held.rows : seasons.timed(ctx, key, full, full, boards);
}

/** Computes and keeps a league's table now (benches and tests). */
export async function keepSeason(ctx: AppContext, leagueId: number) {
  const db = ctx.database.db;
  await seasons.keep(ctx, String(leagueId), () => seasonRows(db, leagueId), await seasonBoards(db, leagueId));
}

export async function leagueSeason(ctx: AppContext, leagueId: number) {
  const db = ctx.database.db;
  const detail = await leagueDetail(db, leagueId);
  const rows = await keptSeasonRows(ctx, leagueId);
  const byId = new Map(detail.gyms.map((g) => [g.id, g]));
  return {
    league: detail.league,
    events: detail.events,
    counted_athletes: GYM_COUNTED_ATHLETES,
    points_table: [...SEASON_POINTS],
    items: rows.map((r) => ({
      place: r.place,
      gym: byId.get(r.gym_id) ?? { id: r.gym_id, name: r.name, city: '', country: '', website: '', verified: false },
      total: r.total,
      best: r.best,
      wins: r.wins,
      scores: r.scores,
    })),
  };
}
