import { sql } from 'drizzle-orm';
import type { AppContext } from '#server/context.ts';
import type { Database } from '#server/db/index.ts';
import { rowsOf } from '#server/db/rows.ts';
import { formatScore, type ScoreType } from '#domain/scoring/index.ts';
import { battleMoments, type BattleFacts, type BattleFormat } from '#domain/commentary.ts';
import { writeSoon } from './write-soon.ts';

/** A battle round that has just closed (the battles area's closing calls this once its transaction committed). */
export interface BattleRoundClosed {
  battleId: number;
  roundNo: number;
}

/**
 * After a round's close committed: the moments it made (who fell, the round's winner, squads wiped out, an
 * immunity that saved someone, the champion), each a line like the boards' and live moments' (`writeSoon`).
 * The reading runs after the closing job's transaction; a model's lines are written by the battle's one job.
 */
export function noteBattleRound(ctx: AppContext, closed: BattleRoundClosed): void {
  ctx.tasks.defer('battle commentary', async () => {
    for (const m of await battleRoundMoments(ctx.database.db, closed))
      writeSoon(ctx, { battle_id: closed.battleId, user_id: m.userId, event_key: m.key, facts: m.facts });
  });
}

interface Named {
  user_id: number;
  display_name: string;
}

/** What a closed round decided, read back from the battle's tables, as moments with the athlete each is about. */
export async function battleRoundMoments(
  db: Database,
  { battleId, roundNo }: BattleRoundClosed,
): Promise<{ key: string; facts: BattleFacts; userId: number | null }[]> {
  const [b] = await rowsOf<{
    name: string;
    format: string;
    score_type: string;
    reps_per_round: number | null;
    finished: boolean;
    field_size: number | null;
    closed: boolean;
    last_played: number | null;
  }>(
    db,
    sql`select b.name, b.format, b.score_type, b.reps_per_round, b.finished_at is not null as finished,
          r.field_size, r.closed_at is not null as closed,
          (select max(x.round_no)::int from battle_rounds x where x.battle_id = b.id and x.field_size is not null) as last_played
        from battles b join battle_rounds r on r.battle_id = b.id and r.round_no = ${roundNo}
        where b.id = ${battleId}`,
  );
  // A round not played (the battle had ended before it) makes no news.
  if (!b || !b.closed || b.field_size === null) return [];
  const format: BattleFormat = b.format === 'squad_decimation' || b.format === 'bracket_tournament' ? b.format : 'battle_royale';
  const fallen = await rowsOf<Named>(
    db,
    sql`select e.user_id, u.display_name from battle_entries e join users u on u.id = e.user_id
        where e.battle_id = ${battleId} and e.eliminated_round = ${roundNo} order by e.eliminated_place, e.user_id`,
  );
  // The round's best attempt: the lowest sort key, the earlier one on a tie (as the round's board ranks).
  // Only attempts that count (battles' counting.ts spells the rule; commentary cannot import battles, which imports it).
  const [top] = await rowsOf<Named & { status: string; value: number; tiebreak_ms: number | null; squad: string | null }>(
    db,
    sql`select a.user_id, u.display_name, a.status, a.value::float8 as value, a.tiebreak_ms, s.name as squad
        from battle_attempts a join users u on u.id = a.user_id
        join battle_entries e on e.battle_id = a.battle_id and e.user_id = a.user_id
        left join battle_squads s on s.battle_id = a.battle_id and s.team_id = e.squad_team_id
        where a.battle_id = ${battleId} and a.round_no = ${roundNo} and (a.judging is null or a.judging = 'verified')
        order by a.sort_key, a.submitted_at, a.id limit 1`,
  );
  const squadsOut = await rowsOf<{ name: string }>(
    db,
    sql`select name from battle_squads where battle_id = ${battleId} and out_round = ${roundNo} order by out_place, team_id`,
  );
  // The public log says whose token was needed: 'immunity_used' (a spent token that changed nothing is 'token_spent').
  const saved = await rowsOf<Named & { squad: string }>(
    db,
    sql`select l.member_id as user_id, u.display_name, s.name as squad
        from battle_negotiation_log l join users u on u.id = l.member_id
        join battle_squads s on s.battle_id = l.battle_id and s.team_id = l.team_id
        where l.battle_id = ${battleId} and l.round_no = ${roundNo} and l.kind = 'immunity_used' order by l.id`,
  );
  const ended = b.finished && b.last_played === roundNo;
  const [champion] = !ended
    ? []
    : format === 'squad_decimation'
      ? await rowsOf<{ user_id: null; display_name: string }>(
          db,
          sql`select null as user_id, name as display_name from battle_squads where battle_id = ${battleId} and final_place = 1 and out_round is null`,
        )
      : await rowsOf<Named>(
          db,
          sql`select e.user_id, u.display_name from battle_entries e join users u on u.id = e.user_id
              where e.battle_id = ${battleId} and e.final_place = 1 and e.eliminated_round is null`,
        );
  const score = (t: NonNullable<typeof top>) =>
    formatScore(
      b.score_type as ScoreType,
      { status: t.status as 'finished' | 'capped', value: Number(t.value), tiebreakMs: t.tiebreak_ms },
      { repsPerRound: b.reps_per_round },
    );
  const moments = battleMoments({
    battle: b.name,
    format,
    round: roundNo,
    fallen: fallen.map((f) => f.display_name),
    winner: top ? { name: top.display_name, squad: top.squad, score: score(top) } : null,
    squadsOut: squadsOut.map((s) => s.name),
    saved: saved.map((s) => ({ name: s.display_name, squad: s.squad })),
    champion: champion?.display_name ?? null,
  });
  const about: Record<string, number | null> = {
    battle_round_winner: top ? Number(top.user_id) : null,
    battle_cut: fallen[0] ? Number(fallen[0].user_id) : null,
    battle_immunity: saved[0] ? Number(saved[0].user_id) : null,
    battle_squad_out: null,
    battle_champion: champion && champion.user_id !== null ? Number(champion.user_id) : null,
  };
  return moments.map((m) => ({ key: m.key, facts: m.facts, userId: about[m.kind] ?? null }));
}
