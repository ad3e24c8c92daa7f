import { and, asc, count, desc, eq, sql } from 'drizzle-orm';
import type { AppContext } from '#server/context.ts';
import type { Database } from '#server/db/index.ts';
import { battleAttempts, battleEntries, users } from '#server/db/schema.ts';
import { ApiError, conflict } from '#server/errors.ts';
import { rowsOf } from '#server/db/rows.ts';
import type { AttemptJudging, RoundAttempt } from '#domain/battles/index.ts';
import { publish } from '#server/lib/realtime/realtime-events.ts';
import { encodeScore, formatScore, sortKey, validateScore, type ScoringRules, type ScoreType } from '#domain/scoring/index.ts';
import { scoreInputFor } from '../challenges/index.ts';
import { dropKeptBoards } from './board-kept.ts';
import { battleRoom, loadBattle, openRound, roundsOf, type BattleRow } from './battles.ts';
import { BRACKET_FORMAT, checkBracketAttempt } from './brackets.ts';
import { checkAttemptVideo, refuseVideoTaken } from './attempt-video.ts';
import { countsSql } from './counting.ts';

// Attempts: an entered, living athlete submits to the open round, at most the round's limit; the best counts.

export const rulesOfBattle = (b: BattleRow): ScoringRules => ({
  scoreType: b.scoreType as ScoreType,
  timeCapMs: b.timeCapMs,
  repsPerRound: b.repsPerRound,
  hasTiebreak: b.hasTiebreak,
});

type AttemptRow = typeof battleAttempts.$inferSelect;

/** Whether an attempt counts (domain attemptCounts): not judged, or verified by a judge. */
const COUNTS = sql`coalesce(${battleAttempts.judging} = 'verified', ${battleAttempts.judging} is null)`;

export const scoreText = (b: BattleRow, a: Pick<AttemptRow, 'status' | 'value' | 'tiebreakMs'>) =>
  formatScore(
    b.scoreType as ScoreType,
    { status: a.status as 'finished' | 'capped', value: a.value, tiebreakMs: a.tiebreakMs },
    {
      repsPerRound: b.repsPerRound,
    },
  );

const presentAttempt = (b: BattleRow, a: AttemptRow & { displayName?: string }) => ({
  id: a.id,
  round_no: a.roundNo,
  user_id: a.userId,
  ...(a.displayName !== undefined ? { display_name: a.displayName } : {}),
  score_text: scoreText(b, a),
  submitted_at: a.submittedAt.toISOString(),
  judging: a.judging as AttemptJudging | null,
  verdict_reason: a.verdictReason,
});

export async function submitAttempt(ctx: AppContext, battleId: number, userId: number, body: Record<string, unknown>) {
  const db = ctx.database.db;
  const now = ctx.now();
  const b = await loadBattle(db, battleId);
  const rules = rulesOfBattle(b);
  const tiebreak = (body.tiebreak_ms as number | undefined) ?? null;
  const { tiebreak_ms: _t, video_id: givenVideo, ...rest } = body;
  // A judged-video battle's attempt names the athlete's own processed upload (attempt-video.ts); others take none.
  const videoId = await checkAttemptVideo(db, b, userId, givenVideo);
  const encoded = validateScore(
    rules,
    encodeScore(rules, scoreInputFor(rules.scoreType, { ...rest, ...(tiebreak !== null ? { tiebreak_ms: tiebreak } : {}) }), tiebreak),
  );
  const rounds = await roundsOf(db, battleId);
  const round = openRound(rounds, now);
  if (b.finishedAt) throw conflict('This battle is over.');
  if (!round) throw conflict(now < b.startsAt ? 'The first round has not opened yet.' : 'No round is open now: the window has closed.');
  // Until the previous round's cut is made, nobody knows who may go on.
  if (rounds.some((r) => r.roundNo < round.roundNo && !r.closedAt))
    throw conflict(`Round ${round.roundNo - 1} is being closed; submit again in a moment.`);
  const answer = await db.transaction(async (t) => {
    const tx = t as unknown as Database;
    // The entry row is the lock: two attempts at once count against the limit one after the other.
    const [entry] = await tx
      .select()
      .from(battleEntries)
      .where(and(eq(battleEntries.battleId, battleId), eq(battleEntries.userId, userId)))
      .for('update');
    if (!entry) throw new ApiError(403, 'Enter this battle before submitting an attempt.');
    if (entry.eliminatedRound !== null)
      throw new ApiError(403, `You were eliminated in round ${entry.eliminatedRound} and cannot submit again.`);
    // A bracket round is head to head: only the two athletes of a drawn match play it.
    if (b.format === BRACKET_FORMAT) await checkBracketAttempt(tx, battleId, round.roundNo, userId);
    const [used] = await tx
      .select({ n: count() })
      .from(battleAttempts)
      .where(and(eq(battleAttempts.battleId, battleId), eq(battleAttempts.roundNo, round.roundNo), eq(battleAttempts.userId, userId)));
    if ((used?.n ?? 0) >= b.attemptsPerRound)
      throw conflict(`You have used all ${b.attemptsPerRound} attempts of round ${round.roundNo}; your best one counts.`);
    const [row] = await tx
      .insert(battleAttempts)
      .values({
        battleId,
        roundNo: round.roundNo,
        userId,
        status: encoded.status,
        value: encoded.value,
        tiebreakMs: encoded.tiebreakMs,
        sortKey: sortKey(rules, encoded, 'rx'),
        submittedAt: now,
        ...(videoId ? { videoId, judging: 'waiting' satisfies AttemptJudging, originalValue: encoded.value } : {}),
      })
      .returning()
      .catch(refuseVideoTaken);
    await publish(tx, [
      {
        to: { room: battleRoom(battleId) },
        message: { type: 'battle_attempt_scored', battle_id: battleId, round_no: round.roundNo, user_id: userId },
      },
    ]);
    return { ...presentAttempt(b, row!), attempts_left: b.attemptsPerRound - (used?.n ?? 0) - 1 };
  });
  // This node's kept board of the round, now behind (the others drop theirs on the room message).
  dropKeptBoards(ctx, battleId);
  return answer;
}

