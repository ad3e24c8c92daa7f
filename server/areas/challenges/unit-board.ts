import { sql, type SQL } from 'drizzle-orm';
import type { AppContext } from '#server/context.ts';
import type { Database } from '#server/db/index.ts';
import { rowsOf } from '#server/db/rows.ts';
import { conflict, notFound } from '#server/errors.ts';
import { lowerIsBetter, type GymBoardUnit, type GymRule } from '#domain/gym-events.ts';
import { boardName, hiddenFromBoards } from '#server/lib/boards/privacy-names.ts';
import { loadChallenge, NO_CHALLENGE, type ChallengeRow } from './challenge.ts';
import { keepUnitBoard, keptUnitBoard, timedUnitRead, type UnitRow } from '#server/lib/boards/gym-board-cache.ts';

/*
 * The second board of a multi-gym event, for either unit it ranks: gyms (gym-board.ts) or alliances
 * (alliance-board.ts); domain/gym-events.ts has the rules and a plain TypeScript ranking the tests compare
 * this with. One statement: every entry's place on the whole board (rank() over the board index), each
 * unit's athletes numbered by place (the units stored when they joined: a unit is given as the SQL of its
 * (unit_id, user_id) rows), the best N per unit aggregated by the rule, and rank() over the units.
 * Ordering, best first: units with a counted athlete; for sum_places more counted athletes (up to N); the
 * score. Equal units share the higher place. A large board is kept in memory (gym-board-cache.ts) without
 * the units' names: those are read for the rows served, so a renamed gym or team shows at once.
 */

/** What differs between the gym and the alliance board. */
export interface BoardUnit<Name> {
  unit: GymBoardUnit;
  /** The (unit_id, user_id) rows of the challenge's athletes: the unit each counts for. */
  members(challengeId: number): SQL;
  /** The units the viewer counts for here (none for a visitor). */
  viewerUnits(db: Database, challengeId: number, viewerId: number | null): Promise<number[]>;
  /** The names of these units as they stand now. */
  names(db: Database, ids: number[]): Promise<Map<number, Name>>;
}

export function requireGymEvent(c: ChallengeRow) {
  if (!c.gymRule || !c.gymBestN) throw conflict('This challenge is not a gym event: it has no gym board.');
  return { rule: c.gymRule as GymRule, n: c.gymBestN };
}

/** The ranked units of a challenge as SQL (a CTE body named `ranked`). */
function rankedUnits(challengeId: number, members: SQL, rule: GymRule, n: number): SQL {
  const value: Record<GymRule, SQL> = {
    sum_places: sql`places::float8`,
    sum_points: sql`points::float8`,
    average_points: sql`points::float8 / counted::float8`,
    participation: sql`(points::float8 / counted::float8) * (scored::float8 / joined::float8)`,
  };
  const order = sql.raw(`(counted = 0), ${rule === 'sum_places' ? 'counted desc, ' : ''}value ${lowerIsBetter(rule) ? 'asc' : 'desc'}`);
  return sql`board as (
      select e.user_id, rank() over (order by e.sort_key) as place, count(*) over () as total
      from challenge_entries e where e.challenge_id = ${challengeId}
    ),
    athletes as (
      select m.unit_id, m.user_id, b.place, (b.total - b.place + 1) as points,
        row_number() over (partition by m.unit_id order by b.place, m.user_id) as pos
      from board b join (${members}) m on m.user_id = b.user_id
    ),
    joined as (
      select m.unit_id, count(*) as joined from (${members}) m group by m.unit_id
    ),
    totals as (
      select j.unit_id, j.joined, count(a.place) as scored,
        count(a.place) filter (where a.pos <= ${n}) as counted,
        coalesce(sum(a.place) filter (where a.pos <= ${n}), 0) as places,
        coalesce(sum(a.points) filter (where a.pos <= ${n}), 0) as points,
        coalesce(array_agg(a.user_id order by a.pos) filter (where a.pos <= ${n}), '{}') as athlete_ids,
        coalesce(array_agg(a.place order by a.pos) filter (where a.pos <= ${n}), '{}') as athlete_places,
        coalesce(array_agg(a.points order by a.pos) filter (where a.pos <= ${n}), '{}') as athlete_points
      from joined j left join athletes a on a.unit_id = j.unit_id
      group by j.unit_id, j.joined
    ),
    valued as (
      select t.*, case when counted = 0 then null else ${value[rule]} end as value from totals t
    ),
    ranked as (
      select v.*, rank() over (order by ${order}) as rank from valued v
    )`;
}

