import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { AppContext } from '#server/context.ts';
import type { Database } from '#server/db/index.ts';
import { battleEntries, battles, battleSquads } from '#server/db/schema.ts';
import { ApiError, badRequest, conflict, notFound } from '#server/errors.ts';
import { BATTLE_LIMITS, SQUAD_DECIMATION, squadDecimationRules, squadParamsProblem } from '#domain/battles/index.ts';
import { leadsTeam } from '#domain/teams.ts';
import { teamRoster, teamsLedBy } from '../teams/index.ts';
import { negotiationRules } from './negotiation-rules.ts';
import { createBattle, getBattle, listBattles, loadBattle, type BattleInput, type BattleRow, type BattleStatus } from './battles.ts';

// Squad decimation battles: created like a battle royale with a squad cut in every round; squads are lasting teams
// entered by their captain with exactly the squad size of members (each member a battle entry with its squad).
// Attempts go through attempts.ts (the same call), the squad board is squad-board.ts, closing squad-closing.ts.

export const NO_SQUAD_BATTLE = 'No squad battle with that id.';

export type SquadBattleInput = Omit<BattleInput, 'rounds'> & {
  rounds: number;
  squad_size: number;
  cut_per_squad: number;
  immunity?: boolean;
  trades_per_round?: number;
};

export async function loadSquadBattle(db: Database, id: number): Promise<BattleRow> {
  const b = await loadBattle(db, id);
  if (b.format !== 'squad_decimation') throw notFound(NO_SQUAD_BATTLE);
  return b;
}

export async function createSquadBattle(ctx: AppContext, creatorId: number, input: SquadBattleInput) {
  const problem = squadParamsProblem({ squadSize: input.squad_size, cutPerSquad: input.cut_per_squad, rounds: input.rounds });
  if (problem) throw badRequest(problem, problem.startsWith('A battle has') ? 'rounds' : 'cut_per_squad');
  const { rounds, squad_size, cut_per_squad, immunity, trades_per_round, ...rest } = input;
  const defaults = SQUAD_DECIMATION.defaults;
  const created = await createBattle(
    ctx,
    creatorId,
    { ...rest, rounds: Array.from({ length: rounds }, () => ({ cut: { kind: 'per_squad' as const, count: cut_per_squad } })) },
    {
      squadSize: squad_size,
      cutPerSquad: cut_per_squad,
      tradesPerRound: (immunity ?? defaults.immunity) ? (trades_per_round ?? defaults.tradesPerRound) : null,
    },
  );
  return getSquadBattle(ctx, created.id, creatorId);
}

interface SquadRow {
  battle_id: number;
  team_id: number;
  name: string;
  captain_id: number | null;
  size: number;
  living: number;
  out_round: number | null;
  final_place: number | null;
}

/** The squads of these battles with their living counts: best first once placed, else most living, then entry. */
async function squadsOf(db: Database, ids: number[]) {
  if (!ids.length) return [];
  const rows = await db
    .select({
      battle_id: battleSquads.battleId,
      team_id: battleSquads.teamId,
      name: battleSquads.name,
      captain_id: battleSquads.captainId,
      size: sql<number>`count(${battleEntries.userId})::int`,
      living: sql<number>`(count(${battleEntries.userId}) filter (where ${battleEntries.eliminatedRound} is null))::int`,
      out_round: battleSquads.outRound,
      final_place: battleSquads.finalPlace,
    })
    .from(battleSquads)
    .leftJoin(battleEntries, and(eq(battleEntries.battleId, battleSquads.battleId), eq(battleEntries.squadTeamId, battleSquads.teamId)))
    .where(inArray(battleSquads.battleId, ids))
    .groupBy(battleSquads.battleId, battleSquads.teamId)
    .orderBy(
      sql`${battleSquads.finalPlace} asc nulls last`,
      sql`(count(${battleEntries.userId}) filter (where ${battleEntries.eliminatedRound} is null)) desc`,
      asc(battleSquads.enteredAt),
      asc(battleSquads.teamId),
    );
  return rows as SquadRow[];
}

/** The squad each battle's viewer fights for (or, failing that, captains). */
async function viewerSquads(db: Database, ids: number[], viewer: number | null) {
  if (viewer === null || !ids.length) return new Map<number, number>();
  const [fights, leads] = await Promise.all([
    db
      .select({ battleId: battleEntries.battleId, teamId: battleEntries.squadTeamId })
      .from(battleEntries)
      .where(and(inArray(battleEntries.battleId, ids), eq(battleEntries.userId, viewer))),
    db
      .select({ battleId: battleSquads.battleId, teamId: battleSquads.teamId })
      .from(battleSquads)
      .where(and(inArray(battleSquads.battleId, ids), eq(battleSquads.captainId, viewer))),
  ]);
  const mine = new Map<number, number>();
  for (const r of [...leads, ...fights]) if (r.teamId !== null) mine.set(r.battleId, r.teamId);
  return mine;
}

type PresentedBattle = Awaited<ReturnType<typeof getBattle>>;

