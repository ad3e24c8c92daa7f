import { and, desc, eq, sql } from 'drizzle-orm';
import type { AppContext } from '#server/context.ts';
import type { Database } from '#server/db/index.ts';
import {
  creatorConnectAccounts,
  creatorPayouts,
  creatorSubscriptions,
  creatorTiers,
  paymentWebhookEvents,
  users,
} from '#server/db/schema.ts';
import { ApiError, badRequest, conflict } from '#server/errors.ts';
import { CREATOR_LIMITS, CREATOR_TEXT } from '#domain/creators.ts';
import { PLATFORM_FEE_PERCENT, payoutEntries, type Currency } from '#domain/ledger.ts';
import { creatorBalances, post } from './ledger.ts';
import type { PaymentProvider } from './payments.ts';
import { endByProviderRef, recordPayment, recordRefund } from './subscriptions.ts';
import { hasAccessSql, tiersOf } from './tiers.ts';
import { markTransferred, presentPayout } from './payout-review.ts';
import { connectAccountOf, refuseUnverified, storeAccountStatus } from './connect-status.ts';

// The creator's dashboard (subscribers, MRR, earnings from the ledger), payout requests, and the payment
// provider's webhooks, each event taken once by its id.

export async function creatorDashboard(ctx: AppContext, provider: PaymentProvider, creatorId: number) {
  const db = ctx.database.db;
  const now = ctx.now();
  const live = and(eq(creatorSubscriptions.creatorId, creatorId), hasAccessSql(now));
  const [{ n } = { n: 0 }] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(creatorSubscriptions)
    .where(live);
  const mrr = await db
    .select({ currency: creatorTiers.currency, amount: sql<number>`sum(${creatorTiers.priceCents})::bigint` })
    .from(creatorSubscriptions)
    .innerJoin(creatorTiers, eq(creatorTiers.id, creatorSubscriptions.tierId))
    .where(and(live, eq(creatorSubscriptions.cancelAtPeriodEnd, false)))
    .groupBy(creatorTiers.currency)
    .orderBy(creatorTiers.currency);
  const account = await connectAccountOf(db, creatorId);
  const payouts = await db
    .select()
    .from(creatorPayouts)
    .where(eq(creatorPayouts.creatorId, creatorId))
    .orderBy(desc(creatorPayouts.id))
    .limit(20);
  return {
    subscribers: Number(n),
    mrr: mrr.map((m) => ({ currency: m.currency as Currency, amount_cents: Number(m.amount) })),
    balances: await creatorBalances(db, creatorId, now),
    fee_percent: PLATFORM_FEE_PERCENT,
    payout_min_cents: CREATOR_LIMITS.payoutMin,
    hold_days: CREATOR_LIMITS.holdDays,
    provider: provider.kind,
    payouts_via: provider.payouts,
    payout_account: account !== null,
    payout_account_status: account?.status ?? null,
    tiers: await tiersOf(db, creatorId, now, true),
    payouts: payouts.map(presentPayout),
  };
}

/**
 * A payout of available earnings: the payout row and its ledger transaction in one database transaction. With Stripe
 * Connect, a creator whose connected account Stripe has not verified is refused (409) and nothing is held back.
 */
export async function requestPayout(ctx: AppContext, provider: PaymentProvider, creatorId: number, amount: number, currency: Currency) {
  if (!Number.isSafeInteger(amount) || amount < CREATOR_LIMITS.payoutMin) throw badRequest(CREATOR_TEXT.payoutTooSmall, 'amount_cents');
  if (provider.payouts === 'connect')
    refuseUnverified(await connectAccountOf(ctx.database.db, creatorId), CREATOR_TEXT.payoutAccountNotVerified);
  const now = ctx.now();
  return ctx.database.db.transaction(async (t) => {
    const tx = t as unknown as Database;
    // One creator's payouts in turn, so two requests cannot both spend the same balance.
    await tx.execute(sql`select pg_advisory_xact_lock(4702, ${creatorId})`);
    const balance = (await creatorBalances(tx, creatorId, now)).find((b) => b.currency === currency);
    if (!balance || amount > balance.available_cents) throw conflict(CREATOR_TEXT.payoutAboveAvailable);
    const [payout] = await tx
      .insert(creatorPayouts)
      .values({ creatorId, amountCents: amount, currency, status: 'requested', requestedAt: now })
      .returning();
    const txId = await post(tx, {
      kind: 'payout',
      creatorId,
      idempotencyKey: `payout:${payout!.id}`,
      entries: payoutEntries(creatorId, amount, currency),
      at: now,
    });
    await tx.update(creatorPayouts).set({ transactionId: txId }).where(eq(creatorPayouts.id, payout!.id));
    return presentPayout(payout!);
  });
}

/** A provider's webhook: verified over the raw body, then taken once per event id with everything it changes. */
export async function takeWebhook(ctx: AppContext, provider: PaymentProvider, rawBody: string, signature: string | undefined) {
  const verified = provider.verifyWebhook(rawBody, signature);
  const now = ctx.now();
  return ctx.database.db.transaction(async (t) => {
    const tx = t as unknown as Database;
    const [fresh] = await tx
      .insert(paymentWebhookEvents)
      .values({ id: verified.id, provider: provider.kind, type: verified.type.slice(0, 255), receivedAt: now })
      .onConflictDoNothing()
      .returning({ id: paymentWebhookEvents.id });
    if (!fresh) return { received: true, duplicate: true };
    const e = verified.event;
    if (e.type === 'payment_succeeded') await recordPayment(tx, now, e);
    else if (e.type === 'payment_refunded') await recordRefund(tx, now, e.paymentId, e.refundId);
    else if (e.type === 'subscription_ended') await endByProviderRef(tx, now, e.providerRef);
    else if (e.type === 'payout_transferred') await markTransferred(tx, now, e);
    else if (e.type === 'account_updated') await storeAccountStatus(tx, e);
    return { received: true, duplicate: false };
  });
}

/**
 * Stripe Connect onboarding: the creator's Express account is made once (and kept before they finish, so coming back
 * continues it) and the answer is Stripe's onboarding page. The test provider answers 409: no money moves.
 */
export async function startPayoutOnboarding(ctx: AppContext, provider: PaymentProvider, creatorId: number) {
  if (provider.payouts !== 'connect') throw conflict(CREATOR_TEXT.noConnectInTestMode);
  const db = ctx.database.db;
  const [user] = await db.select({ email: users.email }).from(users).where(eq(users.id, creatorId));
  const back = `${ctx.config.publicOrigin ?? ''}${ctx.config.basePath}creator-dashboard`;
  let started;
  try {
    started = await provider.startPayoutOnboarding({
      creatorId,
      accountId: (await connectAccountOf(db, creatorId))?.accountId ?? null,
      email: user?.email ?? null,
      returnUrl: `${back}?payouts=connected`,
      refreshUrl: `${back}?payouts=retry`,
    });
  } catch (error) {
    if (error instanceof ApiError) throw error;
    throw new ApiError(502, 'Stripe did not answer. Please try again.');
  }
  await db
    .insert(creatorConnectAccounts)
    .values({ creatorId, accountId: started.accountId, createdAt: ctx.now() })
    .onConflictDoNothing({ target: creatorConnectAccounts.creatorId });
  return { url: started.url };
}
