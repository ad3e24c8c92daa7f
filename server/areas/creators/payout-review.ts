import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import type { AppContext } from '#server/context.ts';
import type { Database } from '#server/db/index.ts';
import { creatorPayouts, users } from '#server/db/schema.ts';
import { ApiError, badRequest, conflict, notFound } from '#server/errors.ts';
import {
  CREATOR_TEXT,
  PAYOUT_REASON_MAX,
  PAYOUT_STATUS_LABELS,
  payoutTransition,
  type PayoutDecision,
  type PayoutStatus,
} from '#domain/creators.ts';
import { formatMoney, reversalEntries, type Currency } from '#domain/ledger.ts';
import { entriesOf, post } from './ledger.ts';
import type { PaymentProvider } from './payments.ts';
import { connectAccountOf, refuseUnverified } from './connect-status.ts';
import { notify } from '../notifications/index.ts';

// Administrators review payouts: approve, mark paid once the transfer went out, or turn one down with a reason,
// which posts the payout's entries reversed so the money is back in the creator's available balance.

type PayoutRow = typeof creatorPayouts.$inferSelect;

export const presentPayout = (p: PayoutRow) => ({
  id: p.id,
  amount_cents: p.amountCents,
  currency: p.currency as Currency,
  status: p.status as PayoutStatus,
  requested_at: p.requestedAt.toISOString(),
  decided_at: p.decidedAt?.toISOString() ?? null,
  paid_at: p.paidAt?.toISOString() ?? null,
  reason: p.reason,
  transfer_id: p.transferId,
});

/** The queue: payouts waiting for review or approved and not yet paid, oldest first; or the newest decided ones. */
export async function payoutsForReview(ctx: AppContext, status: 'open' | 'decided', limit: number) {
  const open = status === 'open';
  const rows = await ctx.database.db
    .select({ payout: creatorPayouts, name: users.displayName })
    .from(creatorPayouts)
    .leftJoin(users, eq(users.id, creatorPayouts.creatorId))
    .where(inArray(creatorPayouts.status, open ? ['requested', 'approved'] : ['paid', 'rejected']))
    .orderBy(open ? creatorPayouts.id : desc(creatorPayouts.id))
    .limit(limit);
  return {
    items: rows.map((r) => ({
      ...presentPayout(r.payout),
      creator: { wp_user_id: r.payout.creatorId, display_name: r.name ?? 'A deleted account' },
    })),
  };
}

/** How many payouts wait for an administrator (the admin dashboard's figure). */
export async function payoutsWaiting(db: Database): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(creatorPayouts)
    .where(inArray(creatorPayouts.status, ['requested', 'approved']));
  return Number(row?.n ?? 0);
}

const NOTICE: Record<Exclude<PayoutStatus, 'requested'>, (amount: string) => string> = {
  approved: (amount) => `Your payout of ${amount} is approved`,
  paid: (amount) => `Your payout of ${amount} is paid`,
  rejected: (amount) => `Your payout of ${amount} was turned down`,
};

async function tellCreator(tx: Database, payout: PayoutRow, to: Exclude<PayoutStatus, 'requested'>, reason: string, now: Date) {
  const amount = formatMoney(payout.amountCents, payout.currency as Currency);
  await notify(
    tx,
    {
      userId: payout.creatorId,
      kind: 'creator_payout',
      title: NOTICE[to](amount),
      body: to === 'rejected' ? `${reason} The amount is back in your available balance.` : PAYOUT_STATUS_LABELS[to] + '.',
      link: '/creator-dashboard',
    },
    now,
  );
}

/**
 * Stripe Connect: approving a payout of a creator with a connected account transfers the money (idempotent by the
 * payout's id, so a retry after a failure never pays twice) inside the approval's transaction: a refused transfer
 * approves nothing. An account Stripe has not verified (its last `account.updated`) is refused with a 409 before
 * Stripe is called.
 */
