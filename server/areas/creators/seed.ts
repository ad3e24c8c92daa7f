import { eq } from 'drizzle-orm';
import type { Database } from '#server/db/index.ts';
import { creatorSubscriptions, creatorTiers } from '#server/db/schema.ts';
import { DAY_MS } from '#domain/creators.ts';
import { recordPayment } from './subscriptions.ts';

const TIERS = [
  { name: 'Training Club', priceCents: 799, benefits: 'A weekly plan for the challenges I run, and my stories for subscribers.' },
  { name: 'Coached', priceCents: 2499, benefits: 'Everything in Training Club, plus a monthly review of your scores.' },
];

/**
 * The demo world's creator economy, paid through the local test provider: two creators with tiers, a few
 * subscribers each (paid on different days, so some earnings are past the hold and some pending), one cancelled.
 */
export async function seedDemoCreators(tx: Database, athleteIds: number[], now: number) {
  if (athleteIds.length < 8) return;
  const creators = athleteIds.slice(0, 2);
  const fans = athleteIds.slice(2, 8);
  for (const [c, creatorId] of creators.entries()) {
    const tiers = await tx
      .insert(creatorTiers)
      .values(
        TIERS.map((t) => ({
          creatorId,
          name: t.name,
          priceCents: t.priceCents,
          currency: 'usd',
          benefits: t.benefits,
          createdAt: new Date(now - 40 * DAY_MS),
        })),
      )
      .returning();
    for (const [i, fanId] of fans.entries()) {
      if ((i + c) % 3 === 2) continue;
      const tier = tiers[i % tiers.length]!;
      const paidAt = new Date(now - ((i * 5 + c * 3) % 25) * DAY_MS - DAY_MS);
      const [sub] = await tx
        .insert(creatorSubscriptions)
        .values({ tierId: tier.id, creatorId, subscriberId: fanId, status: 'pending', provider: 'local', createdAt: paidAt })
        .returning();
      await recordPayment(tx, paidAt, {
        subscriptionId: sub!.id,
        providerRef: null,
        paymentId: `local_demo_${sub!.id}`,
        amount: tier.priceCents,
        currency: 'usd',
      });
      if (i === 1) await tx.update(creatorSubscriptions).set({ cancelAtPeriodEnd: true }).where(eq(creatorSubscriptions.id, sub!.id));
    }
  }
}
