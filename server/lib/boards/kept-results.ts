import type { AppContext } from '#server/context.ts';
import type { Database } from '#server/db/index.ts';
import { boardCacheOf, readFromOlder } from './board-cache.ts';

// Results too slow to compute on every read (a large event's standing, a large gym board), kept in
// memory per node. A result is read directly while that is quick, so every read is exact; when a read
// takes longer than `settings.slowMs`, the whole result is computed once in the background and pages
// are cut from it. It is recomputed when one of the challenge boards it is made of changes (the board
// cache hears of every change from every node: board-cache.ts), so an unchanged result is
// never recomputed. Without a board cache (a bench or script reading the service), or on PostgreSQL as
// a bound should a notice be lost, it is also recomputed when older than max(MIN_AGE_MS, AGE_FACTOR ×
// its cost). A kept result is dropped, not served while it is recomputed, after a change that makes it wrong
// rather than old: a kind that ranks athletes by a unit they belong to (gym boards) when they are regrouped
// (a gym merge: board-cache.ts UNITS_CHANGED), and any result after a change to one of its `dropOn` boards
// (a league's own number: its members, events or rules changed); the read after it is exact.

export interface KeptResult<Row> {
  rows: Row[];
  /** Each row by its id (the viewer's own row). */
  byId: Map<number, Row>;
  /** Derived copies (other orders), made on first use and dropped with the result. */
  views: Map<string, Row[]>;
  computedAt: number;
  costMs: number;
  refreshing: boolean;
  /** The challenges whose board changes make it due. */
  boards: readonly number[];
  /** The board cache's change count when its computation began (null without a board cache). */
  readAt: number | null;
}

const MIN_AGE_MS = 2_000;
const AGE_FACTOR = 10;

/**
 * Whether something computed at `computedAt` (performance.now()) from `boards`, read when the board cache's
 * change count stood at `readAt`, needs computing again: one of its boards changed since, or (see above) it is old.
 */
export function isDue(ctx: AppContext, boards: readonly number[], readAt: number | null, computedAt: number, costMs: number): boolean {
  const cache = boardCacheOf(ctx);
  if (cache && readAt !== null && cache.changedAfter(boards, readAt)) return true;
  if (cache && cache.maxAgeMs === 0) return false;
  return performance.now() - computedAt > Math.max(cache ? cache.maxAgeMs : MIN_AGE_MS, AGE_FACTOR * costMs);
}
/** At most this many results of one kind are kept per database (the least recently computed go first). */
const MAX_KEPT = 50;

/** One kind of kept result: `label` names its background task, `idOf` a row's id. */
export function keptResults<Row>(label: string, idOf: (row: Row) => number, options: { droppedWhenUnitsChange?: boolean } = {}) {
  /** Above this cost (ms) a result is kept; tests and benches change it to drive either path. */
  const settings = { slowMs: 40 };
  const caches = new WeakMap<Database, Map<string, KeptResult<Row>>>();
  const cacheOf = (db: Database) => {
    let c = caches.get(db);
    if (!c) caches.set(db, (c = new Map()));
    return c;
  };
  type Full = () => Promise<Row[]>;

  function compute(ctx: AppContext, key: string, full: Full, boards: readonly number[]) {
    const cache = cacheOf(ctx.database.db);
    const held = cache.get(key);
    if (held) held.refreshing = true;
    ctx.tasks.defer(label, async () => {
      try {
        const readAt = boardCacheOf(ctx)?.count ?? null;
        const t0 = performance.now();
        const rows = await full();
        const costMs = performance.now() - t0;
        cache.delete(key);
        if (cache.size >= MAX_KEPT) cache.delete(cache.keys().next().value!);
        const byId = new Map(rows.map((r) => [idOf(r), r]));
        cache.set(key, { rows, byId, views: new Map(), computedAt: performance.now(), costMs, refreshing: false, boards, readAt });
        boardCacheOf(ctx)?.keepsResults();
      } catch (error) {
        cache.delete(key);
        throw error;
      }
    });
  }

  /** Whether a kept result is wrong rather than old (see above): then it is dropped. */
  function isWrong(ctx: AppContext, held: KeptResult<Row>, dropOn: readonly number[]): boolean {
    const boards = boardCacheOf(ctx);
    if (!boards || held.readAt === null) return false;
    if (options.droppedWhenUnitsChange && boards.unitsChangedAfter(held.readAt)) return true;
    return dropOn.length > 0 && boards.changedAfter(dropOn, held.readAt);
  }

  return {
    settings,
    /** The kept result, starting its refresh when due; undefined while it is read directly (or was just dropped as wrong). */
    kept(ctx: AppContext, key: string, full: Full, boards: readonly number[], dropOn: readonly number[] = []): KeptResult<Row> | undefined {
      const cache = cacheOf(ctx.database.db);
      const held = cache.get(key);
      if (!held) return undefined;
      if (isWrong(ctx, held, dropOn)) {
        cache.delete(key);
        return undefined;
      }
      if (!held.refreshing && isDue(ctx, held.boards, held.readAt, held.computedAt, held.costMs)) compute(ctx, key, full, boards);
      // An answer made from it is as old as it (a kept board page is then not kept past a change it misses).
      if (held.readAt !== null) readFromOlder(held.readAt);
      return held;
    },
    /** The direct read; when it proves slow, the whole result starts being kept. */
    async timed<T>(ctx: AppContext, key: string, run: () => Promise<T>, full: Full, boards: readonly number[]): Promise<T> {
      const t0 = performance.now();
      const out = await run();
      if (performance.now() - t0 > settings.slowMs && !cacheOf(ctx.database.db).has(key)) compute(ctx, key, full, boards);
      return out;
    },
    /** Computes and keeps a result now (benches and tests: the first kept read without waiting for a slow one). */
    async keep(ctx: AppContext, key: string, full: Full, boards: readonly number[]) {
      compute(ctx, key, full, boards);
      await ctx.tasks.settled();
    },
    /** Drops every kept result of this kind for this database (benches: to time the direct read). */
    forget(db: Database) {
      cacheOf(db).clear();
    },
  };
}
