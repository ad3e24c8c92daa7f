import { and, asc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { AppContext } from '#server/context.ts';
import type { Database } from '#server/db/index.ts';
import { creatorSubscriptions, creatorTiers, users } from '#server/db/schema.ts';
import { ApiError, badRequest, conflict, notFound } from '#server/errors.ts';
import { CREATOR_LIMITS, CREATOR_TEXT, tierProblem } from '#domain/creators.ts';
import type { Currency } from '#domain/ledger.ts';

// Tiers: what a creator offers, and the list of creators athletes subscribe from.

export type TierRow = typeof creatorTiers.$inferSelect;

export interface TierInput {
  name: string;
  price_cents: number;
  currency: Currency;
  benefits?: string;
}

/** Subscribers with access now: active and inside the paid period. */
export const hasAccessSql = (now: Date) =>
  sql`${creatorSubscriptions.status} = 'active' and ${creatorSubscriptions.currentPeriodEnd} > ${now.toISOString()}::timestamptz`;

export function presentTier(t: TierRow, activeSubscribers: number) {
  return {
    id: t.id,
    creator_id: t.creatorId,
    name: t.name,
    price_cents: t.priceCents,
    currency: t.currency as Currency,
    benefits: t.benefits,
    archived: t.archivedAt !== null,
    active_subscribers: activeSubscribers,
  };
}

/** Active subscribers per tier of these tiers. */
export async function subscribersByTier(db: Database, tierIds: number[], now: Date): Promise<Map<number, number>> {
  if (tierIds.length === 0) return new Map();
  const rows = await db
    .select({ tierId: creatorSubscriptions.tierId, n: sql<number>`count(*)::int` })
    .from(creatorSubscriptions)
    .where(and(inArray(creatorSubscriptions.tierId, tierIds), hasAccessSql(now)))
    .groupBy(creatorSubscriptions.tierId);
  return new Map(rows.map((r) => [r.tierId, Number(r.n)]));
}

export async function tiersOf(db: Database, creatorId: number, now: Date, withArchived: boolean) {
  const rows = await db
    .select()
    .from(creatorTiers)
    .where(and(eq(creatorTiers.creatorId, creatorId), withArchived ? undefined : isNull(creatorTiers.archivedAt)))
    .orderBy(asc(creatorTiers.priceCents), asc(creatorTiers.id));
  const counts = await subscribersByTier(
    db,
    rows.map((r) => r.id),
    now,
  );
  return rows.map((r) => presentTier(r, counts.get(r.id) ?? 0));
}

export async function listCreators(ctx: AppContext, limit: number) {
  const db = ctx.database.db;
  const now = ctx.now();
  const creators = await db
    .select({
      id: users.id,
      name: users.displayName,
      subscribers: sql<number>`(select count(*)::int from ${creatorSubscriptions} where ${creatorSubscriptions.creatorId} = ${users.id} and ${hasAccessSql(now)})`,
    })
    .from(users)
    .where(sql`exists (select 1 from ${creatorTiers} where ${creatorTiers.creatorId} = ${users.id} and ${creatorTiers.archivedAt} is null)`)
    .orderBy(sql`3 desc`, asc(users.id))
    .limit(limit);
  const items = [];
  for (const c of creators)
    items.push({ creator_id: c.id, display_name: c.name, subscribers: Number(c.subscribers), tiers: await tiersOf(db, c.id, now, false) });
  return items;
}

export async function createTier(ctx: AppContext, creatorId: number, input: TierInput) {
  const fields = { name: input.name, price_cents: input.price_cents, currency: input.currency, benefits: input.benefits ?? '' };
  const problem = tierProblem(fields);
  if (problem) throw badRequest(problem.detail, problem.field);
  return ctx.database.db.transaction(async (t) => {
    const tx = t as unknown as Database;
    // One creator's tier writes in turn, so the limit holds when two arrive at once.
    await tx.execute(sql`select pg_advisory_xact_lock(4701, ${creatorId})`);
    const [{ n } = { n: 0 }] = await tx
      .select({ n: sql<number>`count(*)::int` })
      .from(creatorTiers)
      .where(and(eq(creatorTiers.creatorId, creatorId), isNull(creatorTiers.archivedAt)));
    if (Number(n) >= CREATOR_LIMITS.tiersPerCreator) throw conflict(CREATOR_TEXT.tooManyTiers);
    const [row] = await tx
      .insert(creatorTiers)
      .values({
        creatorId,
        name: fields.name.trim(),
        priceCents: fields.price_cents,
        currency: fields.currency,
        benefits: fields.benefits.trim(),
        createdAt: ctx.now(),
      })
      .returning();
    return presentTier(row!, 0);
  });
}

export async function loadTier(db: Database, tierId: number): Promise<TierRow> {
  const [row] = await db.select().from(creatorTiers).where(eq(creatorTiers.id, tierId));
  if (!row) throw notFound(CREATOR_TEXT.noTier);
  return row;
}

export async function archiveTier(ctx: AppContext, creatorId: number, tierId: number) {
  const db = ctx.database.db;
  const tier = await loadTier(db, tierId);
  if (tier.creatorId !== creatorId) throw new ApiError(403, 'That tier is not yours.');
  const [row] = await db
    .update(creatorTiers)
    .set({ archivedAt: tier.archivedAt ?? ctx.now() })
    .where(eq(creatorTiers.id, tierId))
    .returning();
  const counts = await subscribersByTier(db, [tierId], ctx.now());
  return presentTier(row!, counts.get(tierId) ?? 0);
}
