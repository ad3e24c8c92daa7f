import { and, asc, count, desc, eq, inArray, isNull, like, ne, or, type SQL } from 'drizzle-orm';
import type { AppContext } from '#server/context.ts';
import type { Database } from '#server/db/index.ts';
import { historicalResults, performanceClaims, personalRecords, tests, users } from '#server/db/schema.ts';
import { badRequest, conflict, notFound } from '#server/errors.ts';
import type { TestUnit } from '#domain/measures.ts';
import { normalizedFor, refreshBests } from './bests.ts';
import { isUniqueViolation, loadProfiles, normalizeName } from './historical.ts';
import { likeLiteral } from '#server/lib/boards/board-find.ts';

export type ClaimStatus = 'pending' | 'approved' | 'rejected';

/** The reason the other pending claims on a result get when one is approved. */
export const OTHER_CLAIM_APPROVED = "Another athlete's claim was approved";
/** listMyClaims shows at most this many (an athlete has a handful). */
const MY_CLAIMS_LIMIT = 500;

export interface ClaimableResult {
  id: number;
  athlete_name: string;
  test_id: number;
  test_name: string;
  unit: TestUnit;
  value: number;
  achieved_on: string;
  source: string;
  my_claim: ClaimStatus | null;
}

export interface Claim {
  id: number;
  status: ClaimStatus;
  message: string;
  review_reason: string | null;
  created_at: string;
  reviewed_at: string | null;
  claimant_id: number;
  claimant_name: string;
  result: ClaimableResult;
}

const resultColumns = {
  id: historicalResults.id,
  athleteName: historicalResults.athleteName,
  testId: historicalResults.testId,
  testName: tests.name,
  unit: tests.unit,
  value: historicalResults.value,
  achievedOn: historicalResults.achievedOn,
  source: historicalResults.source,
};
type ResultRow = { [K in keyof typeof resultColumns]: (typeof resultColumns)[K]['_']['data'] };

function presentResult(r: ResultRow, myClaim: string | null): ClaimableResult {
  return {
    id: r.id,
    athlete_name: r.athleteName,
    test_id: r.testId,
    test_name: r.testName,
    unit: r.unit as TestUnit,
    value: r.value,
    achieved_on: r.achievedOn,
    source: r.source,
    my_claim: (myClaim as ClaimStatus | null) ?? null,
  };
}

const describeResult = (r: { athleteName: string; testName: string; achievedOn: string }) =>
  `${r.athleteName || 'an unnamed athlete'}, ${r.testName} on ${r.achievedOn}`;

/**
 * Unclaimed historical results (not tied to an account) whose athlete name starts with or
 * contains the search, newest first, with the caller's own claim on each.
 */
export async function searchClaimableResults(ctx: AppContext, callerId: number, q: { name: string; offset: number; limit: number }) {
  const db = ctx.database.db;
  const search = normalizeName(q.name);
  if (search.length < 2) throw badRequest('Type at least 2 letters of the athlete’s name.');
  const pattern = likeLiteral(search);
  // The prefix clause can use the text_pattern_ops index; the contains clause finds surnames.
  const where = and(
    isNull(historicalResults.userId),
    or(like(historicalResults.nameNormalized, `${pattern}%`), like(historicalResults.nameNormalized, `%${pattern}%`)),
  );
  const [rows, [total]] = await Promise.all([
    db
      .select({ ...resultColumns, myClaim: performanceClaims.status })
      .from(historicalResults)
      .innerJoin(tests, eq(tests.id, historicalResults.testId))
      .leftJoin(performanceClaims, and(eq(performanceClaims.historicalId, historicalResults.id), eq(performanceClaims.userId, callerId)))
      .where(where)
      .orderBy(desc(historicalResults.achievedOn), desc(historicalResults.id))
      .offset(q.offset)
      .limit(q.limit),
    db.select({ n: count() }).from(historicalResults).where(where),
  ]);
  return { items: rows.map((r) => presentResult(r, r.myClaim)), total: total?.n ?? 0 };
}

