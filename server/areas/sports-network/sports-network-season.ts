import { sql } from 'drizzle-orm';
import type { AppContext } from '#server/context.ts';
import type { Database } from '#server/db/index.ts';
import { rowsOf } from '#server/db/rows.ts';
import type { EventRule } from '#domain/events.ts';
import { GYM_COUNTED_ATHLETES, SEASON_POINTS, seasonTable } from '#domain/sports-network.ts';
import { cacheKey, keptDivisionStanding, eventCategories, workoutsOf } from '../events/index.ts';
import { keptResults } from '#server/lib/boards/kept-results.ts';
import { leagueDetail } from './sports-network.ts';

// A league's season table (the rules are domain/sports-network.ts) from its events' overall standings,
// computed as the event pages compute them (events-cache.ts: from the workouts' kept boards, each
// division's standing kept until one of its boards changes): the places that earn league points go to
// the member gyms of the athletes who took them, then domain/sports-network.ts's seasonTable.

export interface SeasonTableRow {
  gym_id: number;
  name: string;
  place: number;
  total: number;
  best: number;
  wins: number;
  /** Per league event, by the events' start then id. */
  scores: number[];
}

export async function seasonRows(ctx: AppContext, leagueId: number): Promise<SeasonTableRow[]> {
  const db = ctx.database.db;
  const [events, members] = await Promise.all([
    rowsOf<{ id: number; rule: EventRule; points_table: number[] }>(
      db,
      sql`select e.id, e.rule, e.points_table from league_events le join events e on e.id = le.event_id
        where le.league_id = ${leagueId} order by e.starts_at, e.id`,
    ),
    rowsOf<{ gym_id: number; name: string }>(
      db,
      sql`select lg.gym_id, gy.name from league_gyms lg join gyms gy on gy.id = lg.gym_id where lg.league_id = ${leagueId}`,
    ),
  ]);
  const workouts = await workoutsOf(
    db,
    events.map((e) => Number(e.id)),
  );
  // Per event, the athletes whose overall place earns league points (the standings are in place order).
  const placed = events.map(() => new Map<number, number>());
  for (const [k, ev] of events.entries()) {
    const mine = workouts.filter((w) => w.eventId === Number(ev.id));
    if (mine.length === 0) continue;
    const boards = mine.map((w) => w.challenge.id);
    for (const { id: category } of eventCategories(mine)) {
      const q = { eventId: Number(ev.id), rule: ev.rule, table: ev.points_table, category };
      for (const r of await keptDivisionStanding(ctx, cacheKey(q, boards), q, boards)) {
        if (r.overall > SEASON_POINTS.length) break;
        placed[k]!.set(r.user_id, r.overall);
      }
    }
  }
  const athletes = [...new Set(placed.flatMap((m) => [...m.keys()]))];
  const gymOf = new Map<number, number>();
  if (athletes.length > 0 && members.length > 0) {
    const rows = await rowsOf<{ user_id: number; gym_id: number }>(
      db,
      sql`select ap.user_id, ap.gym_id from athlete_profiles ap
        where ap.user_id in (select value::int from jsonb_array_elements_text(${JSON.stringify(athletes)}::jsonb))
          and ap.gym_id in (select value::int from jsonb_array_elements_text(${JSON.stringify(members.map((m) => Number(m.gym_id)))}::jsonb))`,
    );
    for (const r of rows) gymOf.set(Number(r.user_id), Number(r.gym_id));
  }
  const input = members.map((m) => ({ gymId: Number(m.gym_id), name: m.name, eventPlaces: events.map((): number[] => []) }));
  const byGym = new Map(input.map((g) => [g.gymId, g]));
  for (const [k, m] of placed.entries())
    for (const [user, place] of m) {
      const gym = gymOf.get(user);
      if (gym !== undefined) byGym.get(gym)!.eventPlaces[k]!.push(place);
    }
  return seasonTable(input).map((r) => ({
    gym_id: r.gymId,
    name: r.name,
    place: r.place,
    total: r.total,
    best: r.best,
    wins: r.wins,
    scores: r.scores,
  }));
}

// A large league's table is kept per node (kept-results.ts): read directly while that is quick, kept
// once it proves slow, and recomputed when one of its events' boards changes or, through board number
// minus the league's id (migration league_change_notify), its members, events, their workouts or
// rules, a member gym's name or an athlete's gym.
const seasons = keptResults<SeasonTableRow>('season table', (r) => r.gym_id);

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
export async function keptSeasonRows(ctx: AppContext, leagueId: number): Promise<SeasonTableRow[]> {
  const db = ctx.database.db;
  const key = String(leagueId);
  const full = () => seasonRows(ctx, leagueId);
  const boards = await seasonBoards(db, leagueId);
  // A kept table is served while its boards' scores are recomputed into it, but dropped after a change of
  // what the league is (members, events, rules): that is read directly until it proves slow again.
  const held = seasons.kept(ctx, key, full, boards, [-leagueId]);
  return held ? held.rows : seasons.timed(ctx, key, full, full, boards);
}

/** Computes and keeps a league's table now (benches and tests). */
export async function keepSeason(ctx: AppContext, leagueId: number) {
  const db = ctx.database.db;
  await seasons.keep(ctx, String(leagueId), () => seasonRows(ctx, leagueId), await seasonBoards(db, leagueId));
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
