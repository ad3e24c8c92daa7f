import { and, asc, eq, isNull, sql, type SQL } from 'drizzle-orm';
import type { AppContext } from '#server/context.ts';
import type { Database } from '#server/db/index.ts';
import { challengeEntries, challengeParticipants, challenges, challengeScores, tests, users } from '#server/db/schema.ts';
import { ApiError, badRequest, conflict, notFound } from '#server/errors.ts';
import { ADMIN_REASON_LIMITS } from '#domain/constants.ts';
import { notify } from '../notifications/index.ts';
import type { Division } from '#domain/scoring/index.ts';
import { challengeStatus, loadChallenge, presentScore } from './challenge.ts';
import { rankOf, slicesMoved } from '#server/lib/boards/rank-slices.ts';
import { recordCandidate } from './record-candidate.ts';
import { athletePlace } from './places.ts';
import { theaterChanged } from './theater-notice.ts';

// Scores changed after submission (withdrawn, removed, verified, rejected), with the board put back in step.

type Tx = Database;

/**
 * Puts an athlete's best verified, standing score on the board (or takes them
 * off it), keeping the rank slices and board sizes in step. Runs inside the
 * caller's transaction, after any change to that athlete's scores.
 */
export async function recomputeEntry(tx: Tx, challengeId: number, userId: number) {
  const [best] = await tx
    .select()
    .from(challengeScores)
    .where(
      and(
        eq(challengeScores.challengeId, challengeId),
        eq(challengeScores.userId, userId),
        isNull(challengeScores.deletedAt),
        isNull(challengeScores.hiddenAt),
        eq(challengeScores.verification, 'verified'),
      ),
    )
    .orderBy(asc(challengeScores.sortKey), asc(challengeScores.submittedAt))
    .limit(1);
  const [current] = await tx
    .select()
    .from(challengeEntries)
    .where(and(eq(challengeEntries.challengeId, challengeId), eq(challengeEntries.userId, userId)));
  // The same score with the same key (a judge's penalty changes a score's key in place) needs nothing.
  if (current?.scoreId === best?.id && current?.sortKey === best?.sortKey) return;
  const size = (division: string, delta: 1 | -1) =>
    tx
      .update(challenges)
      .set(
        division === 'rx'
          ? { rxEntries: sql`${challenges.rxEntries} + ${delta}` }
          : { scaledEntries: sql`${challenges.scaledEntries} + ${delta}` },
      )
      .where(eq(challenges.id, challengeId));
  const [p] = await tx
    .select({ sex: challengeParticipants.sex, ageGroup: challengeParticipants.ageGroup, category: challengeParticipants.category })
    .from(challengeParticipants)
    .where(and(eq(challengeParticipants.challengeId, challengeId), eq(challengeParticipants.userId, userId)));
  const category = p?.category ?? current?.category ?? '';
  const moves: SQL[] = [];
  if (current && current.category !== category) {
    await tx.execute(slicesMoved(challengeId, current.category, sql`values (${String(current.sortKey)}::bigint, -1)`));
  } else if (current) moves.push(sql`(${String(current.sortKey)}::bigint, -1)`);
  if (best) moves.push(sql`(${String(best.sortKey)}::bigint, 1)`);
  if (moves.length) await tx.execute(slicesMoved(challengeId, category, sql`values ${sql.join(moves, sql`, `)}`));
  if (current && !best) {
    await tx.delete(challengeEntries).where(and(eq(challengeEntries.challengeId, challengeId), eq(challengeEntries.userId, userId)));
    await size(current.division, -1);
    return;
  }
  if (!best) return;
  const entry = {
    challengeId,
    userId,
    scoreId: best.id,
    division: best.division,
    sex: p?.sex ?? null,
    ageGroup: p?.ageGroup ?? null,
    category,
    status: best.status,
    value: best.value,
    tiebreakMs: best.tiebreakMs,
    sortKey: best.sortKey,
    submittedAt: best.submittedAt,
  };
  await tx
    .insert(challengeEntries)
    .values(entry)
    .onConflictDoUpdate({ target: [challengeEntries.challengeId, challengeEntries.userId], set: entry });
  if (!current) await size(best.division, 1);
}

async function placeOf(db: Database, challengeId: number, userId: number) {
  const [entry] = await db
    .select({ sortKey: challengeEntries.sortKey, category: challengeEntries.category })
    .from(challengeEntries)
    .where(and(eq(challengeEntries.challengeId, challengeId), eq(challengeEntries.userId, userId)));
  return entry ? rankOf(db, challengeId, entry.sortKey, entry.category) : null;
}

/** An athlete withdraws a score (while the challenge is open), or an admin removes one. */
export async function deleteScore(ctx: AppContext, caller: { id: number; isAdmin: boolean }, challengeId: number, scoreId: number) {
  const db = ctx.database.db;
  const c = await loadChallenge(db, challengeId);
  const now = ctx.now();
  const score = await db.transaction(async (tx) => {
    const [s] = await tx
      .select()
      .from(challengeScores)
      .where(and(eq(challengeScores.id, scoreId), eq(challengeScores.challengeId, challengeId), isNull(challengeScores.deletedAt)))
      .for('update');
    if (!s) throw notFound('No such score in this challenge.');
    if (s.userId !== caller.id && !caller.isAdmin)
      throw new ApiError(403, 'Only the athlete who submitted a score or an admin can remove it.');
    if (!caller.isAdmin && challengeStatus(c, now) !== 'open') throw conflict('This challenge has closed; its scores are final.');
    const [gone] = await tx.update(challengeScores).set({ deletedAt: now }).where(eq(challengeScores.id, scoreId)).returning();
    await recomputeEntry(tx as unknown as Tx, challengeId, s.userId);
    await theaterChanged(tx, { scoreId });
    return gone!;
  });
  return {
    score: presentScore(c, score),
    rank: await placeOf(db, challengeId, score.userId),
    place: await athletePlace(db, c, score.userId),
  };
}