/** Claims with their result and claimant, in the order given. */
async function loadClaims(db: Database, where: SQL | undefined, order: 'oldest' | 'newest', page?: { offset: number; limit: number }) {
  const query = db
    .select({
      claim: performanceClaims,
      claimantName: users.displayName,
      result: resultColumns,
    })
    .from(performanceClaims)
    .innerJoin(historicalResults, eq(historicalResults.id, performanceClaims.historicalId))
    .innerJoin(tests, eq(tests.id, historicalResults.testId))
    .innerJoin(users, eq(users.id, performanceClaims.userId))
    .where(where)
    .orderBy(
      ...(order === 'oldest'
        ? [asc(performanceClaims.createdAt), asc(performanceClaims.id)]
        : [desc(performanceClaims.createdAt), desc(performanceClaims.id)]),
    )
    .offset(page?.offset ?? 0)
    .limit(page?.limit ?? MY_CLAIMS_LIMIT);
  const rows = await query;
  return rows.map((r): Claim => ({
    id: r.claim.id,
    status: r.claim.status as ClaimStatus,
    message: r.claim.message,
    review_reason: r.claim.reviewReason,
    created_at: r.claim.createdAt.toISOString(),
    reviewed_at: r.claim.reviewedAt?.toISOString() ?? null,
    claimant_id: r.claim.userId,
    claimant_name: r.claimantName,
    result: presentResult(r.result, r.claim.status),
  }));
}

/**
 * Claims unclaimed historical results for the caller, pending review. 404 names unknown ids;
 * 409 when a result is already tied to an account or the caller already claimed it.
 */
export async function createClaims(ctx: AppContext, callerId: number, input: { historical_ids: number[]; message?: string }) {
  const db = ctx.database.db;
  const ids = [...new Set(input.historical_ids)];
  const message = (input.message ?? '').trim();
  const now = ctx.now();
  try {
    await db.transaction(async (tx) => {
      const found = await tx
        .select({
          id: historicalResults.id,
          userId: historicalResults.userId,
          athleteName: historicalResults.athleteName,
          testName: tests.name,
          achievedOn: historicalResults.achievedOn,
        })
        .from(historicalResults)
        .innerJoin(tests, eq(tests.id, historicalResults.testId))
        .where(inArray(historicalResults.id, ids))
        .for('update', { of: historicalResults });
      const byId = new Map(found.map((r) => [r.id, r]));
      const unknown = ids.filter((id) => !byId.has(id));
      if (unknown.length > 0) {
        throw notFound(`No historical result with id ${unknown.join(', ')}. Search again: it may have been removed.`);
      }
      for (const id of ids) {
        const r = byId.get(id)!;
        if (r.userId === callerId) throw conflict(`The result ${describeResult(r)} is already in your records.`);
        if (r.userId !== null) throw conflict(`The result ${describeResult(r)} is already tied to another athlete’s account.`);
      }
      const mine = await tx
        .select({ historicalId: performanceClaims.historicalId, status: performanceClaims.status })
        .from(performanceClaims)
        .where(and(eq(performanceClaims.userId, callerId), inArray(performanceClaims.historicalId, ids)));
      const first = mine[0];
      if (first) {
        const r = byId.get(first.historicalId)!;
        const state = first.status === 'rejected' ? 'and it was rejected' : 'and it is waiting for review';
        throw conflict(`You already claimed the result ${describeResult(r)}, ${state}.`);
      }
      await tx
        .insert(performanceClaims)
        .values(ids.map((historicalId) => ({ historicalId, userId: callerId, message, status: 'pending', createdAt: now })));
    });
  } catch (err) {
    if (isUniqueViolation(err)) throw conflict('You already claimed one of these results.');
    throw err;
  }
  return {
    items: await loadClaims(db, and(eq(performanceClaims.userId, callerId), inArray(performanceClaims.historicalId, ids)), 'oldest'),
  };
}

