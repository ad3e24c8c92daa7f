import { and, asc, eq, sql } from 'drizzle-orm';
import type { AppContext } from '#server/context.ts';
import type { Database } from '#server/db/index.ts';
import { rowsOf } from '#server/db/rows.ts';
import { battleRounds, tournamentSeeds, tournamentStages, tournaments, users } from '#server/db/schema.ts';
import { notFound } from '#server/errors.ts';
import { bracketRoundName, firstRound, isBye, isPlayed, nextRound, type BracketMatch, type BracketSide } from '#domain/battles/index.ts';
import { scoreText } from './attempts.ts';
import { loadBattle, type BattleRow } from './battles.ts';
import { BRACKET_FORMAT, matchesOf, toMatch } from './brackets.ts';
import { countsSql } from './counting.ts';

// A bracket stage as the tournament page, the preview and the stage's own battle page show it (brackets.ts stores
// it, bracket-closing.ts plays it).

export const NOT_A_BRACKET = 'That battle is not a bracket stage of a tournament.';

export interface BracketSideView {
  seed: number;
  user_id: number | null;
  display_name: string | null;
  score_text: string | null;
}

export interface BracketView {
  rounds: {
    round_no: number;
    name: string;
    matches: {
      slot: number;
      a: BracketSideView | null;
      b: BracketSideView | null;
      winner_seed: number | null;
      bye: boolean;
      projected: boolean;
    }[];
  }[];
}

/**
 * The bracket as the tournament page shows it: the drawn rounds as they stand (each side's best attempt of the round,
 * who goes on), then the rounds not drawn yet projected (the better seed of each undecided match going on). Before
 * any draw the whole bracket is projected from `plannedField` seeds; `seeds` names them once they are known.
 */
export async function presentBracket(
  db: Database,
  b: BattleRow,
  rounds: number,
  plannedField: number,
  seeds: { seed: number; user_id: number; display_name: string }[],
): Promise<BracketView> {
  const [rows, best] = await Promise.all([
    matchesOf(db, b.id),
    rowsOf<{ round_no: number; user_id: number; status: string; value: string; tiebreak_ms: number | null }>(
      db,
      sql`select distinct on (round_no, user_id) round_no, user_id, status, value::text as value, tiebreak_ms
          from battle_attempts where battle_id = ${b.id} and ${countsSql()}
          order by round_no, user_id, sort_key, submitted_at, id`,
    ),
  ]);
  const bySeed = new Map(seeds.map((s) => [s.seed, s]));
  const scoreOf = (round: number, userId: number) => {
    const a = best.find((x) => x.round_no === round && x.user_id === userId);
    return a ? scoreText(b, { status: a.status, value: Number(a.value), tiebreakMs: a.tiebreak_ms }) : null;
  };
  const view = (side: BracketSide | null, round: number, projected: boolean): BracketSideView | null => {
    if (!side) return null;
    const known = bySeed.get(side.seed);
    return {
      seed: side.seed,
      user_id: known?.user_id ?? null,
      display_name: known?.display_name ?? null,
      score_text: projected || !known ? null : scoreOf(round, known.user_id),
    };
  };
  const field = seeds.length || plannedField;
  const out: BracketView['rounds'] = [];
  let before: BracketMatch[] = [];
  for (let round = 1; round <= rounds; round += 1) {
    const drawn = rows.filter((r) => r.roundNo === round).map(toMatch);
    const projected = drawn.length === 0;
    const matches = projected
      ? round === 1
        ? firstRound(
            Array.from({ length: field }, (_, i) => ({ seed: i + 1, athleteId: -(i + 1) })),
            rounds,
          )
        : nextRound(before, round, rounds)
      : drawn;
    // What the later projected rounds build on: undecided matches go to the better seed.
    before = matches.map((m) => (m.winner || !m.a || !m.b ? m : { ...m, winner: m.a.seed < m.b.seed ? m.a : m.b }));
    out.push({
      round_no: round,
      name: bracketRoundName(round, rounds),
      matches: matches.map((m) => ({
        slot: m.slot,
        a: view(m.a, round, projected),
        b: view(m.b, round, projected),
        winner_seed: projected && isPlayed(m) ? null : (m.winner?.seed ?? null),
        bye: isBye(m),
        projected,
      })),
    });
  }
  return { rounds: out };
}

/**
 * A bracket stage's own battle page (/individual-battle-royale-page?id=…): the stage's bracket as the tournament page
 * shows it, with the tournament it belongs to. 404 for a battle that is not a bracket stage.
 */
export async function battleBracket(ctx: AppContext, battleId: number) {
  const db = ctx.database.db;
  const b = await loadBattle(db, battleId);
  const [stage] = await db
    .select({
      tournamentId: tournamentStages.tournamentId,
      stageNo: tournamentStages.stageNo,
      name: tournamentStages.name,
      tournamentName: tournaments.name,
    })
    .from(tournamentStages)
    .innerJoin(tournaments, eq(tournaments.id, tournamentStages.tournamentId))
    .where(eq(tournamentStages.battleId, battleId));
  if (b.format !== BRACKET_FORMAT || !stage) throw notFound(NOT_A_BRACKET);
  const [before, seeds, rounds] = await Promise.all([
    db
      .select({ advance: tournamentStages.advance })
      .from(tournamentStages)
      .where(and(eq(tournamentStages.tournamentId, stage.tournamentId), eq(tournamentStages.stageNo, stage.stageNo - 1))),
    db
      .select({ seed: tournamentSeeds.seed, user_id: tournamentSeeds.userId, display_name: users.displayName })
      .from(tournamentSeeds)
      .innerJoin(users, eq(users.id, tournamentSeeds.userId))
      .where(and(eq(tournamentSeeds.tournamentId, stage.tournamentId), eq(tournamentSeeds.stageNo, stage.stageNo)))
      .orderBy(asc(tournamentSeeds.seed)),
    db.select({ roundNo: battleRounds.roundNo }).from(battleRounds).where(eq(battleRounds.battleId, battleId)),
  ]);
  return {
    battle_id: battleId,
    tournament_id: stage.tournamentId,
    tournament_name: stage.tournamentName,
    stage_no: stage.stageNo,
    stage_name: stage.name,
    bracket: await presentBracket(db, b, rounds.length, before[0]?.advance ?? 0, seeds),
  };
}
