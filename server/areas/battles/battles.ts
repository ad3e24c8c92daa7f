import { and, asc, desc, eq, gt, inArray, isNull, lte, sql } from 'drizzle-orm';
import type { AppContext } from '#server/context.ts';
import type { Database } from '#server/db/index.ts';
import { battleEntries, battleNegotiation, battleRounds, battles, jobs, users } from '#server/db/schema.ts';
import { ApiError, badRequest, conflict, notFound } from '#server/errors.ts';
import {
  BATTLE_LIMITS,
  cutRuleProblem,
  isBracketRound,
  isSquadCut,
  roundRuleText,
  type BattleFormat,
  type RoundRule,
} from '#domain/battles/index.ts';
import type { ScoreType } from '#domain/scoring/index.ts';
import { isLaterStage, notLaterStage } from './tournament-stages.ts';

// Battle royale battles: create, list, get, enter, and the athlete's dashboard. Attempts are attempts.ts,
// the round's board board.ts, closing a round closing.ts.

export type BattleRow = typeof battles.$inferSelect;
export type RoundRow = typeof battleRounds.$inferSelect;

export const NO_BATTLE = 'No battle with that id.';
export const ROUND_CLOSE_JOB = 'battle_round_close';
const HOUR = 3_600_000;

export { battleRoom } from '#server/lib/realtime/realtime-events.ts';
/** A squad battle's page (inbox notices link to it). */
export const squadBattleLink = (battleId: number) => `/squad-decimation-battle-page?id=${battleId}`;

export interface BattleInput {
  name: string;
  description?: string;
  score_type: ScoreType;
  time_cap_ms?: number | null;
  reps_per_round?: number | null;
  has_tiebreak?: boolean;
  /** Attempts need a judged video (domain/battles/judged.ts). */
  judged_video?: boolean;
  attempts_per_round: number;
  starts_at: string;
  round_hours: number;
  rounds: { cut: RoundRule }[];
}

/** A squad decimation's shape (squads.ts checks it before createBattle). */
export interface SquadShape {
  squadSize: number;
  cutPerSquad: number;
  /** Immunity tokens with this many trades per squad and round (negotiation.ts); null plays without them. */
  tradesPerRound: number | null;
}

export type BattleStatus = 'entry' | 'live' | 'finished';
export type RoundState = 'upcoming' | 'open' | 'closing' | 'closed';

export const battleStatus = (b: BattleRow, now: Date): BattleStatus => (b.finishedAt ? 'finished' : now < b.startsAt ? 'entry' : 'live');

export const roundState = (r: RoundRow, now: Date): RoundState =>
  r.closedAt ? 'closed' : now < r.opensAt ? 'upcoming' : now < r.closesAt ? 'open' : 'closing';

export async function loadBattle(db: Database, id: number): Promise<BattleRow> {
  const [b] = await db.select().from(battles).where(eq(battles.id, id));
  if (!b) throw notFound(NO_BATTLE);
  return b;
}

export async function roundsOf(db: Database, id: number): Promise<RoundRow[]> {
  return db.select().from(battleRounds).where(eq(battleRounds.battleId, id)).orderBy(asc(battleRounds.roundNo));
}

/** The round athletes may submit to now, if any. */
export const openRound = (rounds: RoundRow[], now: Date) => rounds.find((r) => roundState(r, now) === 'open') ?? null;

export async function createBattle(ctx: AppContext, creatorId: number, input: BattleInput, squad: SquadShape | null = null) {
  const now = ctx.now();
  checkBattleInput(input, squad, now);
  return ctx.database.db.transaction(async (t) => insertBattle(t as unknown as Database, creatorId, input, squad, now));
}

