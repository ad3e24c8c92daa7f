import { and, count, eq, sql } from 'drizzle-orm';
import type { AppContext } from '#server/context.ts';
import type { Database } from '#server/db/index.ts';
import { challengeEntries, challengeParticipants, challenges, jobs, liveAttempts, liveSpectators, users } from '#server/db/schema.ts';
import { ApiError, conflict, isUniqueViolation, notFound } from '#server/errors.ts';
import { rankOf } from '#server/lib/boards/rank-slices.ts';
import { encodeScore, sortKey, validateScore, type Division, type ScoreType } from '#domain/scoring/index.ts';
import { LIVE_MAX_DURATION_MS, liveCountUnit, liveCountable, liveScoreBody } from '#domain/live.ts';
import { challengeStatus, rulesOf, scoreInputFor, type ChallengeRow } from '../challenges/index.ts';

// Live attempts: loading, showing and starting one. The counter's updates and reads are live-count.ts;
// the end, the cap and abandoning live-end.ts; spectator counts and reactions spectators.ts.

export const NO_ATTEMPT = 'No live attempt with that id.';
export const NOT_YOURS = 'This live attempt is someone else’s.';
/** The job that ends a capped attempt at its cap (live-end.ts runs it). */
export const LIVE_CAP_JOB = 'live_attempt_cap';
/** The job that closes attempts whose athlete is gone and removes segments nobody will use (live-stream-cleanup.ts). */
export const LIVE_CLEANUP_JOB = 'live_stream_cleanup';

export type AttemptRow = typeof liveAttempts.$inferSelect;

export interface LoadedAttempt {
  attempt: AttemptRow;
  challenge: ChallengeRow;
  displayName: string;
}

/** One attempt with its challenge and athlete's name (locked for update inside a transaction when asked). */
export async function loadAttempt(db: Database, id: number, opts: { lock?: boolean } = {}): Promise<LoadedAttempt> {
  const query = db
    .select({ attempt: liveAttempts, challenge: challenges, displayName: users.displayName })
    .from(liveAttempts)
    .innerJoin(challenges, eq(challenges.id, liveAttempts.challengeId))
    .innerJoin(users, eq(users.id, liveAttempts.userId))
    .where(eq(liveAttempts.id, id));
  const [row] = opts.lock ? await query.for('update', { of: liveAttempts }) : await query;
  if (!row) throw notFound(NO_ATTEMPT);
  return row;
}

/** The athlete's division and board category in the challenge (null: not joined). */
export async function participantOf(db: Database, challengeId: number, userId: number) {
  const [p] = await db
    .select({ division: challengeParticipants.division, category: challengeParticipants.category })
    .from(challengeParticipants)
    .where(and(eq(challengeParticipants.challengeId, challengeId), eq(challengeParticipants.userId, userId)));
  return p ?? null;
}

export const elapsedOf = (a: AttemptRow, now: Date) =>
  Math.max(0, Math.min((a.endedAt ?? now).getTime(), a.endsBy.getTime()) - a.startedAt.getTime());

/**
 * The place on the board the attempt would take if it ended now (a for-time workout: finished at the
 * clock's time), as the board ranks a submitted score. Null when the count is not a possible score yet.
 */
export async function projectedPlace(db: Database, c: ChallengeRow, a: AttemptRow, elapsedMs: number, division: Division | null) {
  if (!division) return null;
  const rules = rulesOf(c);
  const body = liveScoreBody(rules, { count: a.count, elapsedMs, finished: true });
  if (!body) return null;
  try {
    const encoded = validateScore(rules, encodeScore(rules, scoreInputFor(rules.scoreType, body), null));
    return await rankOf(db, c.id, sortKey(rules, encoded, division));
  } catch (error) {
    if (error instanceof ApiError || (error as { statusCode?: number }).statusCode === 400) return null;
    throw error;
  }
}

