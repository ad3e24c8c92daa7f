import { and, eq, isNull, max } from 'drizzle-orm';
import type { Database } from '#server/db/index.ts';
import { creatorSubscriptions, creatorTiers } from '#server/db/schema.ts';
import { badRequest } from '#server/errors.ts';
import { hasAccessSql } from './tiers.ts';

// What subscriber-only stories need from the creators area: which of a reader's subscriptions give access now,
// and the tier an author may lock a story to. The rule itself is domain/stories.ts readsInFull.

export const NO_TIERS_TO_LOCK = 'Offer a subscription tier first: only creators with a tier can write for subscribers.';
export const NOT_YOUR_TIER = 'Choose one of your own tiers that is still offered.';

/** The dearest tier (monthly price in minor units) the reader has access to now, per creator. */
export async function subscribedPrices(db: Database, readerId: number | null, now: Date): Promise<Map<number, number>> {
  if (readerId === null) return new Map();
  const rows = await db
    .select({ creatorId: creatorSubscriptions.creatorId, price: max(creatorTiers.priceCents) })
    .from(creatorSubscriptions)
    .innerJoin(creatorTiers, eq(creatorTiers.id, creatorSubscriptions.tierId))
    .where(and(eq(creatorSubscriptions.subscriberId, readerId), hasAccessSql(now)))
    .groupBy(creatorSubscriptions.creatorId);
  return new Map(rows.map((r) => [r.creatorId, Number(r.price)]));
}

/**
 * The tier an author locks a story to, checked: one of their own offered tiers (400 otherwise), or null for
 * any tier (400 when they offer none).
 */
export async function lockableTier(db: Database, authorId: number, tierId: number | null): Promise<number | null> {
  const offered = await db
    .select({ id: creatorTiers.id })
    .from(creatorTiers)
    .where(and(eq(creatorTiers.creatorId, authorId), isNull(creatorTiers.archivedAt)));
  if (offered.length === 0) throw badRequest(NO_TIERS_TO_LOCK, 'subscribers_only');
  if (tierId === null) return null;
  if (!offered.some((t) => t.id === tierId)) throw badRequest(NOT_YOUR_TIER, 'tier_id');
  return tierId;
}
