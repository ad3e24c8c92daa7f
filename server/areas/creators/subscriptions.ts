import { and, desc, eq, inArray, or, sql } from 'drizzle-orm';
import type { AppContext } from '#server/context.ts';
import type { Database } from '#server/db/index.ts';
import { creatorSubscriptions, creatorTiers, users } from '#server/db/schema.ts';
import { ApiError, badRequest, conflict, notFound } from '#server/errors.ts';
import { CREATOR_LIMITS, CREATOR_TEXT, DAY_MS } from '#domain/creators.ts';
import { paymentEntries, reversalEntries, type Currency } from '#domain/ledger.ts';
import { entriesOf, isReversed, post, transactionByKey } from './ledger.ts';
import type { PaymentProvider, ProviderKind } from './payments.ts';
import { campaignForSubscription } from './campaigns.ts';
import { loadTier } from './tiers.ts';

// Subscriptions: subscribe (checkout through the provider), my subscriptions, cancel at the period's end,
// resume, and what a provider's payment or refund does to a subscription and the ledger.

type SubscriptionRow = typeof creatorSubscriptions.$inferSelect;

const presentSelect = {
  sub: creatorSubscriptions,
  tierName: creatorTiers.name,
  priceCents: creatorTiers.priceCents,
  currency: creatorTiers.currency,
  creatorName: users.displayName,
};

function present(r: { sub: SubscriptionRow; tierName: string; priceCents: number; currency: string; creatorName: string }, now: Date) {
  const s = r.sub;
  const inPeriod = s.currentPeriodEnd !== null && s.currentPeriodEnd > now;
  const status = s.status === 'active' && !inPeriod ? 'ended' : (s.status as 'pending' | 'active' | 'ended');
  return {
    id: s.id,
    tier_id: s.tierId,
    tier_name: r.tierName,
    creator_id: s.creatorId,
    creator_name: r.creatorName,
    price_cents: r.priceCents,
    currency: r.currency as Currency,
    status,
    has_access: status === 'active',
    cancel_at_period_end: s.cancelAtPeriodEnd,
    current_period_end: s.currentPeriodEnd?.toISOString() ?? null,
    provider: s.provider as ProviderKind,
    started_at: s.createdAt.toISOString(),
  };
}

async function subscriptionsWhere(db: Database, where: ReturnType<typeof eq>, now: Date) {
  const rows = await db
    .select(presentSelect)
    .from(creatorSubscriptions)
    .innerJoin(creatorTiers, eq(creatorTiers.id, creatorSubscriptions.tierId))
    .innerJoin(users, eq(users.id, creatorSubscriptions.creatorId))
    .where(where)
    .orderBy(desc(creatorSubscriptions.id))
    .limit(100);
  return rows.map((r) => present(r, now));
}

async function presentOne(db: Database, id: number, now: Date) {
  const [one] = await subscriptionsWhere(db, eq(creatorSubscriptions.id, id), now);
  if (!one) throw notFound(CREATOR_TEXT.noSubscription);
  return one;
}

export async function mySubscriptions(ctx: AppContext, subscriberId: number) {
  const now = ctx.now();
  const items = await subscriptionsWhere(ctx.database.db, eq(creatorSubscriptions.subscriberId, subscriberId), now);
  const rank = { active: 0, pending: 1, ended: 2 } as const;
  return items.sort((a, b) => rank[a.status] - rank[b.status] || b.id - a.id);
}

/** Ends what no longer counts as live between these two people: lapsed periods and abandoned checkouts. */
async function endStale(tx: Database, creatorId: number, subscriberId: number, now: Date) {
  await tx
    .update(creatorSubscriptions)
    .set({ status: 'ended', endedAt: now })
    .where(
      and(
        eq(creatorSubscriptions.creatorId, creatorId),
        eq(creatorSubscriptions.subscriberId, subscriberId),
        or(
          eq(creatorSubscriptions.status, 'pending'),
          and(
            eq(creatorSubscriptions.status, 'active'),
            sql`${creatorSubscriptions.currentPeriodEnd} <= ${now.toISOString()}::timestamptz`,
          ),
        ),
      ),
    );
}

