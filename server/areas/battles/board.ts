import { sql } from 'drizzle-orm';
import type { AppContext } from '#server/context.ts';
import { rowsOf } from '#server/db/rows.ts';
import { badRequest, notFound } from '#server/errors.ts';
import { isBracketRound, isSquadCut, keepCount } from '#domain/battles/index.ts';
import { scoreText } from './attempts.ts';
import { dropKeptBoards, keptBattle, rankedRound, type RankedRow } from './board-kept.ts';
import { NO_BATTLE, openRound, type BattleRow } from './battles.ts';
import { countsSql } from './counting.ts';

// A round's board, ranked in SQL: each athlete's best attempt by DISTINCT ON over the (battle, round, user, key,
// time) index, then one window in the engine's order (domain/battles/engine.ts rankRound): scorers by key, earliest
// best submission, id; then those who did not score, earliest entry first. The cut line is the rule's keep count.

export interface BoardRow {
  place: number;
  user_id: number;
  display_name: string;
  status: string | null;
  value: number | null;
  tiebreak_ms: number | null;
  submitted_at: string | null;
  eliminated_round: number | null;
}

export function rankedFieldSql(battleId: number, roundNo: number) {
  return sql`
    with best as (
      select distinct on (a.user_id) a.user_id, a.sort_key, a.submitted_at, a.status, a.value, a.tiebreak_ms
      from battle_attempts a
      -- Only attempts that count: a judged-video battle's waiting, rejected or expired ones do not.
      where a.battle_id = ${battleId} and a.round_no = ${roundNo} and ${countsSql('a')}
      order by a.user_id, a.sort_key, a.submitted_at, a.id
    )
    select (row_number() over (order by b.sort_key asc nulls last, b.submitted_at asc nulls last,
              case when b.sort_key is null then e.entered_at end asc, e.user_id))::int as place,
           e.user_id, u.display_name, b.status, b.value::float8 as value, b.tiebreak_ms,
           b.submitted_at, e.eliminated_round, e.entered_at
    from battle_entries e
    join users u on u.id = e.user_id
    left join best b on b.user_id = e.user_id
    where e.battle_id = ${battleId} and (e.eliminated_round is null or e.eliminated_round >= ${roundNo})`;
}

const iso = (v: unknown) => (v === null || v === undefined ? null : new Date(v as string).toISOString());

const presentRow = (b: BattleRow, r: BoardRow, keep: number) => ({
  place: r.place,
  user_id: r.user_id,
  display_name: r.display_name,
  score_text: r.status === null ? null : scoreText(b, { status: r.status, value: Number(r.value), tiebreakMs: r.tiebreak_ms }),
  submitted_at: iso(r.submitted_at),
  eliminated_round: r.eliminated_round,
  below_cut: r.place > keep,
});

/** The signed-in caller as the board needs them (their own row, named from their account). */
export interface BoardCaller {
  id: number;
  displayName: string;
}

/**
 * A page of a round's board with the caller's own row and the cut line. `caller` is the caller's session check, under
 * way: the page's names are read meanwhile (on PostgreSQL on another pooled connection), so a served page waits for
 * one database round trip instead of two in a row; the caller's own name comes with their session. A failed session
 * check answers first (its 401), as it did when it was awaited before the page.
 */
export async function leaderboard(
  ctx: AppContext,
  battleId: number,
  q: { round?: number; offset: number; limit: number },
  caller: Promise<BoardCaller | null>,
) {
  const [who, read] = await Promise.allSettled([caller, boardPage(ctx, battleId, q)]);
  if (who.status === 'rejected') throw who.reason;
  if (read.status === 'rejected') throw read.reason;
  const { battle: b, round, ranked, page, keep } = read.value;
  const mineRow = who.value ? ranked.byUser.get(who.value.id) : undefined;
  return {
    round_no: round.roundNo,
    closed: round.closedAt !== null,
    field: ranked.field,
    scored: ranked.scored,
    keep,
    items: page.map((r) => presentRow(b, r, keep)),
    me: mineRow ? presentRow(b, { ...mineRow, display_name: who.value!.displayName }, keep) : null,
  };
}

/** The round's page of rows, named (read fresh), from the kept battle and ranking; 404 when the battle is gone. */
async function boardPage(ctx: AppContext, battleId: number, q: { round?: number; offset: number; limit: number }) {
  const db = ctx.database.db;
  const now = ctx.now();
  const { battle: b, rounds } = await keptBattle(ctx, battleId, now);
  const fallback = openRound(rounds, now) ?? [...rounds].reverse().find((r) => r.closedAt) ?? rounds[0]!;
  const round = q.round === undefined ? fallback : rounds.find((r) => r.roundNo === q.round);
  if (!round) throw badRequest(`This battle has ${rounds.length} rounds.`, 'round');
  // The ranking kept on this node once entry has closed (board-kept.ts); names read fresh for the rows shown.
  const ranked = await rankedRound(ctx, battleId, round.roundNo, now >= b.startsAt);
  const shown = ranked.rows.slice(q.offset, q.offset + q.limit);
  // The shown rows' names, and (the battle's row may be kept) whether the battle still exists: a row with id null
  // when it is gone (deleted with its creator's account), in the same round trip.
  const names = await rowsOf<{ id: number | null; display_name: string }>(
    db,
    sql`select id, display_name from users where id = any(${`{${shown.map((r) => r.user_id).join(',')}}`}::int[])
        union all select null, '' where not exists (select 1 from battles where id = ${battleId})`,
  );
  if (names.some((n) => n.id === null)) {
    dropKeptBoards(ctx, battleId);
    throw notFound(NO_BATTLE);
  }
  const nameOf = new Map(names.map((n) => [n.id, n.display_name]));
  const page = shown.map((r: RankedRow): BoardRow => ({ ...r, display_name: nameOf.get(r.user_id) ?? '' }));
  // A closed round's line is where it cut; an open one's where it would cut now (nobody scored: nobody falls).
  const keep = round.closedAt
    ? ranked.field - (round.eliminatedCount ?? 0)
    : ranked.scored && !isSquadCut(round.cut) && !isBracketRound(round.cut)
      ? keepCount(round.cut, ranked.field)
      : ranked.field;
  return { battle: b, round, ranked, page, keep };
}
