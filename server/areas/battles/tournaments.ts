import { and, asc, desc, eq, gt, inArray, isNotNull, isNull, lte } from 'drizzle-orm';
import type { AppContext } from '#server/context.ts';
import type { Database } from '#server/db/index.ts';
import { battleEntries, battleRounds, battles, tournamentSeeds, tournamentStages, tournaments, users } from '#server/db/schema.ts';
import { badRequest, notFound } from '#server/errors.ts';
import {
  advancers,
  stageEnd,
  stageRoundCounts,
  tournamentProblem,
  type CutRule,
  type RoundRule,
  type StageFormat,
  type StageSpec,
} from '#domain/battles/index.ts';
import type { ScoreType } from '#domain/scoring/index.ts';
import { notify } from '../notifications/index.ts';
import { battleStatus, checkBattleInput, fieldCounts, insertBattle, presentRound, type BattleStatus, type RoundRow } from './battles.ts';
import { BRACKET_FORMAT, drawFirstRound } from './brackets.ts';
import { presentBracket } from './bracket-view.ts';

// Tournaments: stages played one after another, each a battle royale of its own (battles.ts stores it, its rounds
// close by the usual job) or, after the first, a bracket (a battle of head-to-head rounds: brackets.ts). When a stage's last round closes, closing.ts calls advanceStage in the same transaction:
// the top K of the stage's final ranking enter the next stage, seeded by their place. The preview is preview.ts.

export const NO_TOURNAMENT = 'No tournament with that id.';

export interface TournamentInput {
  name: string;
  description?: string;
  score_type: ScoreType;
  time_cap_ms?: number | null;
  reps_per_round?: number | null;
  has_tiebreak?: boolean;
  attempts_per_round: number;
  stages: {
    name: string;
    format?: StageFormat;
    starts_at: string;
    round_hours: number;
    rounds: { cut: CutRule }[];
    advance: number | null;
  }[];
}

export type TournamentRow = typeof tournaments.$inferSelect;
export type StageRow = typeof tournamentStages.$inferSelect;

export const tournamentLink = (id: number) => `/battle-hub?tournament=${id}`;

/** The stages as the domain sees them. */
export const stageSpecs = (input: TournamentInput): StageSpec[] =>
  input.stages.map((s) => ({
    name: s.name,
    format: s.format ?? 'battle_royale',
    startsAt: Date.parse(s.starts_at),
    roundHours: s.round_hours,
    cuts: s.rounds.map((r) => r.cut),
    advance: s.advance,
  }));

/** Creates the tournament and one battle royale per stage (rounds and closing jobs included), all or nothing. */
export async function createTournament(ctx: AppContext, creatorId: number, input: TournamentInput) {
  const now = ctx.now();
  const name = input.name.trim();
  if (name.length < 3) throw badRequest('Give the tournament a name of at least 3 characters.', 'name');
  const problem = tournamentProblem(stageSpecs(input));
  if (problem) throw badRequest(problem.message, 'stages');
  const specs = stageSpecs(input);
  const roundCounts = stageRoundCounts(specs);
  const headToHead: { cut: RoundRule }[] = [{ cut: { kind: 'head_to_head' } }];
  const stageInputs = input.stages.map((s, i) => ({
    name: `${name} · ${s.name.trim()}`,
    description: `Stage of the tournament ${name}.`,
    score_type: input.score_type,
    time_cap_ms: input.time_cap_ms ?? null,
    reps_per_round: input.reps_per_round ?? null,
    has_tiebreak: input.has_tiebreak ?? false,
    attempts_per_round: input.attempts_per_round,
    starts_at: s.starts_at,
    round_hours: s.round_hours,
    // A bracket's rounds: as many head-to-head rounds as its seeds need.
    rounds: s.format === 'bracket' ? Array.from({ length: roundCounts[i]! }, () => headToHead[0]!) : (s.rounds as { cut: RoundRule }[]),
  }));
  for (const [i, s] of stageInputs.entries()) {
    try {
      checkBattleInput(s, null, now);
    } catch (e) {
      throw e instanceof Error ? badRequest(`Stage ${i + 1}: ${e.message}`, 'stages') : e;
    }
  }
  const id = await ctx.database.db.transaction(async (t) => {
    const tx = t as unknown as Database;
    const [row] = await tx
      .insert(tournaments)
      .values({
        name,
        description: (input.description ?? '').trim(),
        creatorId,
        scoreType: input.score_type,
        startsAt: new Date(specs[0]!.startsAt),
        endsAt: new Date(stageEnd(specs.at(-1)!, roundCounts.at(-1))),
        createdAt: now,
      })
      .returning();
    for (const [i, s] of stageInputs.entries()) {
      const battle = await insertBattle(tx, creatorId, s, null, now);
      await tx.insert(tournamentStages).values({
        tournamentId: row!.id,
        stageNo: i + 1,
        name: input.stages[i]!.name.trim(),
        battleId: battle.id,
        advance: input.stages[i]!.advance,
      });
    }
    return row!.id;
  });
  return getTournament(ctx, id, creatorId);
}