export async function subscribe(ctx: AppContext, provider: PaymentProvider, subscriberId: number, tierId: number, campaignCode?: string) {
  const db = ctx.database.db;
  const now = ctx.now();
  const tier = await loadTier(db, tierId);
  if (tier.archivedAt) throw notFound('That tier is no longer offered.');
  if (tier.creatorId === subscriberId) throw badRequest(CREATOR_TEXT.selfSubscribe, 'tier_id');
  const created = await db.transaction(async (t) => {
    const tx = t as unknown as Database;
    await endStale(tx, tier.creatorId, subscriberId, now);
    const [live] = await tx
      .select({ id: creatorSubscriptions.id })
      .from(creatorSubscriptions)
      .where(
        and(
          eq(creatorSubscriptions.creatorId, tier.creatorId),
          eq(creatorSubscriptions.subscriberId, subscriberId),
          inArray(creatorSubscriptions.status, ['pending', 'active']),
        ),
      );
    if (live) throw conflict(CREATOR_TEXT.alreadySubscribed);
    const campaignId = await campaignForSubscription(tx, campaignCode, tier, now);
    const [row] = await tx
      .insert(creatorSubscriptions)
      .values({ tierId, creatorId: tier.creatorId, subscriberId, status: 'pending', provider: provider.kind, createdAt: now, campaignId })
      .returning();
    if (provider.kind !== 'local') return { row: row!, paid: false };
    // The local test provider charges at once: the payment posts in the same transaction.
    const checkout = await provider.startCheckout(checkoutRequest(ctx, row!.id, tier));
    if (checkout.kind === 'paid')
      await recordPayment(tx, now, {
        subscriptionId: row!.id,
        providerRef: null,
        paymentId: checkout.paymentId,
        amount: tier.priceCents,
        currency: tier.currency,
      });
    return { row: row!, paid: true };
  });
  if (created.paid) return { subscription: await presentOne(db, created.row.id, now), checkout_url: null };
  let checkout;
  try {
    checkout = await provider.startCheckout(checkoutRequest(ctx, created.row.id, tier));
  } catch (error) {
    await db.delete(creatorSubscriptions).where(eq(creatorSubscriptions.id, created.row.id));
    throw error;
  }
  if (checkout.kind === 'redirect') {
    await db.update(creatorSubscriptions).set({ providerRef: checkout.sessionId }).where(eq(creatorSubscriptions.id, created.row.id));
    return { subscription: await presentOne(db, created.row.id, now), checkout_url: checkout.url };
  }
  await db.transaction(async (t) =>
    recordPayment(t as unknown as Database, now, {
      subscriptionId: created.row.id,
      providerRef: null,
      paymentId: checkout.paymentId,
      amount: tier.priceCents,
      currency: tier.currency,
    }),
  );
  return { subscription: await presentOne(db, created.row.id, now), checkout_url: null };
}

function checkoutRequest(ctx: AppContext, subscriptionId: number, tier: { name: string; priceCents: number; currency: string }) {
  return {
    subscriptionId,
    tierName: tier.name,
    priceCents: tier.priceCents,
    currency: tier.currency as Currency,
    returnUrl: `${ctx.config.publicOrigin ?? ''}${ctx.config.basePath}creator-subscriptions-page`,
  };
}

export interface PaymentFacts {
  subscriptionId: number | null;
  providerRef: string | null;
  paymentId: string;
  amount: number;
  currency: string;
}

/**
 * A payment for a subscription: posts it to the ledger once (by the payment's id) and, when it was new,
 * activates the subscription for one more period. Returns whether it posted.
 */
export async function recordPayment(tx: Database, now: Date, p: PaymentFacts): Promise<boolean> {
  const where = p.subscriptionId
    ? eq(creatorSubscriptions.id, p.subscriptionId)
    : p.providerRef
      ? eq(creatorSubscriptions.providerRef, p.providerRef)
      : null;
  if (!where) return false;
  const [found] = await tx
    .select({ sub: creatorSubscriptions, currency: creatorTiers.currency })
    .from(creatorSubscriptions)
    .innerJoin(creatorTiers, eq(creatorTiers.id, creatorSubscriptions.tierId))
    .where(where);
  if (!found) return false;
  if (found.currency !== p.currency.toLowerCase()) throw badRequest('The payment is in a currency that does not match the tier.');
  if (!Number.isSafeInteger(p.amount) || p.amount <= 0) throw badRequest('The payment amount must be whole minor units above zero.');
  const posted = await post(tx, {
    kind: 'subscription_payment',
    creatorId: found.sub.creatorId,
    subscriptionId: found.sub.id,
    idempotencyKey: `payment:${p.paymentId}`,
    entries: paymentEntries(found.sub.creatorId, p.amount, found.currency as Currency),
    at: now,
  });
  if (posted === null) return false;
  const from = found.sub.currentPeriodEnd && found.sub.currentPeriodEnd > now ? found.sub.currentPeriodEnd : now;
  if (found.sub.status !== 'ended')
    await tx
      .update(creatorSubscriptions)
      .set({
        status: 'active',
        currentPeriodEnd: new Date(from.getTime() + CREATOR_LIMITS.periodDays * DAY_MS),
        ...(p.providerRef ? { providerRef: p.providerRef } : {}),
      })
      .where(eq(creatorSubscriptions.id, found.sub.id));
  return true;
}