/** The caller's claims, newest first. */
export async function listMyClaims(ctx: AppContext, callerId: number) {
  return { items: await loadClaims(ctx.database.db, eq(performanceClaims.userId, callerId), 'newest') };
}

/** Claims by status (pending by default), oldest first: the review queue. */
export async function listClaimsForReview(ctx: AppContext, q: { status?: ClaimStatus; offset: number; limit: number }) {
  const db = ctx.database.db;
  const where = eq(performanceClaims.status, q.status ?? 'pending');
  const [items, [total]] = await Promise.all([
    loadClaims(db, where, 'oldest', q),
    db.select({ n: count() }).from(performanceClaims).where(where),
  ]);
  return { items, total: total?.n ?? 0 };
}

/**
 * Approves or rejects a pending claim. Approval, in one transaction: the result is tied to the
 * claimant, becomes their approved personal record, the other pending claims on it are rejected,
 * and the claimant's bests and global score are recomputed (no celebration: it is history).
 */
export async function reviewClaim(
  ctx: AppContext,
  reviewerId: number,
  claimId: number,
  input: { decision: 'approve' | 'reject'; reason?: string },
): Promise<Claim> {
  const db = ctx.database.db;
  const reason = input.reason?.trim() || null;
  if (input.decision === 'reject' && !reason) throw badRequest('Say why the claim is rejected: the athlete sees the reason.');
  const now = ctx.now();
  await db.transaction(async (tx) => {
    const [claim] = await tx.select().from(performanceClaims).where(eq(performanceClaims.id, claimId)).for('update');
    if (!claim) throw notFound(`No claim with id ${claimId}.`);
    if (claim.status !== 'pending') throw conflict(`This claim was already ${claim.status}.`);
    const reviewed = { reviewedBy: reviewerId, reviewedAt: now };
    if (input.decision === 'reject') {
      await tx
        .update(performanceClaims)
        .set({ status: 'rejected', reviewReason: reason, ...reviewed })
        .where(eq(performanceClaims.id, claimId));
      return;
    }
    const [result] = await tx.select().from(historicalResults).where(eq(historicalResults.id, claim.historicalId)).for('update');
    if (!result) throw notFound('The claimed result no longer exists.');
    if (result.userId !== null) throw conflict('This result is already tied to an athlete’s account; reject the claim instead.');
    const [test] = await tx
      .select({ standards: tests.standards, direction: tests.direction })
      .from(tests)
      .where(eq(tests.id, result.testId));
    const profile = (await loadProfiles(tx as unknown as Database, [claim.userId])).get(claim.userId) ?? null;
    await tx
      .update(performanceClaims)
      .set({ status: 'approved', reviewReason: reason, ...reviewed })
      .where(eq(performanceClaims.id, claimId));
    await tx
      .update(performanceClaims)
      .set({ status: 'rejected', reviewReason: OTHER_CLAIM_APPROVED, ...reviewed })
      .where(
        and(eq(performanceClaims.historicalId, result.id), eq(performanceClaims.status, 'pending'), ne(performanceClaims.id, claimId)),
      );
    await tx.update(historicalResults).set({ userId: claim.userId }).where(eq(historicalResults.id, result.id));
    await tx.insert(personalRecords).values({
      userId: claim.userId,
      testId: result.testId,
      value: result.value,
      rawValue: result.rawValue,
      rawUnit: result.rawUnit,
      achievedOn: result.achievedOn,
      source: 'historical',
      historicalId: result.id,
      status: 'approved',
      normalizedScore: test ? normalizedFor(test, profile, result.value) : 0,
      ...reviewed,
      submittedAt: now,
    });
    await refreshBests(tx as unknown as Database, [{ userId: claim.userId, testId: result.testId }]);
  });
  const [claim] = await loadClaims(db, eq(performanceClaims.id, claimId), 'oldest');
  return claim!;
}
