import { and, asc, eq, lte } from 'drizzle-orm';
import type { AppContext } from '#server/context.ts';
import type { Database } from '#server/db/index.ts';
import { creatorSubscriptions, creatorTiers } from '#server/db/schema.ts';
import { recordPayment } from './subscriptions.ts';

// Renewals with the local test provider: a subscription that is active, not cancelled and at the end of its
// period is charged for the next one (Stripe renews on its own and tells us with invoice.paid). Each renewal
// posts once, keyed by the subscription and the period it pays for, so two nodes sweeping at once charge once.

const SWEEP_EVERY_MS = 60_000;
const BATCH = 100;
const lastSweep = new WeakMap<AppContext, number>();

/** Renews what is due now; returns how many were charged. */
export async function renewLocalSubscriptions(ctx: AppContext): Promise<number> {
  const db = ctx.database.db;
  const now = ctx.now();
  const due = await db
    .select({ id: creatorSubscriptions.id })
    .from(creatorSubscriptions)
    .where(
      and(
        eq(creatorSubscriptions.provider, 'local'),
        eq(creatorSubscriptions.status, 'active'),
        eq(creatorSubscriptions.cancelAtPeriodEnd, false),
        lte(creatorSubscriptions.currentPeriodEnd, now),
      ),
    )
    .orderBy(asc(creatorSubscriptions.currentPeriodEnd))
    .limit(BATCH);
  let renewed = 0;
  for (const { id } of due) {
    const charged = await db.transaction(async (t) => {
      const tx = t as unknown as Database;
      // Still due once locked: a cancellation or a new subscription in between wins.
      const [row] = await tx
        .select({ periodEnd: creatorSubscriptions.currentPeriodEnd, price: creatorTiers.priceCents, currency: creatorTiers.currency })
        .from(creatorSubscriptions)
        .innerJoin(creatorTiers, eq(creatorTiers.id, creatorSubscriptions.tierId))
        .where(
          and(
            eq(creatorSubscriptions.id, id),
            eq(creatorSubscriptions.status, 'active'),
            eq(creatorSubscriptions.cancelAtPeriodEnd, false),
            lte(creatorSubscriptions.currentPeriodEnd, now),
          ),
        )
        .for('update', { of: creatorSubscriptions });
      if (!row?.periodEnd) return false;
      return recordPayment(tx, now, {
        subscriptionId: id,
        providerRef: null,
        paymentId: `local_renewal_${id}_${row.periodEnd.getTime()}`,
        amount: row.price,
        currency: row.currency,
      });
    });
    if (charged) renewed++;
  }
  return renewed;
}

/** For the job worker's idle pass: renews at most once a minute per node. */
export async function renewalSweep(ctx: AppContext) {
  const at = Date.now();
  if (at - (lastSweep.get(ctx) ?? 0) < SWEEP_EVERY_MS) return;
  lastSweep.set(ctx, at);
  await renewLocalSubscriptions(ctx);
}
