import { and, asc, eq, ne, sql } from 'drizzle-orm';
import type { AppContext } from '#server/context.ts';
import type { Database } from '#server/db/index.ts';
import { battleAttempts, battleRounds, battles, users, videos } from '#server/db/schema.ts';
import { ApiError, badRequest } from '#server/errors.ts';
import { judgeRefusal, verdictProblem, type Verdict } from '#domain/judging.ts';
import type { AttemptJudging, BattleFormat } from '#domain/battles/index.ts';
import { applyAttemptVerdict, attemptJudged, attemptScores, loadJudgedAttempt } from '../battles/index.ts';
import { audit } from '../challenges/index.ts';
import { presentVideo, videoService } from '../videos/index.ts';
import { certificateOf } from './judging.ts';

// Battle attempts in the judging queue: a judged-video battle's attempts wait here with their video, the round
// closing soonest first. One certified judge's verdict takes effect at once (a battle round is too short for a
// second judge): valid or a penalty verifies the attempt, invalid rejects it (the battles area applies it).

type Row = Awaited<ReturnType<typeof loadJudgedAttempt>> & { name: string; video: typeof videos.$inferSelect | null };

function present(ctx: AppContext, r: Row, viewerId: number) {
  const scores = attemptScores(r.battle, r.attempt);
  return {
    attempt_id: r.attempt.id,
    battle: { id: r.battle.id, name: r.battle.name, format: r.battle.format as BattleFormat },
    round_no: r.attempt.roundNo,
    round_closes_at: r.round.closesAt.toISOString(),
    athlete: { user_id: r.attempt.userId, display_name: r.name },
    score_text: scores.now,
    original_score_text: scores.submitted,
    judging: r.attempt.judging as AttemptJudging,
    penalty_percent: r.attempt.penaltyPercent,
    verdict_reason: r.attempt.verdictReason,
    video: r.video ? presentVideo(videoService(ctx), r.video, viewerId) : null,
    submitted_at: r.attempt.submittedAt.toISOString(),
  };
}

async function refuseNonJudge(db: Database, judgeId: number, athleteId: number, now: Date) {
  const problem = judgeRefusal(
    { id: judgeId, certificate: await certificateOf(db, judgeId) },
    { athleteId, earlierJudges: [], appealed: false },
    now,
  );
  if (problem)
    throw new ApiError(
      problem.status,
      problem.detail === 'You cannot judge your own score.' ? 'You cannot judge your own attempt.' : problem.detail,
    );
}

/** The waiting battle attempts (not the judge's own), the round closing soonest first, then the earliest submitted. */
export async function battleAttemptQueue(ctx: AppContext, judgeId: number, q: { offset: number; limit: number }) {
  const db = ctx.database.db;
  await refuseNonJudge(db, judgeId, -1, ctx.now());
  const where = and(eq(battleAttempts.judging, 'waiting'), ne(battleAttempts.userId, judgeId));
  const rows = await db
    .select({ attempt: battleAttempts, battle: battles, round: battleRounds, name: users.displayName, video: videos })
    .from(battleAttempts)
    .innerJoin(battles, eq(battles.id, battleAttempts.battleId))
    .innerJoin(battleRounds, and(eq(battleRounds.battleId, battleAttempts.battleId), eq(battleRounds.roundNo, battleAttempts.roundNo)))
    .innerJoin(users, eq(users.id, battleAttempts.userId))
    .leftJoin(videos, eq(videos.id, battleAttempts.videoId))
    .where(where)
    .orderBy(asc(battleRounds.closesAt), asc(battleAttempts.submittedAt), asc(battleAttempts.id))
    .limit(q.limit)
    .offset(q.offset);
  const [counted] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(battleAttempts)
    .where(where);
  return { items: rows.map((r) => present(ctx, r, judgeId)), total: Number(counted?.n ?? 0), offset: q.offset };
}

/** A certified judge's verdict on a waiting battle attempt (not their own); the audit trail records it. */
export async function judgeBattleAttempt(
  ctx: AppContext,
  judgeId: number,
  attemptId: number,
  body: { verdict: Verdict; penalty_percent?: number | null; reason?: string },
) {
  const db = ctx.database.db;
  const now = ctx.now();
  const problem = verdictProblem(body);
  if (problem) throw badRequest(problem, body.verdict === 'valid' || !body.reason?.trim() ? 'reason' : 'penalty_percent');
  const before = await loadJudgedAttempt(db, attemptId);
  await refuseNonJudge(db, judgeId, before.attempt.userId, now);
  const reason = body.reason?.trim() || null;
  const done = await db.transaction(async (t) => {
    const tx = t as unknown as Database;
    const applied = await applyAttemptVerdict(
      tx,
      attemptId,
      { judgeId, verdict: body.verdict, penaltyPercent: body.penalty_percent, reason },
      now,
    );
    await audit(
      tx,
      null,
      judgeId,
      'battle_verdict',
      {
        battle_attempt_id: attemptId,
        battle_id: applied.battle.id,
        verdict: body.verdict,
        penalty_percent: body.penalty_percent ?? null,
        reason,
      },
      now,
    );
    return applied;
  });
  attemptJudged(ctx, done.battle.id);
  const [named] = await db.select({ name: users.displayName }).from(users).where(eq(users.id, done.attempt.userId));
  const [video] = done.attempt.videoId ? await db.select().from(videos).where(eq(videos.id, done.attempt.videoId)) : [];
  return present(ctx, { ...done, name: named?.name ?? '', video: video ?? null }, judgeId);
}
