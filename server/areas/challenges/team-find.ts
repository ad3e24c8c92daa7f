import { sql } from 'drizzle-orm';
import type { AppContext } from '#server/context.ts';
import { rowsOf } from '#server/db/rows.ts';
import { hiddenFromBoards } from '#server/lib/boards/privacy-names.ts';
import { findNeedle, wordStarts } from '#server/lib/boards/board-find.ts';
import { loadChallenge } from './challenge.ts';
import { rankedTeamsSql, requireTeamChallenge } from './teams.ts';
import { FIND_MAX_MATCHES } from '#domain/board-find.ts';

/**
 * Teams on a team challenge's board whose name, or one of whose members' names, has a word starting with
 * `q`, or the caller's own team (`me`): each with its place, its position in the board's order and the page
 * of `limit` teams that holds it, in board order. Members who keep their name off boards are not found by it
 * (but by themselves). Teams are few beside entries: the board's own statement ranks them all (teams.ts).
 */
export async function findOnTeamBoard(
  ctx: AppContext,
  challengeId: number,
  q: { q?: string; me?: boolean; limit: number },
  callerId: number | null,
) {
  const db = ctx.database.db;
  const needle = findNeedle(q, callerId !== null, 'this team board');
  const c = await loadChallenge(db, challengeId);
  requireTeamChallenge(c);
  const match = q.me
    ? sql`exists (select 1 from challenge_participants p where p.challenge_id = ${c.id} and p.team_id = positioned.id and p.user_id = ${callerId})`
    : sql`(${wordStarts(sql`positioned.name`, needle)} or exists (
        select 1 from challenge_participants p join users u on u.id = p.user_id
        where p.challenge_id = ${c.id} and p.team_id = positioned.id and ${wordStarts(sql`u.display_name`, needle)}
          and (not (${hiddenFromBoards(sql`u.id`)}) or u.id = ${callerId ?? -1})))`;
  const rows = await rowsOf<{ id: number; name: string; rank: number; position: number }>(
    db,
    sql`${rankedTeamsSql(c)}
    select id, name, rank::int as rank, position::int as position from positioned
    where ${match}
    order by position
    limit ${FIND_MAX_MATCHES}`,
  );
  return {
    challenge_id: c.id,
    page_size: q.limit,
    items: rows.map((r) => ({
      team: { id: Number(r.id), name: r.name },
      rank: Number(r.rank),
      position: Number(r.position),
      page: Math.ceil(Number(r.position) / q.limit),
    })),
  };
}