/** The input's problems as a 400 (nothing stored); tournaments check each stage with it too. */
export function checkBattleInput(input: BattleInput, squad: SquadShape | null, now: Date) {
  const name = input.name.trim();
  if (name.length < 3) throw badRequest('Give the battle a name of at least 3 characters.', 'name');
  const startsAt = new Date(input.starts_at);
  if (Number.isNaN(startsAt.getTime())) throw badRequest('Enter when the first round opens.', 'starts_at');
  if (startsAt.getTime() < now.getTime() - 60_000)
    throw badRequest('The first round must open in the future: entry closes when it opens.', 'starts_at');
  if (startsAt.getTime() > now.getTime() + 366 * 24 * HOUR) throw badRequest('The first round must open within a year.', 'starts_at');
  for (const [i, r] of input.rounds.entries()) {
    // Bracket rounds come only from a tournament's bracket stage (the battles contract takes cut rules alone).
    const problem = isSquadCut(r.cut)
      ? squad
        ? null
        : 'A battle royale round cuts the whole field.'
      : isBracketRound(r.cut)
        ? null
        : cutRuleProblem(r.cut);
    if (problem) throw badRequest(`Round ${i + 1}: ${problem}`, 'rounds');
  }
  if (input.score_type === 'time' && input.time_cap_ms != null && input.time_cap_ms <= 0)
    throw badRequest('The time cap must be more than zero.', 'time_cap_ms');
  if (input.score_type === 'rounds_reps' && !input.reps_per_round)
    throw badRequest('A rounds + reps workout needs the reps in one round.', 'reps_per_round');
}

/** Stores a checked battle, its rounds and their closing jobs, inside the caller's transaction. */
export async function insertBattle(tx: Database, creatorId: number, input: BattleInput, squad: SquadShape | null, now: Date) {
  const name = input.name.trim();
  const startsAt = new Date(input.starts_at);
  const windowMs = input.round_hours * HOUR;
  const endsAt = new Date(startsAt.getTime() + windowMs * input.rounds.length);
  const [b] = await tx
    .insert(battles)
    .values({
      name,
      format: (squad
        ? 'squad_decimation'
        : input.rounds.every((r) => isBracketRound(r.cut))
          ? 'bracket_tournament'
          : 'battle_royale') satisfies BattleFormat,
      creatorId,
      description: (input.description ?? '').trim(),
      scoreType: input.score_type,
      timeCapMs: input.score_type === 'time' ? (input.time_cap_ms ?? null) : null,
      repsPerRound: input.score_type === 'rounds_reps' ? (input.reps_per_round ?? null) : null,
      hasTiebreak: input.has_tiebreak ?? false,
      judgedVideo: input.judged_video ?? false,
      attemptsPerRound: input.attempts_per_round,
      squadSize: squad?.squadSize ?? null,
      cutPerSquad: squad?.cutPerSquad ?? null,
      startsAt,
      endsAt,
      createdAt: now,
    })
    .returning();
  const rounds = input.rounds.map((r, i) => ({
    battleId: b!.id,
    roundNo: i + 1,
    opensAt: new Date(startsAt.getTime() + i * windowMs),
    closesAt: new Date(startsAt.getTime() + (i + 1) * windowMs),
    cut: r.cut,
  }));
  await tx.insert(battleRounds).values(rounds);
  if (squad && squad.tradesPerRound !== null)
    await tx.insert(battleNegotiation).values({ battleId: b!.id, tradesPerRound: squad.tradesPerRound });
  await scheduleRoundCloses(tx, b!.id, rounds, now);
  return presentBattle(b!, await roundsOf(tx, b!.id), await fieldCounts(tx, b!.id), null, now);
}

/** One closing job per round, due at its close (the shared jobs table; closing.ts runs them). */
export async function scheduleRoundCloses(tx: Database, battleId: number, rounds: { roundNo: number; closesAt: Date }[], now: Date) {
  await tx.insert(jobs).values(
    rounds.map((r) => ({
      kind: ROUND_CLOSE_JOB,
      payload: { battle_id: battleId, round_no: r.roundNo },
      runAt: r.closesAt,
      createdAt: now,
    })),
  );
}

