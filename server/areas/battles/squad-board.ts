import { sql } from 'drizzle-orm';
import type { AppContext } from '#server/context.ts';
import { rowsOf } from '#server/db/rows.ts';
import { badRequest } from '#server/errors.ts';
import { scoreText } from './attempts.ts';
import { openRound, roundsOf } from './battles.ts';
import { rankedFieldSql } from './board.ts';
import { protectedIn } from './negotiation-rules.ts';
import { loadSquadBattle } from './squads.ts';

// A round's squad board, ranked in SQL: the round's living field in the engine's order (board.ts rankedFieldSql),
// every squad member joined to it (those out before the round have no place), squads ordered by members in the
// round, then the lower total of their places, then their best place; and each member's rank from the bottom of
// the squad, so the open round shows who would fall if it closed now.

interface Row {
  team_id: number;
  name: string;
  out_round: number | null;
  user_id: number;
  display_name: string;
  eliminated_round: number | null;
  place: number | null;
  status: string | null;
  value: number | null;
  tiebreak_ms: number | null;
  squad_place: number;
  in_round: number;
  total_places: number | null;
  from_bottom: number;
}

export async function squadBoard(ctx: AppContext, battleId: number, q: { round?: number }) {
  const db = ctx.database.db;
  const b = await loadSquadBattle(db, battleId);
  const rounds = await roundsOf(db, battleId);
  const fallback = openRound(rounds, ctx.now()) ?? [...rounds].reverse().find((r) => r.closedAt && r.fieldSize !== null) ?? rounds[0]!;
  const round = q.round === undefined ? fallback : rounds.find((r) => r.roundNo === q.round);
  if (!round) throw badRequest(`This battle has ${rounds.length} rounds.`, 'round');
  const rows = await rowsOf<Row>(
    db,
    sql`
      with ranked as (${rankedFieldSql(battleId, round.roundNo)}),
      m as (
        select s.team_id, s.name, s.out_round, e.user_id, u.display_name, e.eliminated_round,
               r.place, r.status, r.value, r.tiebreak_ms
        from battle_squads s
        join battle_entries e on e.battle_id = s.battle_id and e.squad_team_id = s.team_id
        join users u on u.id = e.user_id
        left join ranked r on r.user_id = e.user_id
        where s.battle_id = ${battleId}
      ),
      sq as (
        select team_id,
               (row_number() over (order by count(place) desc, sum(place) asc nulls last, min(place) asc nulls last, team_id))::int
                 as squad_place,
               count(place)::int as in_round, sum(place)::int as total_places
        from m group by team_id
      )
      select m.*, sq.squad_place, sq.in_round, sq.total_places,
             (row_number() over (partition by m.team_id order by m.place desc nulls last, m.user_id))::int as from_bottom
      from m join sq on sq.team_id = m.team_id
      order by sq.squad_place, m.place asc nulls last, m.eliminated_round desc nulls first, m.user_id`,
  );
  const field = rows.filter((r) => r.place !== null).length;
  const scored = rows.filter((r) => r.status !== null).length;
  const closed = round.closedAt !== null;
  const cut = b.cutPerSquad ?? 1;
  const immune = await protectedIn(db, battleId, round.roundNo);
  const squads: {
    place: number;
    team_id: number;
    name: string;
    in_round: number;
    total_places: number | null;
    out_round: number | null;
    members: {
      user_id: number;
      display_name: string;
      place: number | null;
      score_text: string | null;
      eliminated_round: number | null;
      on_the_block: boolean;
      protected: boolean;
    }[];
  }[] = [];
  for (const r of rows) {
    let squad = squads.at(-1);
    if (!squad || squad.team_id !== r.team_id) {
      squad = {
        place: r.squad_place,
        team_id: r.team_id,
        name: r.name,
        in_round: r.in_round,
        total_places: r.total_places,
        out_round: r.out_round,
        members: [],
      };
      squads.push(squad);
    }
    squad.members.push({
      user_id: r.user_id,
      display_name: r.display_name,
      place: r.place,
      score_text: r.status === null ? null : scoreText(b, { status: r.status, value: Number(r.value), tiebreakMs: r.tiebreak_ms }),
      eliminated_round: r.eliminated_round,
      on_the_block: !closed && scored > 0 && r.place !== null && r.from_bottom <= cut && immune.size === 0,
      protected: immune.has(r.user_id),
    });
  }
  // With immunity declared, who would fall: each squad's lowest-ranked members passed over the protected ones.
  if (immune.size && !closed && scored > 0)
    for (const squad of squads) {
      let left = cut;
      for (const m of [...squad.members].reverse()) {
        if (left === 0) break;
        if (m.place === null || m.protected) continue;
        m.on_the_block = true;
        left -= 1;
      }
    }
  return { round_no: round.roundNo, closed, field, scored, squads };
}
