import type { AppContext } from '../context.ts';
import type { Database } from '../db/index.ts';
import { boardCacheOf } from './challenges/board-cache.ts';

// Large events' standings served from memory. The standing of a division is one statement
// (events-standings.ts); for a small event it runs on every read, so every read is exact.
// When it takes longer than cacheSettings.slowMs (tens of thousands of athletes), the whole division's
// standing is kept in memory and pages are cut from it. It is recomputed in the background when
// one of its workouts' boards changes (the board cache hears of every change, from every node:
// challenges/board-cache.ts), so a new score shows once that recomputation is done (its cost:
// about 3–6 s at 100,000 athletes on a busy 2-core machine) and an unchanged standing is never recomputed. Each
// server node keeps its own. Without a board cache (a bench or script reading the service), or
// on PostgreSQL as a bound should a notice be lost, it is also recomputed when older than
// max(MIN_AGE_MS, AGE_FACTOR × its cost).

/** One athlete's standing without name or results. */
export interface LeanRow {
  user_id: number;
  total: number;
  firsts: number;
  best: number;
  overall: number;
  places: number[];
  points: number[];
}

type Full = () => Promise<LeanRow[]>;

export interface CachedStanding {
  rows: LeanRow[];
  byUser: Map<number, LeanRow>;
  /** Sorted copies by workout and direction, made on first use. */
  views: Map<string, LeanRow[]>;
  computedAt: number;
  costMs: number;
  refreshing: boolean;
  /** The workouts' challenges, whose board changes make it due. */
  boards: readonly number[];
  /** The board cache's change count when its computation began (null without a board cache). */
  readAt: number | null;
}

/** Above this cost (ms) a division's standing is kept; tests lower it to drive the kept path. */
export const cacheSettings = { slowMs: 40 };
const MIN_AGE_MS = 2_000;
const AGE_FACTOR = 10;
/** At most this many division standings are kept per database (the least recently computed go first). */
const MAX_KEPT = 50;

const caches = new WeakMap<Database, Map<string, CachedStanding>>();
function cacheOf(db: Database) {
  let c = caches.get(db);
  if (!c) caches.set(db, (c = new Map()));
  return c;
}

/** What a kept standing depends on: the event, division, rule, table and workouts. */
export function cacheKey(q: { eventId: number; category: string; rule: string; table: readonly number[] }, workoutIds: number[]): string {
  return JSON.stringify([q.eventId, q.category, q.rule, q.table, workoutIds]);
}

function compute(ctx: AppContext, key: string, full: Full, boards: readonly number[]) {
  const db = ctx.database.db;
  const cache = cacheOf(db);
  const held = cache.get(key);
  if (held) held.refreshing = true;
  ctx.tasks.defer('event standing', async () => {
    try {
      const readAt = boardCacheOf(ctx)?.count ?? null;
      const t0 = performance.now();
      const rows = await full();
      const costMs = performance.now() - t0;
      cache.delete(key);
      if (cache.size >= MAX_KEPT) cache.delete(cache.keys().next().value!);
      cache.set(key, {
        rows,
        byUser: new Map(rows.map((r) => [r.user_id, r])),
        views: new Map(),
        computedAt: performance.now(),
        costMs,
        refreshing: false,
        boards,
        readAt,
      });
    } catch (error) {
      cache.delete(key);
      throw error;
    }
  });
}

/** Whether a kept standing needs recomputing: one of its boards changed, or (see above) it is old. */
function isDue(ctx: AppContext, held: CachedStanding): boolean {
  const boards = boardCacheOf(ctx);
  if (boards && held.readAt !== null && boards.changedAfter(held.boards, held.readAt)) return true;
  if (boards && boards.maxAgeMs === 0) return false;
  return performance.now() - held.computedAt > Math.max(boards ? boards.maxAgeMs : MIN_AGE_MS, AGE_FACTOR * held.costMs);
}

/** The kept standing of a large event, starting its refresh when it is due; undefined for small events. */
export function cachedStanding(ctx: AppContext, key: string, full: Full, boards: readonly number[]): CachedStanding | undefined {
  const held = cacheOf(ctx.database.db).get(key);
  if (!held) return undefined;
  if (!held.refreshing && isDue(ctx, held)) compute(ctx, key, full, boards);
  return held;
}

/** The one statement; when it proves slow, the division's standing starts being kept. */
export async function timed<T>(ctx: AppContext, key: string, run: () => Promise<T>, full: Full, boards: readonly number[]): Promise<T> {
  const t0 = performance.now();
  const rows = await run();
  if (performance.now() - t0 > cacheSettings.slowMs && !cacheOf(ctx.database.db).has(key)) compute(ctx, key, full, boards);
  return rows;
}

export function sortedView(full: CachedStanding, sortWorkout: number, descending: boolean): LeanRow[] {
  if (sortWorkout === 0 && !descending) return full.rows;
  const id = `${sortWorkout}:${descending}`;
  let view = full.views.get(id);
  if (!view) {
    const sign = descending ? -1 : 1;
    const k = sortWorkout - 1;
    view = [...full.rows].sort(
      (a, b) => sign * ((sortWorkout > 0 ? a.places[k]! - b.places[k]! : 0) || a.overall - b.overall) || a.user_id - b.user_id,
    );
    full.views.set(id, view);
  }
  return view;
}
