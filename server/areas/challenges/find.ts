import { sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { AppContext } from '#server/context.ts';
import { challengeEntries } from '#server/db/schema.ts';
import { rowsOf } from '#server/db/rows.ts';
import { findNeedle, wordStarts } from '#server/lib/boards/board-find.ts';
import { boardAnonymousColumn, boardGymColumn, gymShown, hiddenFromBoards } from '#server/lib/boards/privacy-names.ts';
import { boardRow, boardScope, loadBoardChallenge, type BoardQuery, type BoardRow } from './boards.ts';
import { placeOfKey } from '#server/lib/boards/rank-slices.ts';
import { FIND_MAX_MATCHES } from '#domain/board-find.ts';

/**
 * Athletes on a board whose display name or public gym has a word starting with `q`, or the
 * caller's own row (`me`): each with its place, its position in the board's order (after
 * filters, as the page lists it) and the page of `pageSize` rows that holds it. The matches are
 * the first in board order; place and position are counted only for them, in SQL, on the
 * board's own scope (boardScope), so a search never sorts a board outside the database.
 */
export async function findOnBoard(ctx: AppContext, q: BoardQuery & { q?: string; me?: boolean; limit: number }, callerId: number | null) {
  const db = ctx.database.db;
  const needle = findNeedle(q, callerId !== null, 'this board');
  const now = ctx.now();
  const outer = boardScope(q, now);
  const x = alias(challengeEntries, 'ahead');
  const inner = boardScope(q, now, x as unknown as typeof challengeEntries);
  const c = await loadBoardChallenge(db, q.challenge_id, outer.category, callerId);
  const id = q.challenge_id;
  // Anonymous athletes (and those whose profile moderators hid) are found only by themselves; a gym
  // counts only where the profile shows it.
  const matches = q.me
    ? sql`${challengeEntries.userId} = ${callerId}`
    : sql`(${wordStarts(sql`u.display_name`, needle)} and (not (${hiddenFromBoards(challengeEntries.userId)}) or ${challengeEntries.userId} = ${callerId ?? -1}))
        or (${gymShown(sql`p.privacy`, sql`p.hidden_at`)} and ${wordStarts(sql`p.gym`, needle)})`;
  // Ahead in the board's order: place counts the better results; ties go by time, then id.
  const ahead = outer.filtered
    ? sql`(select count(*) from challenge_entries ahead where ${inner.shown}
        and (${x.sortKey}, ${x.submittedAt}, ${x.userId}) < (m.sort_key, m.submitted_at, m.user_id))`
    : sql`(${placeOfKey(id, outer.division, sql`m.sort_key`, outer.category)} - 1
        + (select count(*) from challenge_entries ahead where ${inner.shown}
          and ${x.sortKey} = m.sort_key and (${x.submittedAt}, ${x.userId}) < (m.submitted_at, m.user_id)))`;
  const rows = await rowsOf<BoardRow & { position: number }>(
    db,
    sql`with m as (
      select ${challengeEntries.userId} as user_id, ${challengeEntries.sortKey} as sort_key, ${challengeEntries.submittedAt} as submitted_at
      from ${challengeEntries}
      join users u on u.id = ${challengeEntries.userId}
      left join athlete_profiles p on p.user_id = ${challengeEntries.userId}
      where ${outer.shown} and (${matches})
      order by ${challengeEntries.sortKey}, ${challengeEntries.submittedAt}, ${challengeEntries.userId}
      limit ${FIND_MAX_MATCHES}
    )
    select 0 as n, e.user_id, u.display_name, ${boardAnonymousColumn(sql`e.user_id`)}, ${boardGymColumn(sql`e.user_id`)}, e.score_id, e.division, e.category, e.sex,
      e.status, e.value::float8 as value, e.tiebreak_ms, e.sort_key::text as sort_key,
      (extract(epoch from e.submitted_at) * 1000)::float8 as submitted_ms,
      ${placeOfKey(id, outer.division, sql`m.sort_key`, outer.category)} as rank,
      (1 + ${ahead})::int as position
    from m
    join challenge_entries e on e.challenge_id = ${id} and e.user_id = m.user_id
    join users u on u.id = e.user_id
    order by m.sort_key, m.submitted_at, m.user_id`,
  );
  return {
    challenge_id: c.id,
    page_size: q.limit,
    items: rows.map((r) => {
      const position = Number(r.position);
      const row = { ...r, user_id: Number(r.user_id), score_id: Number(r.score_id), rank: Number(r.rank) };
      return { ...boardRow(c, row, row.rank, callerId), position, page: Math.floor((position - 1) / q.limit) + 1 };
    }),
  };
}
