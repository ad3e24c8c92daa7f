import { sql, type SQL } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import type { Database } from '../../db/index.ts';
import { rowsOf } from '../../db/rows.ts';
import { athleteProfiles, challengeParticipants } from '../../db/schema.ts';
import { conflict, notFound } from '../../errors.ts';
import { lowerIsBetter, type GymRule } from '../../../domain/gym-events.ts';
import { boardName, hiddenFromBoards } from '../privacy-names.ts';
import { loadChallenge, NO_CHALLENGE, type ChallengeRow } from './challenge.ts';
import { keepGymBoard, keptGymBoard, timedGymRead, type GymRow } from './gym-board-cache.ts';

/*
 * Gym boards of multi-gym events (domain/gym-events.ts has the rules and a plain TypeScript
 * ranking the tests compare this with). One statement: every entry's place on the whole board
 * (rank() over the board index), each gym's athletes numbered by place (the gym stored on their
 * participation when they joined), the best N per gym aggregated by the rule, and rank() over the
 * gyms. Ordering, best first: gyms with a counted athlete; for sum_places more counted athletes
 * (up to N); the score. Equal gyms share the higher place. A large board is kept in memory
 * (gym-board-cache.ts).
 */

export function requireGymEvent(c: ChallengeRow) {
  if (!c.gymRule || !c.gymBestN) throw conflict('This challenge is not a gym event: it has no gym board.');
  return { rule: c.gymRule as GymRule, n: c.gymBestN };
}