export async function fieldCounts(db: Database, battleId: number) {
  const [row] = await db
    .select({
      entered: sql<number>`count(*)::int`,
      alive: sql<number>`(count(*) filter (where ${battleEntries.eliminatedRound} is null))::int`,
    })
    .from(battleEntries)
    .where(eq(battleEntries.battleId, battleId));
  return { entered: row?.entered ?? 0, alive: row?.alive ?? 0 };
}

type EntryRow = typeof battleEntries.$inferSelect;

export function presentRound(r: RoundRow, now: Date) {
  return {
    round_no: r.roundNo,
    opens_at: r.opensAt.toISOString(),
    closes_at: r.closesAt.toISOString(),
    state: roundState(r, now),
    cut: r.cut,
    cut_text: roundRuleText(r.cut),
    field_size: r.fieldSize,
    eliminated_count: r.eliminatedCount,
  };
}

export function presentBattle(
  b: BattleRow,
  rounds: RoundRow[],
  counts: { entered: number; alive: number },
  mine: EntryRow | null,
  now: Date,
) {
  const current = openRound(rounds, now);
  return {
    id: b.id,
    name: b.name,
    format: b.format as BattleFormat,
    description: b.description,
    creator_id: b.creatorId,
    score_type: b.scoreType as ScoreType,
    time_cap_ms: b.timeCapMs,
    reps_per_round: b.repsPerRound,
    has_tiebreak: b.hasTiebreak,
    judged_video: b.judgedVideo,
    attempts_per_round: b.attemptsPerRound,
    starts_at: b.startsAt.toISOString(),
    ends_at: b.endsAt.toISOString(),
    status: battleStatus(b, now),
    current_round: current?.roundNo ?? null,
    entered: counts.entered,
    alive: counts.alive,
    rounds: rounds.map((r) => presentRound(r, now)),
    // A fallen athlete's final place is stored at their cut (royale-closing.ts); it is news once the battle is over.
    me: mine
      ? {
          entered_at: mine.enteredAt.toISOString(),
          eliminated_round: mine.eliminatedRound,
          final_place: b.finishedAt ? mine.finalPlace : null,
        }
      : null,
  };
}
export type PresentedBattle = ReturnType<typeof presentBattle>;

async function myEntry(db: Database, battleId: number, userId: number | null) {
  if (userId === null) return null;
  const [e] = await db
    .select()
    .from(battleEntries)
    .where(and(eq(battleEntries.battleId, battleId), eq(battleEntries.userId, userId)));
  return e ?? null;
}

export async function getBattle(ctx: AppContext, id: number, viewer: number | null) {
  const db = ctx.database.db;
  const b = await loadBattle(db, id);
  const [rounds, counts, mine] = await Promise.all([roundsOf(db, id), fieldCounts(db, id), myEntry(db, id, viewer)]);
  const presented = presentBattle(b, rounds, counts, mine, ctx.now());
  const winner = b.finishedAt ? await winnerOf(db, id) : null;
  return { ...presented, winner };
}

async function winnerOf(db: Database, battleId: number) {
  const [w] = await db
    .select({ user_id: battleEntries.userId, display_name: users.displayName })
    .from(battleEntries)
    .innerJoin(users, eq(users.id, battleEntries.userId))
    .where(and(eq(battleEntries.battleId, battleId), eq(battleEntries.finalPlace, 1)));
  return w ?? null;
}

