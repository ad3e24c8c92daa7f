import { sql, type SQL } from 'drizzle-orm';
import type { AppContext } from '#server/context.ts';
import { rowsOf } from '#server/db/rows.ts';
import { findNeedle, likeLiteral } from '#server/lib/boards/board-find.ts';
import { FIND_MAX_MATCHES } from '#domain/board-find.ts';
import { boardAnonymousColumn, boardName, gymShown, hiddenFromBoards } from '#server/lib/boards/privacy-names.ts';
import { athletesAbove } from './bests.ts';
import { profileFilters, type BoardFilters } from './rankings.ts';
import { loadTest, type Viewer } from './tests-catalogue.ts';

/**
 * Athletes on Global Ranks (the overall ranking, or one test's board with `testId`) whose name or
 * second name starts with `q`, or whose public gym does, or the caller's own row (`me`): each with
 * its place, its position in the board's order (after filters, as the page lists it) and the page
 * of `limit` rows holding it. People are found first on the name and gym prefix indexes
 * (users_name_prefix_idx, users_second_name_prefix_idx, athlete_profiles_gym_prefix_idx), then
 * looked up on the board, so a search that matches no one reads no board row.
 */
export async function findOnRanks(
  ctx: AppContext,
  q: BoardFilters & { testId?: number; q?: string; me?: boolean; limit: number },
  viewer: Viewer | null,
) {
  const db = ctx.database.db;
  const viewerId = viewer?.id ?? null;
  const needle = findNeedle(q, viewerId !== null, 'this ranking');
  if (q.testId !== undefined) await loadTest(db, q.testId, viewer);
  const narrowing = profileFilters(q, ctx.now().getUTCFullYear());
  const filters = narrowing.length ? sql.join(narrowing, sql` and `) : null;
  const prefix = `${likeLiteral(needle)}%`;
  // Anonymous athletes (and profiles moderators hid) are found by name only by themselves; a gym only where it is shown.
  const people: SQL = q.me
    ? sql`select ${viewerId}::int as user_id`
    : sql`select u.id as user_id from users u
        where (lower(u.display_name) like ${prefix} or lower(regexp_replace(u.display_name, '^\\S+\\s+', '')) like ${prefix})
          and (not (${hiddenFromBoards(sql`u.id`)}) or u.id = ${viewerId ?? -1})
        union
        select p.user_id from athlete_profiles p
        where lower(p.gym) like ${prefix} and ${gymShown(sql`p.privacy`, sql`p.hidden_at`)}`;
  const board =
    q.testId === undefined
      ? {
          rows: sql`global_scores b`,
          order: sql`b.total desc, b.tests_count, b.user_id`,
          ahead: (x: string) =>
            sql`(${sql.raw(x)}.total > m.total or (${sql.raw(x)}.total = m.total and (${sql.raw(x)}.tests_count, ${sql.raw(x)}.user_id) < (m.tests_count, m.user_id)))`,
          columns: sql`b.user_id, b.total, b.tests_count`,
          place: sql`1 + ${athletesAbove(sql`m.total`)}`,
          tied: sql`(select count(*) from global_scores x where x.total = m.total and (x.tests_count, x.user_id) < (m.tests_count, m.user_id))`,
          all: sql`global_scores x`,
        }
      : {
          rows: sql`test_bests b`,
          order: sql`b.rank_value desc, b.achieved_on, b.user_id`,
          ahead: (x: string) =>
            sql`(${sql.raw(x)}.rank_value > m.rank_value or (${sql.raw(x)}.rank_value = m.rank_value and (${sql.raw(x)}.achieved_on, ${sql.raw(x)}.user_id) < (m.achieved_on, m.user_id)))`,
          columns: sql`b.user_id, b.rank_value, b.achieved_on`,
          place: sql`1 + (select count(*) from test_bests x where x.test_id = ${q.testId} and x.rank_value > m.rank_value)`,
          tied: sql`(select count(*) from test_bests x where x.test_id = ${q.testId} and x.rank_value = m.rank_value
            and (x.achieved_on, x.user_id) < (m.achieved_on, m.user_id))`,
          all: sql`test_bests x`,
        };
  const onBoard = q.testId === undefined ? sql`true` : sql`b.test_id = ${q.testId}`;
  const onAll = q.testId === undefined ? sql`true` : sql`x.test_id = ${q.testId}`;
  // Unfiltered, the position is the place plus those tied ahead (both on the rank index); filtered, a count of the filtered rows ahead.
  const position = filters
    ? sql`1 + (select count(*) from ${board.all} left join athlete_profiles p on p.user_id = x.user_id where ${onAll} and ${filters} and ${board.ahead('x')})`
    : sql`${board.place} + ${board.tied}`;
  const rows = await rowsOf<{ user_id: number; display_name: string; board_anonymous: boolean; rank: number; position: number }>(
    db,
    sql`with found as (${people}), m as (
        select ${board.columns} from ${board.rows}
        left join athlete_profiles p on p.user_id = b.user_id
        where ${onBoard} and b.user_id in (select user_id from found) and ${filters ?? sql`true`}
        order by ${board.order}
        limit ${FIND_MAX_MATCHES}
      )
      select m.user_id, u.display_name, ${boardAnonymousColumn(sql`m.user_id`)}, (${board.place})::int as rank, (${position})::int as position
      from m join users u on u.id = m.user_id
      order by ${sql.raw(q.testId === undefined ? 'm.total desc, m.tests_count, m.user_id' : 'm.rank_value desc, m.achieved_on, m.user_id')}`,
  );
  return {
    page_size: q.limit,
    items: rows.map((r) => {
      const position = Number(r.position);
      return {
        user_id: Number(r.user_id),
        display_name: boardName(r, viewerId),
        rank: Number(r.rank),
        position,
        page: Math.floor((position - 1) / q.limit) + 1,
      };
    }),
  };
}
