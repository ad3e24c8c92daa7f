/**
 * Multi-workout events: several challenges (workouts) with one overall standing per
 * division. Shared by the server (validation, the standings statement's parameters) and
 * the pages (the create form, the board's column names). The server computes standings
 * in SQL; tests/unit/events-naive.ts computes the same from these rules in TypeScript.
 *
 * Rules of the standing, per division (the athletes' category: sex × age group):
 * - Each workout places the division's athletes by their result (Rx above Scaled, ties share
 *   a place). An athlete with no result in a workout gets one place below everyone who has
 *   one there: (athletes of the division with a result in it) + 1.
 * - Points per workout by the event's rule:
 *   - `sum_of_places`: the place itself; the lowest total wins (the Open's rule).
 *   - `points_table`: the table's points for the place (1st → table[0] …); places beyond
 *     the table score 0; the highest total wins.
 *   - `p_score`: 100 for 1st down to 0 for place N, linearly by place, where N is the number
 *     of athletes in the division (one athlete alone scores 100); the highest total wins.
 *     Kept in hundredths of a point (whole numbers), rounded down.
 * - Ties on the total: more first places ahead, then the better single-workout place; still
 *   tied, they share the place.
 */

export const EVENT_RULES = ['sum_of_places', 'points_table', 'p_score'] as const;
export type EventRule = (typeof EVENT_RULES)[number];

export const EVENT_RULE_NAMES: Record<EventRule, string> = {
  sum_of_places: 'Sum of places (lowest wins)',
  points_table: 'Points table (highest wins)',
  p_score: 'P-score (highest wins)',
};

export const EVENT_WORKOUTS = { min: 2, max: 10 } as const;
export const EVENT_NAME_LENGTH = { min: 3, max: 120 } as const;
export const EVENT_DESCRIPTION_MAX = 5000;
/** A points table holds at most this many places, each worth 0 … POINTS_MAX. */
export const POINTS_TABLE_MAX_LENGTH = 200;
export const POINTS_MAX = 10_000;

/** 100, 95, 90 … 5: the usual table, offered when the creator picks the points rule. */
export const DEFAULT_POINTS_TABLE: readonly number[] = Array.from({ length: 20 }, (_, i) => 100 - 5 * i);

/** P-scores are kept in hundredths so the server and the pages add whole numbers. */
export const P_SCORE_SCALE = 100;

export function lowestWins(rule: EventRule): boolean {
  return rule === 'sum_of_places';
}

/** The points one workout place earns (in hundredths for p_score). `divisionSize` is N above. */
export function pointsFor(rule: EventRule, place: number, o: { table: readonly number[]; divisionSize: number }): number {
  if (rule === 'sum_of_places') return place;
  if (rule === 'points_table') return o.table[place - 1] ?? 0;
  const n = o.divisionSize;
  if (n <= 1) return 100 * P_SCORE_SCALE;
  return Math.floor((100 * P_SCORE_SCALE * Math.max(0, n - place)) / (n - 1));
}

/** A total as people read it: places and table points whole, P-scores with two decimals. */
export function formatPoints(rule: EventRule, total: number): string {
  if (rule === 'p_score') return (total / P_SCORE_SCALE).toFixed(2);
  return String(total);
}

/** What is wrong with a points table, in words, or null. Tables must not rise down the places. */
export function pointsTableProblem(table: readonly number[]): string | null {
  if (table.length === 0) return 'The points table needs at least one place.';
  if (table.length > POINTS_TABLE_MAX_LENGTH) return `The points table holds at most ${POINTS_TABLE_MAX_LENGTH} places.`;
  for (const [i, p] of table.entries()) {
    if (!Number.isInteger(p) || p < 0 || p > POINTS_MAX)
      return `Place ${i + 1} must be worth a whole number of points from 0 to ${POINTS_MAX}.`;
    if (i > 0 && p > table[i - 1]!) return `Place ${i + 1} cannot be worth more than place ${i} (${p} > ${table[i - 1]}).`;
  }
  return null;
}

/** Reads "100, 95, 90" (commas or spaces) into numbers; null when a part is not a whole number. */
export function parsePointsTable(text: string): number[] | null {
  const parts = text.split(/[\s,;]+/).filter(Boolean);
  if (parts.length === 0) return null;
  const out = parts.map((p) => (/^\d+$/.test(p) ? Number(p) : NaN));
  return out.some((n) => Number.isNaN(n)) ? null : out;
}

/** The board's sort choices: overall place, or one workout's place (by its position, 1-based). */
export type EventSort = 'overall' | `w${number}`;

export function workoutSortIndex(sort: string, workouts: number): number | null {
  const m = /^w(\d{1,2})$/.exec(sort);
  if (!m) return null;
  const i = Number(m[1]);
  return i >= 1 && i <= workouts ? i : null;
}