/** Battles by status: entry open (soonest first), live (closing soonest first), finished (latest first). */
export async function listBattles(
  ctx: AppContext,
  q: { status: BattleStatus; limit: number; format?: BattleFormat },
  viewer: number | null,
) {
  const db = ctx.database.db;
  const now = ctx.now();
  const where =
    q.status === 'entry'
      ? // A later tournament stage takes no entries (its field advances from the stage before): not listed as open.
        and(gt(battles.startsAt, now), notLaterStage)
      : q.status === 'live'
        ? and(lte(battles.startsAt, now), isNull(battles.finishedAt))
        : sql`${battles.finishedAt} is not null`;
  const order =
    q.status === 'finished'
      ? [desc(battles.finishedAt), desc(battles.id)]
      : q.status === 'entry'
        ? [asc(battles.startsAt)]
        : [asc(battles.endsAt)];
  const rows = await db
    .select()
    .from(battles)
    .where(and(where, eq(battles.format, q.format ?? 'battle_royale')))
    .orderBy(...order)
    .limit(q.limit);
  return { items: await presentMany(db, rows, viewer, now) };
}

async function presentMany(db: Database, rows: BattleRow[], viewer: number | null, now: Date) {
  if (!rows.length) return [];
  const ids = rows.map((b) => b.id);
  const [allRounds, counts, mine] = await Promise.all([
    db.select().from(battleRounds).where(inArray(battleRounds.battleId, ids)).orderBy(asc(battleRounds.roundNo)),
    db
      .select({
        battleId: battleEntries.battleId,
        entered: sql<number>`count(*)::int`,
        alive: sql<number>`(count(*) filter (where ${battleEntries.eliminatedRound} is null))::int`,
      })
      .from(battleEntries)
      .where(inArray(battleEntries.battleId, ids))
      .groupBy(battleEntries.battleId),
    viewer === null
      ? Promise.resolve([])
      : db
          .select()
          .from(battleEntries)
          .where(and(inArray(battleEntries.battleId, ids), eq(battleEntries.userId, viewer))),
  ]);
  return rows.map((b) =>
    presentBattle(
      b,
      allRounds.filter((r) => r.battleId === b.id),
      counts.find((c) => c.battleId === b.id) ?? { entered: 0, alive: 0 },
      mine.find((m) => m.battleId === b.id) ?? null,
      now,
    ),
  );
}

export async function enterBattle(ctx: AppContext, battleId: number, userId: number) {
  const db = ctx.database.db;
  const now = ctx.now();
  const b = await loadBattle(db, battleId);
  if (b.format === 'bracket_tournament') throw conflict('Athletes reach this tournament stage by advancing from the stage before it.');
  if (b.format !== 'battle_royale') throw conflict('Squads enter this battle through their captain, on the Squad Decimation page.');
  if (now >= b.startsAt) throw conflict('Entry closed when the first round opened.');
  if (await isLaterStage(db, battleId)) throw conflict('Athletes reach this tournament stage by advancing from the stage before it.');
  const counts = await fieldCounts(db, battleId);
  if (counts.entered >= BATTLE_LIMITS.maxField) throw new ApiError(409, `This battle is full (${BATTLE_LIMITS.maxField} athletes).`);
  const inserted = await db.insert(battleEntries).values({ battleId, userId, enteredAt: now }).onConflictDoNothing().returning();
  if (!inserted.length) throw conflict('You have already entered this battle.');
  return getBattle(ctx, battleId, userId);
}

/** The athlete's battles: those they are in, with where they stand. */
export async function userDashboard(ctx: AppContext, userId: number) {
  const db = ctx.database.db;
  const ids = await db
    .select({ id: battleEntries.battleId })
    .from(battleEntries)
    .where(eq(battleEntries.userId, userId))
    .orderBy(desc(battleEntries.enteredAt))
    .limit(50);
  if (!ids.length) return { items: [], alive: 0, eliminated: 0, won: 0 };
  const rows = await db
    .select()
    .from(battles)
    .where(
      inArray(
        battles.id,
        ids.map((x) => x.id),
      ),
    )
    .orderBy(desc(battles.startsAt));
  const items = await presentMany(db, rows, userId, ctx.now());
  return {
    items,
    alive: items.filter((b) => b.me && b.me.eliminated_round === null && b.status !== 'finished').length,
    eliminated: items.filter((b) => b.me?.eliminated_round != null).length,
    won: items.filter((b) => b.me?.final_place === 1).length,
  };
}