/** A refund reverses the payment's entries once and ends the subscription's access. Returns whether it posted. */
export async function recordRefund(tx: Database, now: Date, paymentId: string, refundKey: string): Promise<boolean> {
  const payment = await transactionByKey(tx, `payment:${paymentId}`);
  if (!payment || (await isReversed(tx, payment.id))) return false;
  const posted = await post(tx, {
    kind: 'refund',
    creatorId: payment.creatorId,
    subscriptionId: payment.subscriptionId,
    reversesId: payment.id,
    idempotencyKey: refundKey,
    entries: reversalEntries(await entriesOf(tx, payment.id)),
    at: now,
  });
  if (posted !== null && payment.subscriptionId)
    await tx
      .update(creatorSubscriptions)
      .set({ status: 'ended', endedAt: now, currentPeriodEnd: now })
      .where(eq(creatorSubscriptions.id, payment.subscriptionId));
  return posted !== null;
}

export async function endByProviderRef(tx: Database, now: Date, providerRef: string) {
  await tx
    .update(creatorSubscriptions)
    .set({ status: 'ended', endedAt: now, cancelAtPeriodEnd: true })
    .where(and(eq(creatorSubscriptions.providerRef, providerRef), inArray(creatorSubscriptions.status, ['pending', 'active'])));
}

async function ownSubscription(db: Database, subscriberId: number, id: number) {
  const [row] = await db.select().from(creatorSubscriptions).where(eq(creatorSubscriptions.id, id));
  if (!row) throw notFound(CREATOR_TEXT.noSubscription);
  if (row.subscriberId !== subscriberId) throw new ApiError(403, CREATOR_TEXT.notYours);
  return row;
}

/** Cancel: access stays until the paid period ends (an unpaid checkout simply ends). */
export async function cancel(ctx: AppContext, provider: PaymentProvider, subscriberId: number, id: number) {
  const db = ctx.database.db;
  const now = ctx.now();
  const row = await ownSubscription(db, subscriberId, id);
  const inPeriod = row.currentPeriodEnd !== null && row.currentPeriodEnd > now;
  if (row.status === 'pending') {
    await db.update(creatorSubscriptions).set({ status: 'ended', endedAt: now }).where(eq(creatorSubscriptions.id, id));
  } else if (row.status === 'active' && inPeriod) {
    if (row.cancelAtPeriodEnd) throw conflict('This subscription is already cancelled; it ends when the paid period does.');
    await provider.cancelAtPeriodEnd(row.providerRef, true);
    await db.update(creatorSubscriptions).set({ cancelAtPeriodEnd: true }).where(eq(creatorSubscriptions.id, id));
  } else throw conflict('This subscription has ended already.');
  return presentOne(db, id, now);
}

/** Resubscribe while the paid period lasts: the cancellation is undone and nothing is charged until the period ends. */
export async function resume(ctx: AppContext, provider: PaymentProvider, subscriberId: number, id: number) {
  const db = ctx.database.db;
  const now = ctx.now();
  const row = await ownSubscription(db, subscriberId, id);
  const inPeriod = row.currentPeriodEnd !== null && row.currentPeriodEnd > now;
  if (row.status !== 'active' || !inPeriod) throw conflict('This subscription has ended: subscribe again from the creator’s tiers.');
  if (!row.cancelAtPeriodEnd) throw conflict('This subscription is not cancelled.');
  await provider.cancelAtPeriodEnd(row.providerRef, false);
  await db.update(creatorSubscriptions).set({ cancelAtPeriodEnd: false }).where(eq(creatorSubscriptions.id, id));
  return presentOne(db, id, now);
}
