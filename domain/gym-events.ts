/**
 * Multi-gym events: an individual challenge whose second board ranks gyms by their athletes'
 * results. Rules both the server (SQL) and the browser (form, labels) follow, and the plain
 * TypeScript ranking the tests and the bench compare the SQL against.
 *
 * An athlete's place is their place on the challenge's whole board (every division, Rx above
 * Scaled; equal results share a place). Their points are the athletes they finished level
 * with or ahead of: on a board of T, place p is worth T − p + 1 (the winner of a board of 200
 * earns 200, the last 1). An athlete counts for the gym on their profile when they joined.
 */

export const GYM_RULES = ['sum_places', 'sum_points', 'average_points', 'participation'] as const;
export type GymRule = (typeof GYM_RULES)[number];

export const GYM_RULE_LABELS: Record<GymRule, string> = {
  sum_places: 'Sum of best N places',
  sum_points: 'Sum of best N points',
  average_points: 'Average of best N points',
  participation: 'Participation-weighted',
};

/** One line a board shows under its title: how the gym (or alliance) score is made. */
export function gymRuleSentence(rule: GymRule, n: number, unit: 'gyms' | 'alliances' = 'gyms'): string {
  const [Score, a, its] = unit === 'alliances' ? ['Alliance score', 'an alliance', 'the alliance’s'] : ['Gym score', 'a gym', 'the gym’s'];
  switch (rule) {
    case 'sum_places':
      return `${Score}: the places of its best ${n} athletes added up; the lowest total wins, and ${a} with more counted athletes (up to ${n}) ranks first.`;
    case 'sum_points':
      return `${Score}: the points of its best ${n} athletes added up (an athlete earns a point for every athlete they finished level with or ahead of).`;
    case 'average_points':
      return `${Score}: the average points of its best ${n} athletes (an athlete earns a point for every athlete they finished level with or ahead of).`;
    case 'participation':
      return `${Score}: the average points of its best ${n} athletes, times the share of ${its} athletes in the event who posted a result.`;
  }
}

/** How many of a gym's best athletes count. */
export const GYM_BEST_N = { min: 1, max: 50, default: 5 } as const;

export const isGymRule = (value: unknown): value is GymRule =>
  typeof value === 'string' && (GYM_RULES as readonly string[]).includes(value);
export const isGymBestN = (n: unknown): n is number =>
  Number.isInteger(n) && (n as number) >= GYM_BEST_N.min && (n as number) <= GYM_BEST_N.max;

/** Points for place `place` (from 1) on a board of `total` entries. */
export const pointsFor = (place: number, total: number) => total - place + 1;

/** Whether the rule's gym score is better when lower (places) or higher (points). */
export const lowerIsBetter = (rule: GymRule) => rule === 'sum_places';

/** A gym score as a board shows it. */
export function formatGymScore(rule: GymRule, value: number | null): string {
  if (value === null) return '–';
  switch (rule) {
    case 'sum_places':
      return `${value.toLocaleString('en')} (places)`;
    case 'sum_points':
    case 'average_points':
    case 'participation': {
      const shown = value.toLocaleString('en', { maximumFractionDigits: 1 });
      return `${shown} ${shown === '1' ? 'pt' : 'pts'}`;
    }
  }
}

/** What a multi-gym event's second board ranks: gyms, or alliances of lasting teams (domain/teams-alliances.ts). */
export const GYM_BOARD_UNITS = ['gyms', 'alliances'] as const;
export type GymBoardUnit = (typeof GYM_BOARD_UNITS)[number];
export const GYM_BOARD_UNIT_LABELS: Record<GymBoardUnit, string> = { gyms: 'Gyms', alliances: 'Alliances' };

/** One athlete's best on the whole board, as the naive ranking reads it. */
export interface GymEntry {
  userId: number;
  /** The gym captured at join, or null (counts for none). */
  gymId: number | null;
  /** The board's order: smaller is better; equal keys share a place. */
  sortKey: bigint;
}

/**
 * The same for any unit: an athlete counts for every unit stored when they joined (one gym at most;
 * every alliance that was active with one of their teams in it, so possibly several or none).
 */
export interface UnitEntry {
  userId: number;
  unitIds: readonly number[];
  sortKey: bigint;
}