/** An attempt as the contract's LiveAttempt. */
export async function presentAttempt(ctx: AppContext, { attempt: a, challenge: c, displayName }: LoadedAttempt) {
  const db = ctx.database.db;
  const now = ctx.now();
  const elapsed = elapsedOf(a, now);
  const [participant, [size], [watching]] = await Promise.all([
    a.status === 'live' ? participantOf(db, c.id, a.userId) : null,
    db.select({ n: count() }).from(challengeEntries).where(eq(challengeEntries.challengeId, c.id)),
    db
      .select({ n: sql<number>`coalesce(sum(${liveSpectators.sockets}), 0)::int` })
      .from(liveSpectators)
      .where(eq(liveSpectators.attemptId, a.id)),
  ]);
  return {
    id: a.id,
    challenge_id: c.id,
    challenge_title: c.title,
    score_type: c.scoreType as ScoreType,
    count_unit: liveCountUnit(rulesOf(c)),
    time_cap_ms: c.timeCapMs,
    user_id: a.userId,
    display_name: displayName,
    status: a.status as 'live' | 'ended' | 'abandoned',
    started_at: a.startedAt.toISOString(),
    ends_by: a.endsBy.toISOString(),
    ended_at: a.endedAt?.toISOString() ?? null,
    end_reason: a.endReason as 'finished' | 'stopped' | 'capped' | 'abandoned' | 'inactive' | null,
    elapsed_ms: elapsed,
    seq: a.seq,
    count: a.count,
    projected_place: participant ? await projectedPlace(db, c, a, elapsed, participant.division as Division) : null,
    board_size: Number(size?.n ?? 0),
    spectators: Number(watching?.n ?? 0),
    score_text: a.scoreText,
    score_problem: a.scoreProblem,
    server_time: now.toISOString(),
  };
}

export type PresentedAttempt = Awaited<ReturnType<typeof presentAttempt>>;

/**
 * Starts a live attempt: the athlete joined the challenge, it is open, its score type can be counted
 * by taps, and they have no other attempt live (the partial unique index holds this across nodes).
 * A capped workout queues the job that ends it at the cap.
 */
export async function startLive(ctx: AppContext, userId: number, challengeId: number) {
  const db = ctx.database.db;
  const now = ctx.now();
  const [c] = await db.select().from(challenges).where(eq(challenges.id, challengeId));
  if (!c || c.deletedAt) throw notFound('No challenge with that id.');
  const status = challengeStatus(c, now);
  if (status === 'upcoming') throw conflict('This challenge has not opened yet.');
  if (status === 'closed') throw conflict('This challenge has closed; it can no longer be done live.');
  if (c.kind === 'team') throw conflict('Live attempts are for individual challenges.');
  if (!liveCountable(c.scoreType as ScoreType))
    throw conflict(
      `A live attempt counts reps, rounds, calories or points; this challenge scores ${c.scoreType}. Submit it after the workout.`,
    );
  if (!(await participantOf(db, challengeId, userId))) throw conflict('Join this challenge before going live.');
  const cap = c.timeCapMs ?? LIVE_MAX_DURATION_MS;
  const endsBy = new Date(now.getTime() + Math.min(cap, LIVE_MAX_DURATION_MS));
  let id: number;
  try {
    id = await db.transaction(async (tx) => {
      const [row] = await tx
        .insert(liveAttempts)
        .values({ challengeId, userId, status: 'live', startedAt: now, endsBy, updatedAt: now })
        .returning({ id: liveAttempts.id });
      // Ends itself at the cap even when nobody is watching (live-end.ts; ending twice changes nothing).
      await tx.insert(jobs).values({ kind: LIVE_CAP_JOB, payload: { attempt_id: row!.id }, runAt: endsBy, createdAt: now });
      return row!.id;
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw conflict('You already have a live attempt going; end it before starting another.');
    throw error;
  }
  return presentAttempt(ctx, await loadAttempt(db, id));
}

/** Refuses anyone but the attempt's athlete. */
export function ownedBy(a: AttemptRow, userId: number) {
  if (a.userId !== userId) throw new ApiError(403, NOT_YOURS);
}