/**
 * An admin or editor verifies a held score (it ranks) or rejects it (it never does) with a
 * reason the athlete reads wherever the score is listed, and in a mail.
 */
export async function reviewScore(ctx: AppContext, scoreId: number, decision: 'verify' | 'reject', reason?: string) {
  const db = ctx.database.db;
  const why = reason?.trim() ?? '';
  if (decision === 'reject' && (why.length < ADMIN_REASON_LIMITS.min || why.length > ADMIN_REASON_LIMITS.max))
    throw badRequest(
      `Say why the score is rejected (${ADMIN_REASON_LIMITS.min} to ${ADMIN_REASON_LIMITS.max} characters): the athlete reads it.`,
      'reason',
    );
  if (decision === 'verify' && why) throw badRequest('A reason goes with a rejection only.', 'reason');
  const { result } = await db.transaction(async (tx) => {
    const [s] = await tx
      .select()
      .from(challengeScores)
      .where(and(eq(challengeScores.id, scoreId), isNull(challengeScores.deletedAt)))
      .for('update');
    if (!s) throw notFound('No such score.');
    if (s.verification !== 'unverified') throw conflict('This score is not waiting for review.');
    const [reviewed] = await tx
      .update(challengeScores)
      .set({
        verification: decision === 'verify' ? 'verified' : 'rejected',
        reviewReason: decision === 'reject' ? why : null,
        reviewedAt: ctx.now(),
      })
      .where(eq(challengeScores.id, scoreId))
      .returning();
    await recomputeEntry(tx as unknown as Tx, s.challengeId, s.userId);
    if (decision === 'verify') {
      await verifiedRecordCandidate(tx as unknown as Tx, reviewed!);
      return { result: reviewed!, notice: null };
    }
    // The athlete's notice of the rejection, in the rejection's transaction: the inbox row, its socket
    // push and its queued mail (sent after the commit, if the athlete keeps it on) stand or fall with it.
    const notice = await scoreRejectedNotice(tx as unknown as Tx, reviewed!);
    await theaterChanged(tx, { scoreId });
    await notify(tx, { userId: s.userId, kind: notice.kind, title: notice.title, body: notice.body, link: notice.link }, ctx.now());
    return { result: reviewed!, notice };
  });
  const c = await loadChallenge(db, result.challengeId, { includeDeleted: true });
  return {
    score: presentScore(c, result),
    rank: await placeOf(db, result.challengeId, result.userId),
    place: await athletePlace(db, c, result.userId),
  };
}

/** A held score verified as the athlete's best in a challenge linked to a test: its record candidate, in the review's transaction. */
async function verifiedRecordCandidate(tx: Tx, s: typeof challengeScores.$inferSelect) {
  const [row] = await tx
    .select({ challenge: challenges, test: tests, zone: users.timeZone, best: challengeEntries.scoreId })
    .from(challenges)
    .innerJoin(users, eq(users.id, s.userId))
    .leftJoin(tests, eq(tests.id, challenges.testId))
    .leftJoin(challengeEntries, and(eq(challengeEntries.challengeId, challenges.id), eq(challengeEntries.userId, s.userId)))
    .where(eq(challenges.id, s.challengeId));
  if (!row || row.best !== s.id) return;
  const insert = recordCandidate(tx as unknown as Database, row.challenge, row.test, {
    userId: s.userId,
    status: s.status,
    value: s.value,
    at: s.submittedAt,
    timeZone: row.zone,
  });
  if (insert) await insert;
}

/** What the athlete is told of a rejected score: a title, the reason, and where to see it. */
async function scoreRejectedNotice(tx: Tx, s: typeof challengeScores.$inferSelect) {
  const [row] = await tx.select({ challenge: challenges }).from(challenges).where(eq(challenges.id, s.challengeId));
  const shown = presentScore(row!.challenge, s);
  return {
    kind: 'score_rejected' as const,
    title: `Your ${shown.display} in ${row!.challenge.title} was not accepted`,
    body: `A judge reviewed your ${shown.display} in ${row!.challenge.title} and did not accept it. The reason: ${s.reviewReason}`,
    link: '/my-results-page',
  };
}

export async function listPendingScores(ctx: AppContext) {
  const db = ctx.database.db;
  const rows = await db
    .select({ score: challengeScores, challenge: challenges, name: users.displayName })
    .from(challengeScores)
    .innerJoin(challenges, eq(challenges.id, challengeScores.challengeId))
    .innerJoin(users, eq(users.id, challengeScores.userId))
    .where(and(eq(challengeScores.verification, 'unverified'), isNull(challengeScores.deletedAt), isNull(challenges.deletedAt)))
    .orderBy(asc(challengeScores.submittedAt))
    .limit(200);
  return {
    items: rows.map((r) => ({
      challenge: { id: r.challenge.id, title: r.challenge.title },
      athlete: { wp_user_id: r.score.userId, display_name: r.name },
      division: r.score.division as Division,
      score: presentScore(r.challenge, r.score),
    })),
  };
}
