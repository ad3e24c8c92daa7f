import type { AppContext } from '../../context.ts';
import type { Database } from '../../db/index.ts';
import { boardCacheOf } from './board-cache.ts';

// Large gym boards served from memory, as large events' standings are (events-cache.ts). A gym
// board is one statement over the challenge's entries (gym-board.ts); while it is quick it runs on
// every read, so every read is exact. When it takes longer than gymCacheSettings.slowMs (a
// challenge of tens of thousands of athletes), the whole ranked list of gyms (one row per gym, a
// few thousand at most) is kept per node and pages are cut from it. It is recomputed in the
// background when the challenge's board changes (the board cache hears of every change from
// every node: board-cache.ts), so a new score shows on the gym board once that recomputation is
// done, and an unchanged board is never recomputed. Without a board cache (a bench or script), or
// on PostgreSQL as a bound should a notice be lost, it is also recomputed when older than
// max(MIN_AGE_MS, AGE_FACTOR × its cost).

/** One gym's standing, its name and its counted athletes (ids, places, points, names and whether each is anonymous on boards). */
export interface GymRow {
  gym_id: number;
  rank: number;
  joined: number;
  scored: number;
  counted: number;
  value: number | null;
  athlete_ids: number[];
  athlete_places: number[];
  athlete_points: number[];
  gym_name: string;
  gym_city: string;
  gym_verified: boolean;
  athlete_names: string[];
  athlete_anonymous: boolean[];
}

export interface KeptGymBoard {
  rows: GymRow[];
  byGym: Map<number, GymRow>;
  computedAt: number;
  costMs: number;
  refreshing: boolean;
  /** The board cache's change count when its computation began (null without a board cache). */
  readAt: number | null;
}

/** Above this cost (ms) a gym board is kept; tests lower it to drive the kept path. */
export const gymCacheSettings = { slowMs: 40 };
const MIN_AGE_MS = 2_000;
const AGE_FACTOR = 10;
/** At most this many gym boards are kept per database (the least recently computed go first). */
const MAX_KEPT = 50;

type Full = () => Promise<GymRow[]>;

const caches = new WeakMap<Database, Map<string, KeptGymBoard>>();
function cacheOf(db: Database) {
  let c = caches.get(db);
  if (!c) caches.set(db, (c = new Map()));
  return c;
}

function compute(ctx: AppContext, key: string, full: Full) {
  const cache = cacheOf(ctx.database.db);
  const held = cache.get(key);
  if (held) held.refreshing = true;
  ctx.tasks.defer('gym board', async () => {
    try {
      const readAt = boardCacheOf(ctx)?.count ?? null;
      const t0 = performance.now();
      const rows = await full();
      const costMs = performance.now() - t0;
      cache.delete(key);
      if (cache.size >= MAX_KEPT) cache.delete(cache.keys().next().value!);
      cache.set(key, {
        rows,
        byGym: new Map(rows.map((r) => [r.gym_id, r])),
        computedAt: performance.now(),
        costMs,
        refreshing: false,
        readAt,
      });
    } catch (error) {
      cache.delete(key);
      throw error;
    }
  });
}

function isDue(ctx: AppContext, challengeId: number, held: KeptGymBoard): boolean {
  const boards = boardCacheOf(ctx);
  if (boards && held.readAt !== null && boards.changedAfter([challengeId], held.readAt)) return true;
  if (boards && boards.maxAgeMs === 0) return false;
  return performance.now() - held.computedAt > Math.max(boards ? boards.maxAgeMs : MIN_AGE_MS, AGE_FACTOR * held.costMs);
}

/** The kept gym board, starting its refresh when due; undefined while the board is read directly. */
export function keptGymBoard(ctx: AppContext, key: string, challengeId: number, full: Full): KeptGymBoard | undefined {
  const held = cacheOf(ctx.database.db).get(key);
  if (!held) return undefined;
  if (!held.refreshing && isDue(ctx, challengeId, held)) compute(ctx, key, full);
  return held;
}

/** The direct read; when it proves slow, the whole board starts being kept. */
export async function timedGymRead<T>(ctx: AppContext, key: string, run: () => Promise<T>, full: Full): Promise<T> {
  const t0 = performance.now();
  const out = await run();
  if (performance.now() - t0 > gymCacheSettings.slowMs && !cacheOf(ctx.database.db).has(key)) compute(ctx, key, full);
  return out;
}

/** Computes and keeps a gym board now (the bench and tests: the first kept read without waiting for a slow one). */
export async function keepGymBoard(ctx: AppContext, key: string, full: Full) {
  compute(ctx, key, full);
  await ctx.tasks.settled();
}

/** Drops every kept gym board of this database (the bench: to time the statement read directly). */
export function forgetGymBoards(db: Database) {
  cacheOf(db).clear();
}