export async function loadTournament(db: Database, id: number): Promise<TournamentRow> {
  const [row] = await db.select().from(tournaments).where(eq(tournaments.id, id));
  if (!row) throw notFound(NO_TOURNAMENT);
  return row;
}

export const tournamentStatus = (t: TournamentRow, now: Date): BattleStatus =>
  t.finishedAt ? 'finished' : now < t.startsAt ? 'entry' : 'live';

/** A tournament with each stage's battle, rounds, field, seeds (once advanced), and where the caller stands. */
export async function getTournament(ctx: AppContext, id: number, viewer: number | null) {
  const db = ctx.database.db;
  const now = ctx.now();
  const t = await loadTournament(db, id);
  const stages = await db
    .select()
    .from(tournamentStages)
    .where(eq(tournamentStages.tournamentId, id))
    .orderBy(asc(tournamentStages.stageNo));
  const battleIds = stages.map((s) => s.battleId);
  const [stageBattles, rounds, seeds, mine] = await Promise.all([
    db.select().from(battles).where(inArray(battles.id, battleIds)),
    db.select().from(battleRounds).where(inArray(battleRounds.battleId, battleIds)).orderBy(asc(battleRounds.roundNo)),
    db
      .select({
        stageNo: tournamentSeeds.stageNo,
        seed: tournamentSeeds.seed,
        fromPlace: tournamentSeeds.fromPlace,
        userId: tournamentSeeds.userId,
        displayName: users.displayName,
      })
      .from(tournamentSeeds)
      .innerJoin(users, eq(users.id, tournamentSeeds.userId))
      .where(eq(tournamentSeeds.tournamentId, id))
      .orderBy(asc(tournamentSeeds.stageNo), asc(tournamentSeeds.seed)),
    viewer === null
      ? Promise.resolve([])
      : db
          .select()
          .from(battleEntries)
          .where(and(inArray(battleEntries.battleId, battleIds), eq(battleEntries.userId, viewer))),
  ]);
  const counts = await Promise.all(battleIds.map((b) => fieldCounts(db, b)));
  const winner = t.finishedAt ? await stageWinner(db, stages.at(-1)!.battleId) : null;
  const brackets = await Promise.all(
    stages.map((s, i) => {
      const b = stageBattles.find((x) => x.id === s.battleId)!;
      if (b.format !== BRACKET_FORMAT) return null;
      const own = seeds.filter((x) => x.stageNo === s.stageNo);
      const roundCount = rounds.filter((r) => r.battleId === s.battleId).length;
      return presentBracket(
        db,
        b,
        roundCount,
        stages[i - 1]?.advance ?? 0,
        own.map((x) => ({ seed: x.seed, user_id: x.userId, display_name: x.displayName })),
      );
    }),
  );
  const presented = stages.map((s, i) => {
    const b = stageBattles.find((x) => x.id === s.battleId)!;
    const entry = mine.find((m) => m.battleId === s.battleId) ?? null;
    return {
      stage_no: s.stageNo,
      name: s.name,
      format: (b.format === BRACKET_FORMAT ? 'bracket' : 'battle_royale') as StageFormat,
      bracket: brackets[i] ?? null,
      battle_id: s.battleId,
      starts_at: b.startsAt.toISOString(),
      ends_at: b.endsAt.toISOString(),
      status: battleStatus(b, now),
      advance: s.advance,
      advanced: s.advancedAt !== null,
      entered: counts[i]!.entered,
      alive: counts[i]!.alive,
      rounds: rounds.filter((r: RoundRow) => r.battleId === s.battleId).map((r) => presentRound(r, now)),
      seeds: seeds
        .filter((x) => x.stageNo === s.stageNo)
        .map((x) => ({ seed: x.seed, from_place: x.fromPlace, user_id: x.userId, display_name: x.displayName })),
      // A final place stored at the athlete's cut (royale-closing.ts) shows once the stage is over.
      me: entry ? { eliminated_round: entry.eliminatedRound, final_place: b.finishedAt ? entry.finalPlace : null } : null,
    };
  });
  const reached = presented.filter((s) => s.me !== null).at(-1) ?? null;
  return {
    id: t.id,
    name: t.name,
    description: t.description,
    creator_id: t.creatorId,
    score_type: t.scoreType as ScoreType,
    starts_at: t.startsAt.toISOString(),
    ends_at: t.endsAt.toISOString(),
    status: tournamentStatus(t, now),
    entered: presented[0]?.entered ?? 0,
    stages: presented,
    me: reached
      ? { stage_no: reached.stage_no, eliminated_round: reached.me!.eliminated_round, final_place: reached.me!.final_place }
      : null,
    winner,
  };
}
export type PresentedTournament = Awaited<ReturnType<typeof getTournament>>;

async function stageWinner(db: Database, battleId: number) {
  const [w] = await db
    .select({ user_id: battleEntries.userId, display_name: users.displayName })
    .from(battleEntries)
    .innerJoin(users, eq(users.id, battleEntries.userId))
    .where(and(eq(battleEntries.battleId, battleId), eq(battleEntries.finalPlace, 1)));
  return w ?? null;
}