/** A ranked unit as read, with its counted athletes' names (so a kept board needs no further read but the units' names). */
const COLUMNS = sql`${sql.raw(`r.unit_id, r.rank::int as rank, r.joined::int as joined, r.scored::int as scored, r.counted::int as counted,
  r.value, r.athlete_ids::int[] as athlete_ids, r.athlete_places::int[] as athlete_places,
  r.athlete_points::int[] as athlete_points,
  coalesce((select array_agg(u.display_name order by x.ord) from unnest(r.athlete_ids) with ordinality x(id, ord)
    join users u on u.id = x.id), '{}') as athlete_names,`)}
  coalesce((select array_agg((${hiddenFromBoards(sql.raw('x.id'))}) order by x.ord)
    from unnest(r.athlete_ids) with ordinality x(id, ord)), '{}') as athlete_anonymous`;

type RawRow = UnitRow & { mine?: boolean };

function tidy(r: RawRow): UnitRow & { mine: boolean } {
  return {
    unit_id: Number(r.unit_id),
    rank: Number(r.rank),
    joined: Number(r.joined),
    scored: Number(r.scored),
    counted: Number(r.counted),
    value: r.value === null ? null : Number(r.value),
    athlete_ids: (r.athlete_ids ?? []).map(Number),
    athlete_places: (r.athlete_places ?? []).map(Number),
    athlete_points: (r.athlete_points ?? []).map(Number),
    athlete_names: r.athlete_names ?? [],
    athlete_anonymous: (r.athlete_anonymous ?? []).map(Boolean),
    mine: !!r.mine,
  };
}

/** SQL for a list of ids (never empty: -1 matches no unit). */
export const idList = (ids: readonly number[]) =>
  sql.join(
    (ids.length ? ids : [-1]).map((id) => sql`${id}`),
    sql`, `,
  );

/** Every unit of the board in order (what is kept for a large board, and what the tests compare). */
export async function allUnitRows<N>(db: Database, unit: BoardUnit<N>, c: ChallengeRow): Promise<UnitRow[]> {
  const { rule, n } = requireGymEvent(c);
  const rows = await rowsOf<RawRow>(
    db,
    sql`with ${rankedUnits(c.id, unit.members(c.id), rule, n)} select ${COLUMNS} from ranked r order by r.rank, r.unit_id`,
  );
  return rows.map(tidy);
}

/** A page of the board and the viewer's units' rows, in one statement. */
async function pageRows<N>(db: Database, unit: BoardUnit<N>, c: ChallengeRow, q: { offset: number; limit: number }, mine: number[]) {
  const { rule, n } = requireGymEvent(c);
  const rows = await rowsOf<RawRow>(
    db,
    sql`with ${rankedUnits(c.id, unit.members(c.id), rule, n)},
    page as (select unit_id from ranked order by rank, unit_id offset ${q.offset} limit ${q.limit}),
    wanted as (select unit_id, false as mine from page union all select unit_id, true from ranked where unit_id in (${idList(mine)}))
    select w.mine, ${COLUMNS} from wanted w join ranked r on r.unit_id = w.unit_id
    order by w.mine, r.rank, r.unit_id`,
  );
  const tidied = rows.map(tidy);
  return { items: tidied.filter((r) => !r.mine), mine: tidied.filter((r) => r.mine) };
}