function presentSquadBattle(battle: PresentedBattle, row: BattleRow, squads: SquadRow[], mine: number | null, trades: number | undefined) {
  const first = battle.rounds[0];
  const roundHours = first ? Math.round((Date.parse(first.closes_at) - Date.parse(first.opens_at)) / 3_600_000) : 0;
  const squadSize = row.squadSize ?? BATTLE_LIMITS.minSquadSize;
  const cutPerSquad = row.cutPerSquad ?? 1;
  return {
    battle,
    squad_size: squadSize,
    cut_per_squad: cutPerSquad,
    immunity: trades !== undefined,
    trades_per_round: trades ?? 0,
    rules: squadDecimationRules({
      rounds: battle.rounds.length,
      squadSize,
      cutPerSquad,
      immunity: trades !== undefined,
      tradesPerRound: trades ?? 0,
      roundHours,
      judgedVideo: row.judgedVideo,
    }),
    squads: squads.map(({ battle_id: _b, ...s }) => s),
    my_team_id: mine,
    winner_team_id: squads.find((s) => s.final_place === 1)?.team_id ?? null,
  };
}

export async function getSquadBattle(ctx: AppContext, id: number, viewer: number | null) {
  const db = ctx.database.db;
  const row = await loadSquadBattle(db, id);
  const [battle, squads, mine, trades] = await Promise.all([
    getBattle(ctx, id, viewer),
    squadsOf(db, [id]),
    viewerSquads(db, [id], viewer),
    negotiationRules(db, [id]),
  ]);
  return presentSquadBattle({ ...battle, winner: null }, row, squads, mine.get(id) ?? null, trades.get(id));
}

export async function listSquadBattles(ctx: AppContext, q: { status: BattleStatus; limit: number }, viewer: number | null) {
  const db = ctx.database.db;
  const { items } = await listBattles(ctx, { ...q, format: 'squad_decimation' }, viewer);
  const ids = items.map((b) => b.id);
  const [rows, squads, mine, trades] = await Promise.all([
    ids.length ? db.select().from(battles).where(inArray(battles.id, ids)) : Promise.resolve([]),
    squadsOf(db, ids),
    viewerSquads(db, ids, viewer),
    negotiationRules(db, ids),
  ]);
  return {
    items: items.map((b) =>
      presentSquadBattle(
        { ...b, winner: null },
        rows.find((r) => r.id === b.id)!,
        squads.filter((s) => s.battle_id === b.id),
        mine.get(b.id) ?? null,
        trades.get(b.id),
      ),
    ),
  };
}

/** A team's captain or co-captain enters it with exactly the squad size of its members, before round 1 opens. */
export async function enterSquad(
  ctx: AppContext,
  battleId: number,
  actor: { id: number; isAdmin: boolean },
  input: { team_id: number; member_ids: number[] },
) {
  const db = ctx.database.db;
  const now = ctx.now();
  const b = await loadSquadBattle(db, battleId);
  if (now >= b.startsAt) throw conflict('Entry closed when the first round opened.');
  const size = b.squadSize ?? 0;
  const ids = [...new Set(input.member_ids)];
  if (ids.length !== input.member_ids.length) throw badRequest('Choose each member once.', 'member_ids');
  if (ids.length !== size) throw badRequest(`A squad in this battle has exactly ${size} members; you chose ${ids.length}.`, 'member_ids');
  const roster = await teamRoster(db, input.team_id);
  if (!roster) throw notFound('That team does not exist (it may have been disbanded).');
  const role = roster.members.find((m) => m.userId === actor.id)?.role ?? null;
  if (!leadsTeam(role) && !actor.isAdmin) throw new ApiError(403, 'Only the team’s captain or a co-captain can enter it as a squad.');
  const outsiders = ids.filter((id) => !roster.members.some((m) => m.userId === id));
  if (outsiders.length) throw badRequest(`Every member of the squad must be in ${roster.name}.`, 'member_ids');
  await db.transaction(async (t) => {
    const tx = t as unknown as Database;
    // The battle row is the lock: squads entering at once are counted one after the other.
    await tx.select({ id: battles.id }).from(battles).where(eq(battles.id, battleId)).for('update');
    const [count] = await tx
      .select({ n: sql<number>`count(*)::int` })
      .from(battleSquads)
      .where(eq(battleSquads.battleId, battleId));
    if ((count?.n ?? 0) >= BATTLE_LIMITS.maxSquads) throw conflict(`This battle is full (${BATTLE_LIMITS.maxSquads} squads).`);
    const squad = await tx
      .insert(battleSquads)
      .values({ battleId, teamId: roster.id, name: roster.name, captainId: actor.id, enteredAt: now })
      .onConflictDoNothing()
      .returning();
    if (!squad.length) throw conflict(`${roster.name} has already entered this battle.`);
    const entered = await tx
      .insert(battleEntries)
      .values(ids.map((userId) => ({ battleId, userId, enteredAt: now, squadTeamId: roster.id })))
      .onConflictDoNothing()
      .returning({ userId: battleEntries.userId });
    if (entered.length !== ids.length) throw conflict('Some of these members already fight in this battle for another squad.');
  });
  return getSquadBattle(ctx, battleId, actor.id);
}

/** The teams the caller leads, to enter as a squad. */
export async function mySquadTeams(ctx: AppContext, userId: number) {
  const teams = await teamsLedBy(ctx.database.db, userId);
  return {
    items: teams.map((t) => ({
      team_id: t.id,
      name: t.name,
      members: t.members.map((m) => ({ user_id: m.userId, display_name: m.displayName })),
    })),
  };
}