async function transferOnApproval(tx: Database, provider: PaymentProvider, payout: PayoutRow): Promise<string | null> {
  if (provider.payouts !== 'connect') return null;
  const account = await connectAccountOf(tx, payout.creatorId);
  if (!account) return null;
  refuseUnverified(account, CREATOR_TEXT.payoutAccountNotVerifiedForAdmin);
  try {
    const { transferId } = await provider.transferPayout({
      payoutId: payout.id,
      accountId: account.accountId,
      amountCents: payout.amountCents,
      currency: payout.currency as Currency,
    });
    return transferId;
  } catch (error) {
    if (error instanceof ApiError) throw error;
    throw new ApiError(502, CREATOR_TEXT.connectFailed);
  }
}

/**
 * The provider says an approved payout's money went out: it is paid, once (replays and late events change nothing).
 * The payout is found by the id our transfer carries and locked first, so an event that overtakes the approval's
 * own commit waits for it and then sees the transfer.
 */
export async function markTransferred(tx: Database, now: Date, event: { payoutId: number | null; transferId: string | null }) {
  const where = event.payoutId
    ? eq(creatorPayouts.id, event.payoutId)
    : event.transferId
      ? eq(creatorPayouts.transferId, event.transferId)
      : null;
  if (!where) return false;
  const [payout] = await tx.select().from(creatorPayouts).where(where).for('update');
  if (!payout || payout.status !== 'approved' || !payout.transferId) return false;
  if (event.transferId && payout.transferId !== event.transferId) return false;
  const [paid] = await tx
    .update(creatorPayouts)
    .set({ status: 'paid', paidAt: now })
    .where(and(eq(creatorPayouts.id, payout.id), eq(creatorPayouts.status, 'approved')))
    .returning();
  if (paid) await tellCreator(tx, paid, 'paid', '', now);
  return Boolean(paid);
}

/** One decision, in one transaction with its ledger reversal (a rejection), its transfer (Stripe Connect) and the creator's notification. */
export async function decidePayout(
  ctx: AppContext,
  provider: PaymentProvider,
  adminId: number,
  payoutId: number,
  decision: PayoutDecision,
  reasonText?: string,
) {
  const reason = (reasonText ?? '').trim();
  if (decision === 'reject' && !reason) throw badRequest(CREATOR_TEXT.payoutReasonNeeded, 'reason');
  if (reason.length > PAYOUT_REASON_MAX) throw badRequest(`Say it in ${PAYOUT_REASON_MAX} characters or fewer.`, 'reason');
  const now = ctx.now();
  return ctx.database.db.transaction(async (t) => {
    const tx = t as unknown as Database;
    const [payout] = await tx.select().from(creatorPayouts).where(eq(creatorPayouts.id, payoutId)).for('update');
    if (!payout) throw notFound(CREATOR_TEXT.noPayout);
    const step = payoutTransition(payout.status as PayoutStatus, decision);
    if ('problem' in step) throw conflict(step.problem);
    if (step.to === 'rejected' && payout.transactionId !== null) {
      await post(tx, {
        kind: 'payout_reversal',
        creatorId: payout.creatorId,
        idempotencyKey: `payout-reversal:${payout.id}`,
        reversesId: payout.transactionId,
        entries: reversalEntries(await entriesOf(tx, payout.transactionId)),
        at: now,
      });
    }
    const transferId = step.to === 'approved' ? await transferOnApproval(tx, provider, payout) : null;
    const [updated] = await tx
      .update(creatorPayouts)
      .set({
        ...(transferId ? { transferId } : {}),
        status: step.to,
        ...(step.to === 'paid' ? { paidAt: now } : { decidedAt: now, decidedBy: adminId }),
        ...(step.to === 'rejected' ? { reason } : {}),
      })
      .where(and(eq(creatorPayouts.id, payout.id), eq(creatorPayouts.status, payout.status)))
      .returning();
    await tellCreator(tx, payout, step.to as Exclude<PayoutStatus, 'requested'>, reason, now);
    return presentPayout(updated!);
  });
}
