import { sql } from 'drizzle-orm';
import type { Database } from '#server/db/index.ts';
import { rowsOf } from '#server/db/rows.ts';
import { keepCount, type CutRule } from '#domain/battles/index.ts';
import { countsSql } from './counting.ts';

// Ranking and cutting a battle royale round in the database, inside closing.ts's transaction (the round's row held):
// no field or attempt is sent to the app. The order is the engine's (domain/battles/engine.ts rankRound): each
// athlete's best attempt (smallest key, then earliest), scorers by key, earliest best submission (to the ms, as
// the engine compares times), athlete id; then those who did not score, earliest entry (to the ms), athlete id.
// How many stay is the engine's keepCount over the living field (a round nobody scored in cuts nobody).
// tests/server/battles-closing.test.ts checks the outcome against the engine's on fields full of ties.

export interface RoyaleCut {
  /** The living field at the round's start. */
  field: number;
  /** How many went through (the cut line sits below this place). */
  keep: number;
  /** The fallen by their place in the round. */
  eliminated: { userId: number; place: number }[];
}

/** The living field joined with each athlete's best attempt of the round (the engine's sort columns). */
const livingWithBest = (battleId: number, roundNo: number) => sql`
  from battle_entries e
  left join (
    select distinct on (a.user_id) a.user_id, a.sort_key, date_trunc('milliseconds', a.submitted_at) as submitted
    from battle_attempts a
    where a.battle_id = ${battleId} and a.round_no = ${roundNo} and ${countsSql('a')}
    order by a.user_id, a.sort_key, a.submitted_at
  ) b on b.user_id = e.user_id
  where e.battle_id = ${battleId} and e.eliminated_round is null`;

/** The engine's order; `desc` reverses it (a strict order: the athlete id breaks every tie). */
const engineOrder = (desc: boolean) =>
  desc
    ? sql`b.sort_key desc nulls first, b.submitted desc nulls first,
          case when b.sort_key is null then date_trunc('milliseconds', e.entered_at) end desc, e.user_id desc`
    : sql`b.sort_key asc nulls last, b.submitted asc nulls last,
          case when b.sort_key is null then date_trunc('milliseconds', e.entered_at) end asc, e.user_id`;

/** The living field, each with their place in the round: one window over the round's best attempts. */
const rankedLiving = (battleId: number, roundNo: number) => sql`
  select e.user_id, (row_number() over (order by ${engineOrder(false)}))::int as place
  ${livingWithBest(battleId, roundNo)}`;

/**
 * Only the `fallen` last of a living field of `field`, with their places: the field in reverse order cut to its first
 * `fallen` rows (a bounded "top-N" sort keeps 25,000 of 100,000 in memory instead of sorting them all), numbered
 * from the bottom: place = field + 1 - (rank from the bottom).
 */
const rankedFallen = (battleId: number, roundNo: number, field: number, fallen: number) => sql`
  select user_id, (${field + 1} - row_number() over (order by sort_key desc nulls first, submitted desc nulls first,
           entered desc nulls first, user_id desc))::int as place
  from (select e.user_id, b.sort_key, b.submitted, case when b.sort_key is null then date_trunc('milliseconds', e.entered_at) end as entered
        ${livingWithBest(battleId, roundNo)}
        order by ${engineOrder(true)}
        limit ${fallen}) bottom`;

/**
 * Ranks the living field and writes the fallen (eliminated_round, eliminated_place and final_place) in one statement.
 * A fallen athlete's final place is their place in the round they fell in: everyone who goes through that round ends
 * above them, everyone who fell earlier below (domain/battles/engine.ts finalRanking). So it is written at the cut,
 * and after the last round (`finished`) the statement writes only the living field's final places (survivors, then
 * this round's fallen) instead of every entry's. Entries that fell earlier are rewritten only where their stored
 * place differs from finalRanking's dense order: those who fell before final places were written at the cut (null),
 * or below an athlete whose entry was deleted since (a gap); normally none. The API shows a final place once the
 * battle has finished (battles.ts presentBattle). A round before the last ranks only its fallen (rankedFallen), their
 * places counted from the bottom of the field counted just before in the same transaction (the round's row is held,
 * and the living field changes only at a close, or when an account is deleted).
 */
export async function cutRoyaleRound(
  tx: Database,
  battleId: number,
  roundNo: number,
  rule: CutRule,
  finished: boolean,
): Promise<RoyaleCut> {
  const [counts] = await rowsOf<{ field: number; scored: boolean }>(
    tx,
    sql`select (select count(*)::int from battle_entries where battle_id = ${battleId} and eliminated_round is null) as field,
          exists (select 1 from battle_attempts a
                  join battle_entries e on e.battle_id = a.battle_id and e.user_id = a.user_id and e.eliminated_round is null
                  where a.battle_id = ${battleId} and a.round_no = ${roundNo}
                    and ${countsSql('a')}) as scored`,
  );
  const field = counts?.field ?? 0;
  const keep = counts?.scored ? keepCount(rule, field) : field;
  if (keep >= field && !finished) return { field, keep, eliminated: [] };
  const moves = finished
    ? sql`select user_id, place, place as final_place from ranked
          union all
          select user_id, null, dense from (
            select user_id, final_place,
              (${field} + row_number() over (order by eliminated_round desc, eliminated_place, user_id))::int as dense
            from battle_entries where battle_id = ${battleId} and eliminated_round is not null) earlier
          where final_place is distinct from dense`
    : sql`select user_id, place, place as final_place from ranked`;
  // The last round's window sorts the whole field (100,000 rows take ~9 MB), an earlier round's bounded sort keeps the
  // fallen (25,000 take ~4 MB): in memory, not in temporary files (the default 4 MB).
  await tx.execute(sql`set local work_mem = '32MB'`);
  const fallen = await rowsOf<{ user_id: number; place: number }>(
    tx,
    sql`
      with ranked as (${finished ? rankedLiving(battleId, roundNo) : rankedFallen(battleId, roundNo, field, field - keep)}),
      moved as (
        update battle_entries e set
          eliminated_round = case when m.place > ${keep} then ${roundNo}::int else e.eliminated_round end,
          eliminated_place = case when m.place > ${keep} then m.place else e.eliminated_place end,
          final_place = m.final_place
        from (${moves}) as m(user_id, place, final_place)
        where e.battle_id = ${battleId} and e.user_id = m.user_id
        returning e.user_id, m.place
      )
      select user_id, place from moved where place > ${keep} order by place`,
  );
  return { field, keep, eliminated: fallen.map((f) => ({ userId: Number(f.user_id), place: Number(f.place) })) };
}