async function unitCount<N>(db: Database, unit: BoardUnit<N>, challengeId: number) {
  const [row] = await rowsOf<{ n: number }>(db, sql`select count(distinct m.unit_id)::int as n from (${unit.members(challengeId)}) m`);
  return Number(row?.n ?? 0);
}

const boardKey = (unit: GymBoardUnit, challengeId: number, rule: GymRule, n: number) => JSON.stringify([unit, challengeId, rule, n]);

/** A counted athlete as the board shows them (anonymous ones as “Athlete #N”, by name to themself). */
function countedAthletes(r: UnitRow, viewerId: number | null) {
  return r.athlete_ids.map((id, i) => ({
    athlete: {
      wp_user_id: id,
      display_name: boardName(
        { user_id: id, display_name: r.athlete_names[i] ?? 'Athlete', board_anonymous: r.athlete_anonymous[i] },
        viewerId,
      ),
    },
    place: r.athlete_places[i]!,
    points: r.athlete_points[i]!,
  }));
}

/** A unit's standing as the API shows it, with its name as read now. */
function present<N>(r: UnitRow, name: N, viewerId: number | null) {
  return {
    rank: r.rank,
    name,
    joined: r.joined,
    scored: r.scored,
    counted: r.counted,
    score: r.value,
    athletes: countedAthletes(r, viewerId),
  };
}

/**
 * A page of a gym event's board of `unit`, with the viewer's units wherever they stand, each with its
 * name read now (`missing` for a unit no longer listed).
 */
export async function unitRankings<N>(
  ctx: AppContext,
  unit: BoardUnit<N>,
  missing: (id: number) => N,
  challengeId: number,
  q: { offset: number; limit: number },
  viewerId: number | null,
) {
  const db = ctx.database.db;
  const [c, viewerUnits] = await Promise.all([loadChallenge(db, challengeId), unit.viewerUnits(db, challengeId, viewerId)]);
  if (c.hiddenAt && c.creatorId !== viewerId) throw notFound(NO_CHALLENGE);
  const { rule, n } = requireGymEvent(c);
  const key = boardKey(unit.unit, c.id, rule, n);
  const full = () => allUnitRows(db, unit, c);
  const kept = keptUnitBoard(ctx, key, c.id, full);
  const [page, total] = await Promise.all([
    kept
      ? Promise.resolve({
          items: kept.rows.slice(q.offset, q.offset + q.limit),
          mine: viewerUnits.map((id) => kept.byId.get(id)).filter((r): r is UnitRow => r !== undefined),
        })
      : timedUnitRead(ctx, key, c.id, () => pageRows(db, unit, c, q, viewerUnits), full),
    kept ? Promise.resolve(kept.rows.length) : unitCount(db, unit, c.id),
  ]);
  const names = await unit.names(db, [...new Set([...page.items, ...page.mine].map((r) => r.unit_id))]);
  const shownRow = (r: UnitRow) => present(r, names.get(r.unit_id) ?? missing(r.unit_id), viewerId);
  return {
    challenge: { challenge_id: c.id, gym_rule: rule, gym_best_n: n, total, offset: q.offset },
    items: page.items.map(shownRow),
    mine: page.mine.sort((a, b) => a.rank - b.rank || a.unit_id - b.unit_id).map(shownRow),
  };
}

/** Computes and keeps a challenge's board of `unit` now (the bench: the kept path without waiting for a slow read). */
export async function keepUnitBoardNow<N>(ctx: AppContext, unit: BoardUnit<N>, challengeId: number) {
  const c = await loadChallenge(ctx.database.db, challengeId);
  const { rule, n } = requireGymEvent(c);
  await keepUnitBoard(ctx, boardKey(unit.unit, c.id, rule, n), c.id, () => allUnitRows(ctx.database.db, unit, c));
}
