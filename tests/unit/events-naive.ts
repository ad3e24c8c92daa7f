import { pointsFor, type EventRule } from '#domain/events.ts';

/**
 * The event standing computed the plain way, straight from domain/events.ts: counts, not
 * windows. Server tests and the bench check the SQL statement against it.
 */
export interface NaiveEntry {
  challengeId: number;
  userId: number;
  category: string;
  sortKey: bigint;
}

export interface NaiveRow {
  userId: number;
  overall: number;
  total: number;
  firsts: number;
  best: number;
  places: number[];
  points: number[];
}

export function naiveStandings(o: {
  workouts: number[];
  entries: NaiveEntry[];
  rule: EventRule;
  table: readonly number[];
  category: string;
}): NaiveRow[] {
  const inEvent = o.entries.filter((e) => o.workouts.includes(e.challengeId));
  // An athlete's division: the smallest category among their entries (they are all the same in practice).
  const catOf = new Map<number, string>();
  for (const e of inEvent) {
    const c = catOf.get(e.userId);
    if (c === undefined || e.category < c) catOf.set(e.userId, e.category);
  }
  const athletes = [...catOf].filter(([, c]) => c === o.category).map(([u]) => u);
  const mine = new Set(athletes);
  const rows = athletes.map((userId) => {
    const places = o.workouts.map((w) => {
      const board = inEvent.filter((e) => e.challengeId === w && mine.has(e.userId));
      const own = board.find((e) => e.userId === userId);
      if (!own) return board.length + 1;
      return 1 + board.filter((e) => e.sortKey < own.sortKey).length;
    });
    const points = places.map((p) => pointsFor(o.rule, p, { table: o.table, divisionSize: athletes.length }));
    return {
      userId,
      places,
      points,
      total: points.reduce((a, b) => a + b, 0),
      firsts: places.filter((p) => p === 1).length,
      best: Math.min(...places),
    };
  });
  const ahead = (a: (typeof rows)[number], b: (typeof rows)[number]) => {
    if (a.total !== b.total) return o.rule === 'sum_of_places' ? a.total < b.total : a.total > b.total;
    if (a.firsts !== b.firsts) return a.firsts > b.firsts;
    return a.best < b.best;
  };
  return rows
    .map((r) => ({ ...r, overall: 1 + rows.filter((x) => ahead(x, r)).length }))
    .sort((a, b) => a.overall - b.overall || a.userId - b.userId);
}