/** The ranked gyms of a challenge as SQL (a CTE body named `ranked`). */
function rankedGyms(challengeId: number, rule: GymRule, n: number): SQL {
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
      select p.gym_id, p.user_id, b.place, (b.total - b.place + 1) as points,
        row_number() over (partition by p.gym_id order by b.place, p.user_id) as pos
      from board b join challenge_participants p on p.challenge_id = ${challengeId} and p.user_id = b.user_id
      where p.gym_id is not null
    ),
    joined as (
      select p.gym_id, count(*) as joined from challenge_participants p
      where p.challenge_id = ${challengeId} and p.gym_id is not null group by p.gym_id
    ),
    totals as (
      select j.gym_id, j.joined, count(a.place) as scored,
        count(a.place) filter (where a.pos <= ${n}) as counted,
        coalesce(sum(a.place) filter (where a.pos <= ${n}), 0) as places,
        coalesce(sum(a.points) filter (where a.pos <= ${n}), 0) as points,
        coalesce(array_agg(a.user_id order by a.pos) filter (where a.pos <= ${n}), '{}') as athlete_ids,
        coalesce(array_agg(a.place order by a.pos) filter (where a.pos <= ${n}), '{}') as athlete_places,
        coalesce(array_agg(a.points order by a.pos) filter (where a.pos <= ${n}), '{}') as athlete_points
      from joined j left join athletes a on a.gym_id = j.gym_id
      group by j.gym_id, j.joined
    ),
    valued as (
      select t.*, case when counted = 0 then null else ${value[rule]} end as value from totals t
    ),
    ranked as (
      select v.*, rank() over (order by ${order}) as rank from valued v
    )`;
}

/** A ranked gym as read, with its name and its counted athletes' names (so a kept board needs no further read). */
const COLUMNS = sql`${sql.raw(`r.gym_id, r.rank::int as rank, r.joined::int as joined, r.scored::int as scored, r.counted::int as counted,
  r.value, r.athlete_ids::int[] as athlete_ids, r.athlete_places::int[] as athlete_places,
  r.athlete_points::int[] as athlete_points, g.name as gym_name, g.city as gym_city, g.verified as gym_verified,
  coalesce((select array_agg(u.display_name order by x.ord) from unnest(r.athlete_ids) with ordinality x(id, ord)
    join users u on u.id = x.id), '{}') as athlete_names,`)}
  coalesce((select array_agg((${hiddenFromBoards(sql.raw('x.id'))}) order by x.ord)
    from unnest(r.athlete_ids) with ordinality x(id, ord)), '{}') as athlete_anonymous`;

type RawRow = GymRow & { mine?: boolean };

function tidy(r: RawRow): GymRow & { mine: boolean } {
  return {
    gym_id: Number(r.gym_id),
    rank: Number(r.rank),
    joined: Number(r.joined),
    scored: Number(r.scored),
    counted: Number(r.counted),
    value: r.value === null ? null : Number(r.value),
    athlete_ids: (r.athlete_ids ?? []).map(Number),
    athlete_places: (r.athlete_places ?? []).map(Number),
    athlete_points: (r.athlete_points ?? []).map(Number),
    gym_name: r.gym_name ?? 'Gym no longer listed',
    gym_city: r.gym_city ?? '',
    gym_verified: !!r.gym_verified,
    athlete_names: r.athlete_names ?? [],
    athlete_anonymous: (r.athlete_anonymous ?? []).map(Boolean),
    mine: !!r.mine,
  };
}

/** Every gym of the board in order (what is kept for a large board, and what the tests compare). */
export async function allGymRows(db: Database, c: ChallengeRow): Promise<GymRow[]> {
  const { rule, n } = requireGymEvent(c);
  const rows = await rowsOf<RawRow>(
    db,
    sql`with ${rankedGyms(c.id, rule, n)} select ${COLUMNS} from ranked r left join gyms g on g.id = r.gym_id order by r.rank, r.gym_id`,
  );
  return rows.map(tidy);
}

/** A page of the board and the viewer's gym's row, in one statement. */
async function pageRows(db: Database, c: ChallengeRow, q: { offset: number; limit: number }, viewerGym: number | null) {
  const { rule, n } = requireGymEvent(c);
  const rows = await rowsOf<RawRow>(
    db,
    sql`with ${rankedGyms(c.id, rule, n)},
    page as (select gym_id from ranked order by rank, gym_id offset ${q.offset} limit ${q.limit}),
    wanted as (select gym_id, false as mine from page union all select gym_id, true from ranked where gym_id = ${viewerGym ?? -1})
    select w.mine, ${COLUMNS} from wanted w join ranked r on r.gym_id = w.gym_id left join gyms g on g.id = r.gym_id
    order by w.mine, r.rank, r.gym_id`,
  );
  const tidied = rows.map(tidy);
  return { items: tidied.filter((r) => !r.mine), me: tidied.find((r) => r.mine) ?? null };
}

/** The gym the viewer counts for here: the one stored when they joined, else their profile's (one round trip). */
async function viewerGymOf(db: Database, challengeId: number, viewerId: number | null): Promise<number | null> {
  if (viewerId === null) return null;
  const [row] = await rowsOf<{ joined: boolean; joined_gym: number | null; profile_gym: number | null }>(
    db,
    sql`select exists (select 1 from ${challengeParticipants} p where p.challenge_id = ${challengeId} and p.user_id = ${viewerId}) as joined,
      (select p.gym_id from ${challengeParticipants} p where p.challenge_id = ${challengeId} and p.user_id = ${viewerId}) as joined_gym,
      (select a.gym_id from ${athleteProfiles} a where a.user_id = ${viewerId}) as profile_gym`,
  );
  const gym = row?.joined ? row.joined_gym : (row?.profile_gym ?? null);
  return gym === null ? null : Number(gym);
}

async function gymCount(db: Database, challengeId: number) {
  const [row] = await rowsOf<{ n: number }>(
    db,
    sql`select count(distinct p.gym_id)::int as n from challenge_participants p where p.challenge_id = ${challengeId} and p.gym_id is not null`,
  );
  return Number(row?.n ?? 0);
}

function present(r: GymRow, viewerId: number | null) {
  return {
    rank: r.rank,
    gym: { id: r.gym_id, name: r.gym_name, city: r.gym_city, verified: r.gym_verified },
    joined: r.joined,
    scored: r.scored,
    counted: r.counted,
    score: r.value,
    athletes: r.athlete_ids.map((id, i) => ({
      athlete: {
        wp_user_id: id,
        display_name: boardName(
          { user_id: id, display_name: r.athlete_names[i] ?? 'Athlete', board_anonymous: r.athlete_anonymous[i] },
          viewerId,
        ),
      },
      place: r.athlete_places[i]!,
      points: r.athlete_points[i]!,
    })),
  };
}

/** A page of a gym event's gym board, with the viewer's gym pinned (null when they have none on it). */
export async function gymRankings(ctx: AppContext, challengeId: number, q: { offset: number; limit: number }, viewerId: number | null) {
  const db = ctx.database.db;
  const [c, viewerGym] = await Promise.all([loadChallenge(db, challengeId), viewerGymOf(db, challengeId, viewerId)]);
  if (c.hiddenAt && c.creatorId !== viewerId) throw notFound(NO_CHALLENGE);
  const { rule, n } = requireGymEvent(c);
  const key = gymBoardKey(c.id, rule, n);
  const full = () => allGymRows(db, c);
  const kept = keptGymBoard(ctx, key, c.id, full);
  const [page, total] = await Promise.all([
    kept
      ? Promise.resolve({
          items: kept.rows.slice(q.offset, q.offset + q.limit),
          me: viewerGym === null ? null : (kept.byId.get(viewerGym) ?? null),
        })
      : timedGymRead(ctx, key, c.id, () => pageRows(db, c, q, viewerGym), full),
    kept ? Promise.resolve(kept.rows.length) : gymCount(db, c.id),
  ]);
  return {
    challenge_id: c.id,
    gym_rule: rule,
    gym_best_n: n,
    total,
    offset: q.offset,
    items: page.items.map((r) => present(r, viewerId)),
    me: page.me ? present(page.me, viewerId) : null,
  };
}

const gymBoardKey = (challengeId: number, rule: GymRule, n: number) => JSON.stringify([challengeId, rule, n]);

/** Computes and keeps a challenge's gym board now (the bench: the kept path without waiting for a slow read). */
export async function keepGymBoardNow(ctx: AppContext, challengeId: number) {
  const c = await loadChallenge(ctx.database.db, challengeId);
  const { rule, n } = requireGymEvent(c);
  await keepGymBoard(ctx, gymBoardKey(c.id, rule, n), c.id, () => allGymRows(ctx.database.db, c));
}