/** The latest attempts of a round (everyone's), newest first. */
export async function listAttempts(ctx: AppContext, battleId: number, q: { round?: number; limit: number }) {
  const db = ctx.database.db;
  const b = await loadBattle(db, battleId);
  const round = q.round ?? openRound(await roundsOf(db, battleId), ctx.now())?.roundNo ?? 1;
  const rows = await db
    .select({ attempt: battleAttempts, displayName: users.displayName })
    .from(battleAttempts)
    .innerJoin(users, eq(users.id, battleAttempts.userId))
    .where(and(eq(battleAttempts.battleId, battleId), eq(battleAttempts.roundNo, round)))
    .orderBy(desc(battleAttempts.submittedAt), desc(battleAttempts.id))
    .limit(q.limit);
  return { round_no: round, items: rows.map((r) => presentAttempt(b, { ...r.attempt, displayName: r.displayName })) };
}

/** The caller's attempts in every round, by round then time, with the one that counts marked (among those that count). */
export async function myAttempts(ctx: AppContext, battleId: number, userId: number) {
  const db = ctx.database.db;
  const b = await loadBattle(db, battleId);
  const rows = await db
    .select({
      attempt: battleAttempts,
      counts: sql<boolean>`${COUNTS} and row_number() over (partition by ${battleAttempts.roundNo}, ${COUNTS} order by ${battleAttempts.sortKey}, ${battleAttempts.submittedAt}, ${battleAttempts.id}) = 1`,
    })
    .from(battleAttempts)
    .where(and(eq(battleAttempts.battleId, battleId), eq(battleAttempts.userId, userId)))
    .orderBy(asc(battleAttempts.roundNo), asc(battleAttempts.submittedAt), asc(battleAttempts.id));
  return { items: rows.map((r) => ({ ...presentAttempt(b, r.attempt), counts: r.counts })) };
}

/** Each athlete's best attempt of a round, as the engine takes them (closing a round reads these in its transaction). */
export async function roundAttempts(tx: Database, battleId: number, roundNo: number): Promise<RoundAttempt[]> {
  const best = await rowsOf<{ user_id: number; sort_key: string; submitted_ms: number }>(
    tx,
    // Ordered by the table's columns (a.sort_key): the bare name would sort by the text of the key selected below.
    // In a judged-video battle only verified attempts count (judging null: not judged at all).
    sql`select distinct on (a.user_id) a.user_id, a.sort_key::text as sort_key,
          floor(extract(epoch from a.submitted_at) * 1000)::float8 as submitted_ms
        from battle_attempts a where a.battle_id = ${battleId} and a.round_no = ${roundNo}
          and ${countsSql('a')}
        order by a.user_id, a.sort_key, a.submitted_at, a.id`,
  );
  return best.map((a) => ({ athleteId: a.user_id, sortKey: BigInt(a.sort_key), submittedAt: Number(a.submitted_ms) }));
}
