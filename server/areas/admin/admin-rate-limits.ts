import { count, desc, eq, gt, max, sql } from 'drizzle-orm';
import type { AppContext } from '#server/context.ts';
import type { Database } from '#server/db/index.ts';
import { rateLimitChanges, rateLimitRejections, rateLimitSettings, users } from '#server/db/schema.ts';
import { rowsOf } from '#server/db/rows.ts';
import { notFound } from '#server/errors.ts';

/** How long a node trusts its copy of the limits before reading them again (other nodes' changes). */
export const LIMITS_REFRESH_MS = 2000;
/** Rows per insert when saving a batch of rejections (well under the bind-parameter limit). */
const REJECTIONS_PER_INSERT = 1000;
/** "Now" for the top offending keys. */
const TOP_KEYS_WINDOW_MS = 10 * 60_000;

interface RouteGroup {
  group: string;
  method: string;
  path: string;
  summary: string;
  defaultMax: number;
  windowMs: number;
}

/**
 * The rate limits of one node: each limited operation of the contract (its route group) with its
 * contract default, and the limits administrators set, read from the database and refreshed in the
 * background, so a change applies without a restart on every node within LIMITS_REFRESH_MS.
 */
export class RateLimits {
  readonly groups = new Map<string, RouteGroup>();
  private overrides = new Map<string, number>();
  private loadedAt = -Infinity;
  private loading: Promise<void> | null = null;
  private unsaved: (typeof rateLimitRejections.$inferInsert)[] = [];

  constructor(
    private readonly ctx: AppContext,
    readonly store: 'memory' | 'redis',
  ) {}

  register(group: RouteGroup) {
    this.groups.set(group.group, group);
  }

  /** The limit now (called on every limited request: answers from memory, refreshes behind). */
  maxFor(group: string): number {
    if (Date.now() - this.loadedAt > LIMITS_REFRESH_MS) void this.reload();
    return this.overrides.get(group) ?? this.groups.get(group)?.defaultMax ?? 1;
  }

  reload(): Promise<void> {
    this.loading ??= this.ctx.database.db
      .select({ group: rateLimitSettings.routeGroup, max: rateLimitSettings.max })
      .from(rateLimitSettings)
      .then((rows) => {
        this.overrides = new Map(rows.map((r) => [r.group, r.max]));
        this.loadedAt = Date.now();
      })
      .catch(() => {
        // The database blinked: keep the limits we have and try again on a later request.
      })
      .finally(() => {
        this.loading = null;
      });
    return this.loading;
  }

  /**
   * A request turned away: kept for the page, after the answer. A flood is what limits turn
   * away, so rejections wait in memory and go out as one insert per batch, not one per request.
   */
  rejected(group: string, key: string) {
    this.unsaved.push({ routeGroup: group, key: key.slice(0, 64), occurredAt: this.ctx.now() });
    if (this.unsaved.length === 1) this.ctx.tasks.defer('record rate-limit rejections', () => this.saveRejections());
  }

  private async saveRejections() {
    const batch = this.unsaved;
    this.unsaved = [];
    for (let i = 0; i < batch.length; i += REJECTIONS_PER_INSERT) {
      await this.ctx.database.db.insert(rateLimitRejections).values(batch.slice(i, i + REJECTIONS_PER_INSERT));
    }
  }

  /** Sets a group's limit: stored, audited, and in force on this node at once. */
  async set(group: string, newMax: number, actorId: number) {
    const known = this.groups.get(group);
    if (!known) throw notFound('No rate limit with that name.');
    const now = this.ctx.now();
    const oldMax = this.maxFor(group);
    await this.ctx.database.db.transaction(async (tx) => {
      await tx
        .insert(rateLimitSettings)
        .values({ routeGroup: group, max: newMax, updatedBy: actorId, updatedAt: now })
        .onConflictDoUpdate({ target: rateLimitSettings.routeGroup, set: { max: newMax, updatedBy: actorId, updatedAt: now } });
      await tx.insert(rateLimitChanges).values({ routeGroup: group, oldMax, newMax, changedBy: actorId, changedAt: now });
    });
    this.overrides.set(group, newMax);
    return oldMax;
  }
}

const byContext = new WeakMap<AppContext, RateLimits>();
export const attachRateLimits = (ctx: AppContext, limits: RateLimits) => byContext.set(ctx, limits);
export function rateLimitsOf(ctx: AppContext): RateLimits {
  const limits = byContext.get(ctx);
  if (!limits) throw new Error('rate limits not set up');
  return limits;
}

/** The page: every limit with its rejections per hour over the last day, the top keys now, and the latest changes. */
export async function overview(ctx: AppContext) {
  const limits = rateLimitsOf(ctx);
  await limits.reload();
  const db: Database = ctx.database.db;
  const now = ctx.now();
  const since = new Date(now.getTime() - 24 * 3_600_000);
  const [buckets, top, changes] = await Promise.all([
    rowsOf<{ route_group: string; hours_ago: number; n: number }>(
      db,
      sql`select route_group, floor(extract(epoch from (${now.toISOString()}::timestamptz - occurred_at)) / 3600)::int as hours_ago,
            count(*)::int as n
          from rate_limit_rejections where occurred_at > ${since.toISOString()}::timestamptz group by 1, 2`,
    ),
    db
      .select({
        key: rateLimitRejections.key,
        group: rateLimitRejections.routeGroup,
        n: count(),
        last: max(rateLimitRejections.occurredAt),
      })
      .from(rateLimitRejections)
      .where(gt(rateLimitRejections.occurredAt, new Date(now.getTime() - TOP_KEYS_WINDOW_MS)))
      .groupBy(rateLimitRejections.key, rateLimitRejections.routeGroup)
      .orderBy(desc(count()))
      .limit(10),
    db
      .select({ change: rateLimitChanges, by: users.displayName })
      .from(rateLimitChanges)
      .leftJoin(users, eq(users.id, rateLimitChanges.changedBy))
      .orderBy(desc(rateLimitChanges.changedAt), desc(rateLimitChanges.id))
      .limit(20),
  ]);
  const hourly = new Map<string, number[]>();
  for (const b of buckets) {
    const row = hourly.get(b.route_group) ?? Array.from({ length: 24 }, () => 0);
    row[23 - Math.min(23, Math.max(0, b.hours_ago))] += b.n;
    hourly.set(b.route_group, row);
  }
  const items = [...limits.groups.values()]
    .sort((a, b) => a.path.localeCompare(b.path) || a.method.localeCompare(b.method))
    .map((g) => {
      const counts = hourly.get(g.group) ?? Array.from({ length: 24 }, () => 0);
      return {
        group: g.group,
        method: g.method,
        path: g.path,
        summary: g.summary,
        max: limits.maxFor(g.group),
        default_max: g.defaultMax,
        window_seconds: Math.round(g.windowMs / 1000),
        rejections_today: counts.reduce((a, b) => a + b, 0),
        hourly: counts,
      };
    });
  return {
    store: limits.store,
    items,
    top_keys: top.map((t) => ({ key: t.key, group: t.group, rejections: t.n, last_seen: t.last!.toISOString() })),
    changes: changes.map(({ change: c, by }) => ({
      group: c.routeGroup,
      old_max: c.oldMax,
      new_max: c.newMax,
      changed_by: by,
      changed_at: c.changedAt.toISOString(),
    })),
  };
}
