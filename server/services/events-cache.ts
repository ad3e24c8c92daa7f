import type { AppContext } from '../context.ts';
import { keptResults, type KeptResult } from './kept-results.ts';

// Large events' standings served from memory (kept-results.ts). The standing of a division is one
// statement (events-standings.ts); for a small event it runs on every read, so every read is exact.
// When it takes longer than cacheSettings.slowMs (tens of thousands of athletes), the whole division's
// standing is kept and pages are cut from it; it is recomputed in the background when one of its
// workouts' boards changes (its cost: about 3–6 s at 100,000 athletes on a busy 2-core machine).

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

export type CachedStanding = KeptResult<LeanRow>;

const standings = keptResults<LeanRow>('event standing', (r) => r.user_id);

/** Above this cost (ms) a division's standing is kept; tests lower it to drive the kept path. */
export const cacheSettings = standings.settings;

/** What a kept standing depends on: the event, division, rule, table and workouts. */
export function cacheKey(q: { eventId: number; category: string; rule: string; table: readonly number[] }, workoutIds: number[]): string {
  return JSON.stringify([q.eventId, q.category, q.rule, q.table, workoutIds]);
}

type Full = () => Promise<LeanRow[]>;

/** The kept standing of a large event, starting its refresh when it is due; undefined for small events. */
export function cachedStanding(ctx: AppContext, key: string, full: Full, boards: readonly number[]): CachedStanding | undefined {
  return standings.kept(ctx, key, full, boards);
}

/** The one statement; when it proves slow, the division's standing starts being kept. */
export function timed<T>(ctx: AppContext, key: string, run: () => Promise<T>, full: Full, boards: readonly number[]): Promise<T> {
  return standings.timed(ctx, key, run, full, boards);
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
