import type { AppContext } from '#server/context.ts';
import type { Database } from '#server/db/index.ts';
import { keptResults, type KeptResult } from './kept-results.ts';

// Large gym and alliance boards served from memory, as large events' standings are (kept-results.ts). A
// board is one statement over the challenge's entries (unit-board.ts); while it is quick it runs on every
// read. When it takes longer than gymCacheSettings.slowMs (a challenge of tens of thousands of athletes),
// the whole ranked list of units (one row per gym or alliance, a few thousand at most) is kept per node,
// pages are cut from it, and it is recomputed in the background when the challenge's board changes. A
// change to which unit athletes count for (a gym merge) drops it at once on every node instead. The units'
// names are not kept: they are read for the rows served.

/** One unit's standing and its counted athletes (ids, places, points, names and whether each is anonymous on boards). */
export interface UnitRow {
  unit_id: number;
  rank: number;
  joined: number;
  scored: number;
  counted: number;
  value: number | null;
  athlete_ids: number[];
  athlete_places: number[];
  athlete_points: number[];
  athlete_names: string[];
  athlete_anonymous: boolean[];
}

export type KeptUnitBoard = KeptResult<UnitRow>;

const unitBoards = keptResults<UnitRow>('gym board', (r) => r.unit_id, { droppedWhenUnitsChange: true });

/** Above this cost (ms) a gym or alliance board is kept; tests lower it to drive the kept path. */
export const gymCacheSettings = unitBoards.settings;

type Full = () => Promise<UnitRow[]>;

/** The kept board, starting its refresh when due; undefined while the board is read directly. */
export function keptUnitBoard(ctx: AppContext, key: string, challengeId: number, full: Full): KeptUnitBoard | undefined {
  return unitBoards.kept(ctx, key, full, [challengeId]);
}

/** The direct read; when it proves slow, the whole board starts being kept. */
export function timedUnitRead<T>(ctx: AppContext, key: string, challengeId: number, run: () => Promise<T>, full: Full): Promise<T> {
  return unitBoards.timed(ctx, key, run, full, [challengeId]);
}

/** Computes and keeps a board now (the bench and tests: the first kept read without waiting for a slow one). */
export function keepUnitBoard(ctx: AppContext, key: string, challengeId: number, full: Full) {
  return unitBoards.keep(ctx, key, full, [challengeId]);
}

/** Drops every kept gym and alliance board of this database (the bench: to time the statement read directly). */
export function forgetGymBoards(db: Database) {
  unitBoards.forget(db);
}
