import type { AppContext } from '../../context.ts';
import type { Database } from '../../db/index.ts';
import { keptResults, type KeptResult } from '../kept-results.ts';

// Large gym boards served from memory, as large events' standings are (kept-results.ts). A gym board
// is one statement over the challenge's entries (gym-board.ts); while it is quick it runs on every
// read. When it takes longer than gymCacheSettings.slowMs (a challenge of tens of thousands of
// athletes), the whole ranked list of gyms (one row per gym, a few thousand at most) is kept per node,
// pages are cut from it, and it is recomputed in the background when the challenge's board changes.

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

export type KeptGymBoard = KeptResult<GymRow>;

const gymBoards = keptResults<GymRow>('gym board', (r) => r.gym_id);

/** Above this cost (ms) a gym board is kept; tests lower it to drive the kept path. */
export const gymCacheSettings = gymBoards.settings;

type Full = () => Promise<GymRow[]>;

/** The kept gym board, starting its refresh when due; undefined while the board is read directly. */
export function keptGymBoard(ctx: AppContext, key: string, challengeId: number, full: Full): KeptGymBoard | undefined {
  return gymBoards.kept(ctx, key, full, [challengeId]);
}

/** The direct read; when it proves slow, the whole board starts being kept. */
export function timedGymRead<T>(ctx: AppContext, key: string, challengeId: number, run: () => Promise<T>, full: Full): Promise<T> {
  return gymBoards.timed(ctx, key, run, full, [challengeId]);
}

/** Computes and keeps a gym board now (the bench and tests: the first kept read without waiting for a slow one). */
export function keepGymBoard(ctx: AppContext, key: string, challengeId: number, full: Full) {
  return gymBoards.keep(ctx, key, full, [challengeId]);
}

/** Drops every kept gym board of this database (the bench: to time the statement read directly). */
export function forgetGymBoards(db: Database) {
  gymBoards.forget(db);
}