/** Tournaments by status, ordered as the battle lists are: entry soonest first, live ending soonest, finished latest. */
export async function listTournaments(ctx: AppContext, q: { status: BattleStatus; limit: number }, viewer: number | null) {
  const db = ctx.database.db;
  const now = ctx.now();
  const where =
    q.status === 'entry'
      ? gt(tournaments.startsAt, now)
      : q.status === 'live'
        ? and(lte(tournaments.startsAt, now), isNull(tournaments.finishedAt))
        : isNotNull(tournaments.finishedAt);
  const order =
    q.status === 'finished'
      ? [desc(tournaments.finishedAt), desc(tournaments.id)]
      : q.status === 'entry'
        ? [asc(tournaments.startsAt), asc(tournaments.id)]
        : [asc(tournaments.endsAt), asc(tournaments.id)];
  const rows = await db
    .select({ id: tournaments.id })
    .from(tournaments)
    .where(where)
    .orderBy(...order)
    .limit(q.limit);
  return { items: await Promise.all(rows.map((r) => getTournament(ctx, r.id, viewer))) };
}

/**
 * Called by closing.ts in the round-closing transaction once a battle's last round has closed. When the battle is a
 * tournament stage not yet advanced from, its top K (by final place) enter the next stage, seeded by that place,
 * and each is told; after the final the tournament is finished. The stage row is locked and marked once, so a
 * second call changes nothing.
 */
export async function advanceStage(tx: Database, battleId: number, now: Date): Promise<{ advanced: number[] }> {
  const [stage] = await tx.select().from(tournamentStages).where(eq(tournamentStages.battleId, battleId)).for('update');
  if (!stage || stage.advancedAt) return { advanced: [] };
  const [t] = await tx.select().from(tournaments).where(eq(tournaments.id, stage.tournamentId));
  const [next] = await tx
    .select()
    .from(tournamentStages)
    .where(and(eq(tournamentStages.tournamentId, stage.tournamentId), eq(tournamentStages.stageNo, stage.stageNo + 1)));
  await tx
    .update(tournamentStages)
    .set({ advancedAt: now })
    .where(and(eq(tournamentStages.tournamentId, stage.tournamentId), eq(tournamentStages.stageNo, stage.stageNo)));
  if (!next || stage.advance === null) {
    await tx.update(tournaments).set({ finishedAt: now }).where(eq(tournaments.id, stage.tournamentId));
    return { advanced: [] };
  }
  const ranking = await tx
    .select({ athleteId: battleEntries.userId, place: battleEntries.finalPlace })
    .from(battleEntries)
    .where(and(eq(battleEntries.battleId, battleId), isNotNull(battleEntries.finalPlace)));
  const going = advancers(
    ranking.map((r) => ({ athleteId: r.athleteId, place: r.place! })),
    stage.advance,
  );
  if (going.length) {
    // Entry times one millisecond apart in seed order: the engine ranks those who do not score by entry, so by seed.
    await tx
      .insert(battleEntries)
      .values(going.map((a) => ({ battleId: next.battleId, userId: a.athleteId, enteredAt: new Date(now.getTime() + a.seed - 1) })))
      .onConflictDoNothing();
    await tx
      .insert(tournamentSeeds)
      .values(
        going.map((a) => ({
          tournamentId: stage.tournamentId,
          stageNo: next.stageNo,
          userId: a.athleteId,
          seed: a.seed,
          fromPlace: a.fromPlace,
        })),
      )
      .onConflictDoNothing();
    const [nextBattle] = await tx.select().from(battles).where(eq(battles.id, next.battleId));
    if (nextBattle?.format === BRACKET_FORMAT) {
      // A bracket stage: round 1 is drawn now, from these seeds (byes for the top seeds when they do not fill it).
      const roundCount = (await tx.select().from(battleRounds).where(eq(battleRounds.battleId, next.battleId))).length;
      await drawFirstRound(
        tx,
        next.battleId,
        going.map((a) => ({ athleteId: a.athleteId, seed: a.seed })),
        roundCount,
        now,
      );
    }
  }
  for (const a of going)
    await notify(
      tx,
      {
        userId: a.athleteId,
        kind: 'tournament_advanced',
        title: `Through to ${next.name} of ${t!.name}`,
        body: `You finished ${stage.name} in place ${a.fromPlace} and are seed ${a.seed} of ${going.length} in ${next.name}.`,
        link: tournamentLink(stage.tournamentId),
      },
      now,
    );
  return { advanced: going.map((a) => a.athleteId) };
}

/** Stage 1 entrants in entry order (the preview's projected seeding), up to `limit`. */
export async function stageOneField(db: Database, battleId: number, limit: number) {
  return db
    .select({ user_id: battleEntries.userId, display_name: users.displayName })
    .from(battleEntries)
    .innerJoin(users, eq(users.id, battleEntries.userId))
    .where(eq(battleEntries.battleId, battleId))
    .orderBy(asc(battleEntries.enteredAt), asc(battleEntries.userId))
    .limit(limit);
}