export interface UnitStanding {
  unitId: number;
  rank: number;
  /** The unit's athletes in the event (joined, with or without a result). */
  joined: number;
  /** Those with a result on the board. */
  scored: number;
  /** Those whose result is part of the unit's score (at most N). */
  counted: number;
  /** The unit's score (null while no athlete counts). */
  value: number | null;
}

export type GymStanding = Omit<UnitStanding, 'unitId'> & { gymId: number };

/** The gym board computed plainly (naiveUnitBoard with each athlete's one gym). */
export function naiveGymBoard(entries: GymEntry[], joinedOnly: { gymId: number | null }[], rule: GymRule, n: number): GymStanding[] {
  const units = (gymId: number | null) => (gymId === null ? [] : [gymId]);
  return naiveUnitBoard(
    entries.map((e) => ({ userId: e.userId, unitIds: units(e.gymId), sortKey: e.sortKey })),
    joinedOnly.map((j) => ({ unitIds: units(j.gymId) })),
    rule,
    n,
  ).map(({ unitId, ...r }) => ({ gymId: unitId, ...r }));
}

/**
 * A gym or alliance board computed plainly: places on the whole board, each unit's best N by place
 * (then athlete id), the rule's score, and rank() over (counted = 0, [more counted first for
 * sum_places], score). `joinedOnly` lists athletes who joined without a result (their units).
 * Ties share the higher place; rows come in rank order, then unit id.
 */
export function naiveUnitBoard(
  entries: UnitEntry[],
  joinedOnly: { unitIds: readonly number[] }[],
  rule: GymRule,
  n: number,
): UnitStanding[] {
  const sorted = [...entries].sort((a, b) => (a.sortKey < b.sortKey ? -1 : a.sortKey > b.sortKey ? 1 : 0));
  const total = sorted.length;
  const places = new Map<number, number>();
  sorted.forEach((e, i) =>
    places.set(e.userId, i > 0 && sorted[i - 1]!.sortKey === e.sortKey ? places.get(sorted[i - 1]!.userId)! : i + 1),
  );
  const units = new Map<number, { joined: number; athletes: { userId: number; place: number }[] }>();
  const unitOf = (id: number) => {
    let u = units.get(id);
    if (!u) units.set(id, (u = { joined: 0, athletes: [] }));
    return u;
  };
  for (const e of entries) {
    for (const id of new Set(e.unitIds)) {
      const u = unitOf(id);
      u.joined += 1;
      u.athletes.push({ userId: e.userId, place: places.get(e.userId)! });
    }
  }
  for (const j of joinedOnly) for (const id of new Set(j.unitIds)) unitOf(id).joined += 1;
  const rows = [...units.entries()].map(([unitId, u]) => {
    const best = [...u.athletes].sort((a, b) => a.place - b.place || a.userId - b.userId).slice(0, n);
    const counted = best.length;
    const placeSum = best.reduce((s, a) => s + a.place, 0);
    const pointSum = best.reduce((s, a) => s + pointsFor(a.place, total), 0);
    const value =
      counted === 0
        ? null
        : rule === 'sum_places'
          ? placeSum
          : rule === 'sum_points'
            ? pointSum
            : rule === 'average_points'
              ? pointSum / counted
              : (pointSum / counted) * (u.athletes.length / u.joined);
    return { unitId, joined: u.joined, scored: u.athletes.length, counted, value, rank: 0 };
  });
  // The sort keys, best first: no result last; for sum_places more counted first; then the score.
  const keyOf = (r: (typeof rows)[number]): number[] => [
    r.counted === 0 ? 1 : 0,
    rule === 'sum_places' ? -r.counted : 0,
    r.value === null ? 0 : lowerIsBetter(rule) ? r.value : -r.value,
  ];
  const cmp = (a: number[], b: number[]) => a[0]! - b[0]! || a[1]! - b[1]! || a[2]! - b[2]!;
  rows.sort((a, b) => cmp(keyOf(a), keyOf(b)) || a.unitId - b.unitId);
  rows.forEach((r, i) => {
    r.rank = i > 0 && cmp(keyOf(rows[i - 1]!), keyOf(r)) === 0 ? rows[i - 1]!.rank : i + 1;
  });
  return rows;
}
