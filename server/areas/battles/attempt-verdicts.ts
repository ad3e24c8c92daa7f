import { and, eq } from 'drizzle-orm';
import type { AppContext } from '#server/context.ts';
import type { Database } from '#server/db/index.ts';
import { battleAttempts, battleRounds, battles } from '#server/db/schema.ts';
import { conflict, notFound } from '#server/errors.ts';
import { publish } from '#server/lib/realtime/realtime-events.ts';
import { attemptVerdictState, type AttemptJudging } from '#domain/battles/index.ts';
import { penalizedValue, penaltyOf, type Verdict } from '#domain/judging.ts';
import { sortKey, type ScoreType } from '#domain/scoring/index.ts';
import { notify } from '../notifications/index.ts';
import { rulesOfBattle, scoreText } from './attempts.ts';
import { dropKeptBoards } from './board-kept.ts';
import { battleRoom, squadBattleLink, type BattleRow } from './battles.ts';

// What a judge's verdict does to a judged-video battle's attempt (the judging area's queue calls it, in its
// transaction): valid or a penalty verifies it (the penalty applied to the submitted value, the sort key recomputed)
// and it counts on the board and at the close; invalid rejects it. Only while its round is open: the close locks
// the round row and expires what still waits (closing.ts), so a verdict and a close never cross.

export const NO_ATTEMPT = 'No battle attempt with that id.';

type AttemptRow = typeof battleAttempts.$inferSelect;

export interface AttemptVerdict {
  judgeId: number;
  verdict: Verdict;
  penaltyPercent: number | null | undefined;
  reason: string | null;
}

/** The attempt, its battle and its round (the judging area's checks and its presentation read them). */
export async function loadJudgedAttempt(db: Database, attemptId: number, forUpdate = false) {
  const q = db
    .select({ attempt: battleAttempts, battle: battles, round: battleRounds })
    .from(battleAttempts)
    .innerJoin(battles, eq(battles.id, battleAttempts.battleId))
    .innerJoin(battleRounds, and(eq(battleRounds.battleId, battleAttempts.battleId), eq(battleRounds.roundNo, battleAttempts.roundNo)))
    .where(eq(battleAttempts.id, attemptId));
  const [row] = forUpdate ? await q.for('update', { of: battleAttempts }) : await q;
  if (!row || row.attempt.judging === null) throw notFound(NO_ATTEMPT);
  return row;
}

/** The attempt's score as it counts and as it was submitted. */
export function attemptScores(b: BattleRow, a: AttemptRow) {
  return { now: scoreText(b, a), submitted: scoreText(b, { ...a, value: a.originalValue ?? a.value }) };
}

/** Puts the verdict into effect in the caller's transaction; 409 when the attempt has one or its round has closed. */
export async function applyAttemptVerdict(tx: Database, attemptId: number, v: AttemptVerdict, now: Date) {
  const { attempt, battle } = await loadJudgedAttempt(tx, attemptId, true);
  // The round row shared-locked: a close (which locks it for update) waits for this verdict, or this for the close.
  const [round] = await tx
    .select()
    .from(battleRounds)
    .where(and(eq(battleRounds.battleId, attempt.battleId), eq(battleRounds.roundNo, attempt.roundNo)))
    .for('share');
  if (attempt.judging !== 'waiting')
    throw conflict(
      attempt.judging === 'expired'
        ? `Round ${attempt.roundNo} closed before this attempt was judged: it does not count.`
        : 'This attempt already has a verdict.',
    );
  if (!round || round.closedAt || now >= round.closesAt)
    throw conflict(`Round ${attempt.roundNo} has closed: an attempt still waiting at the close does not count.`);
  const judging = attemptVerdictState(v.verdict);
  const percent = penaltyOf(v.verdict, v.penaltyPercent);
  const original = attempt.originalValue ?? attempt.value;
  const status = attempt.status as 'finished' | 'capped';
  const value = penalizedValue(battle.scoreType as ScoreType, { status, value: original }, percent);
  const [row] = await tx
    .update(battleAttempts)
    .set({
      judging,
      value,
      sortKey: sortKey(rulesOfBattle(battle), { status, value, tiebreakMs: attempt.tiebreakMs }, 'rx'),
      penaltyPercent: percent || null,
      verdictReason: v.reason,
      verdictBy: v.judgeId,
      verdictAt: now,
    })
    .where(eq(battleAttempts.id, attemptId))
    .returning();
  await publish(tx, [
    {
      to: { room: battleRoom(battle.id) },
      message: {
        type: 'battle_attempt_judged',
        battle_id: battle.id,
        round_no: attempt.roundNo,
        user_id: attempt.userId,
        attempt_id: attemptId,
        judging,
      },
    },
  ]);
  const link = battle.format === 'squad_decimation' ? squadBattleLink(battle.id) : `/individual-battle-royale-page?id=${battle.id}`;
  await notify(
    tx,
    {
      userId: attempt.userId,
      kind: 'score_judged',
      title:
        judging === 'verified'
          ? `Your round ${attempt.roundNo} attempt in ${battle.name} was verified${percent ? ` with a ${percent}% penalty` : ''}`
          : `Your round ${attempt.roundNo} attempt in ${battle.name} was rejected`,
      body: v.reason ?? '',
      link,
    },
    now,
  );
  return { attempt: row!, battle, round: round, judging: judging satisfies AttemptJudging };
}

/** After the verdict has committed: this node's kept board of the battle is behind (the others drop theirs on the room message). */
export const attemptJudged = (ctx: AppContext, battleId: number) => dropKeptBoards(ctx, battleId);
