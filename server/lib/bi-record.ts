import { createHmac } from 'node:crypto';
import type { AppContext } from '../context.ts';
import { challengeViewDays, userActivityDays } from '../db/schema.ts';

// The facts behind business intelligence, written at the cost of at most one insert per person per
// day per node: a set in memory answers "already recorded today" for every later call, and the
// insert … on conflict do nothing settles it across nodes. Writes go out after the answer.

/** Past this many remembered keys the set starts afresh (the database still keeps one row per key and day). */
const MAX_REMEMBERED = 200_000;

/** The UTC calendar day of an instant, as YYYY-MM-DD. */
export const utcDay = (at: Date) => at.toISOString().slice(0, 10);

class SeenToday {
  private day = '';
  private readonly keys = new Set<string>();

  /** True the first time a key is offered on a day (and remembers it). */
  firstToday(day: string, key: string): boolean {
    if (day !== this.day || this.keys.size >= MAX_REMEMBERED) {
      this.day = day;
      this.keys.clear();
    }
    if (this.keys.has(key)) return false;
    this.keys.add(key);
    return true;
  }

  forget(key: string) {
    this.keys.delete(key);
  }
}

const seenByContext = new WeakMap<AppContext, SeenToday>();
const seenOf = (ctx: AppContext) => {
  let seen = seenByContext.get(ctx);
  if (!seen) seenByContext.set(ctx, (seen = new SeenToday()));
  return seen;
};

/** Writes a fact once per key and day on this node, after the answer; a failed write lets a later call try again. */
function oncePerDay(ctx: AppContext, day: string, key: string, what: string, write: () => Promise<unknown>): void {
  const seen = seenOf(ctx);
  if (!seen.firstToday(day, key)) return;
  ctx.tasks.defer(what, () =>
    write().catch((error: unknown) => {
      seen.forget(key);
      throw error;
    }),
  );
}

/** Marks the account active today (called on every authenticated call; writes once a day). */
export function recordActivity(ctx: AppContext, userId: number): void {
  const day = utcDay(ctx.now());
  oncePerDay(ctx, day, `u${userId}`, 'record activity', () =>
    ctx.database.db.insert(userActivityDays).values({ userId, day }).onConflictDoNothing(),
  );
}

/** A daily key for a visitor without an account: unreadable, and different the next day. */
export function anonymousVisitor(ctx: AppContext, day: string, ip: string, userAgent: string): string {
  return `a${createHmac('sha256', ctx.jwtKey).update(`${day}\n${ip}\n${userAgent}`).digest('hex').slice(0, 24)}`;
}

/** Counts a view of a challenge's page (once per visitor and day). */
export function recordChallengeView(
  ctx: AppContext,
  challengeId: number,
  viewer: { userId: number } | { ip: string; userAgent: string },
): void {
  const day = utcDay(ctx.now());
  const userId = 'userId' in viewer ? viewer.userId : null;
  const visitor = 'userId' in viewer ? `u${viewer.userId}` : anonymousVisitor(ctx, day, viewer.ip, viewer.userAgent);
  oncePerDay(ctx, day, `c${challengeId}:${visitor}`, 'record challenge view', () =>
    ctx.database.db.insert(challengeViewDays).values({ challengeId, day, visitor, userId }).onConflictDoNothing(),
  );
}
