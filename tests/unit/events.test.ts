import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  DEFAULT_POINTS_TABLE,
  EVENT_RULES,
  formatPoints,
  parsePointsTable,
  pointsFor,
  pointsTableProblem,
  workoutSortIndex,
} from '#domain/events.ts';
import { naiveStandings, type NaiveEntry } from './events-naive.ts';

const W = [11, 12, 13];
const entry = (challengeId: number, userId: number, key: number, category = ''): NaiveEntry => ({
  challengeId,
  userId,
  category,
  sortKey: BigInt(key),
});

describe('event points', () => {
  it('sum of places adds the places; the lowest total wins', () => {
    expect(pointsFor('sum_of_places', 7, { table: [], divisionSize: 10 })).toBe(7);
  });
  it('a points table pays its places and nothing beyond it', () => {
    expect(DEFAULT_POINTS_TABLE.slice(0, 3)).toEqual([100, 95, 90]);
    expect(pointsFor('points_table', 2, { table: DEFAULT_POINTS_TABLE, divisionSize: 50 })).toBe(95);
    expect(pointsFor('points_table', 21, { table: DEFAULT_POINTS_TABLE, divisionSize: 50 })).toBe(0);
  });
  it('P-score runs from 100 for the winner to 0 for place N, in hundredths', () => {
    expect(pointsFor('p_score', 1, { table: [], divisionSize: 5 })).toBe(10_000);
    expect(pointsFor('p_score', 3, { table: [], divisionSize: 5 })).toBe(5_000);
    expect(pointsFor('p_score', 5, { table: [], divisionSize: 5 })).toBe(0);
    expect(pointsFor('p_score', 1, { table: [], divisionSize: 1 })).toBe(10_000);
    expect(formatPoints('p_score', 12_345)).toBe('123.45');
    expect(formatPoints('sum_of_places', 12)).toBe('12');
  });
  it('never pays more for a worse place, whatever the rule', () => {
    fc.assert(
      fc.property(fc.constantFrom(...EVENT_RULES), fc.integer({ min: 1, max: 300 }), fc.integer({ min: 1, max: 299 }), (rule, n, p) => {
        const a = pointsFor(rule, p, { table: DEFAULT_POINTS_TABLE, divisionSize: n });
        const b = pointsFor(rule, p + 1, { table: DEFAULT_POINTS_TABLE, divisionSize: n });
        return rule === 'sum_of_places' ? b > a : b <= a;
      }),
    );
  });
  it('refuses points tables that rise or hold no whole numbers, saying which place', () => {
    expect(pointsTableProblem([100, 95, 96])).toMatch(/Place 3 cannot be worth more than place 2/);
    expect(pointsTableProblem([])).toMatch(/at least one/);
    expect(pointsTableProblem([100, 1.5])).toMatch(/Place 2/);
    expect(pointsTableProblem([100, 95, 95, 0])).toBeNull();
    expect(parsePointsTable('100, 95 90')).toEqual([100, 95, 90]);
    expect(parsePointsTable('100, ninety')).toBeNull();
  });
  it('reads board sorts by workout position', () => {
    expect(workoutSortIndex('w2', 3)).toBe(2);
    expect(workoutSortIndex('w4', 3)).toBeNull();
    expect(workoutSortIndex('overall', 3)).toBeNull();
  });
});

describe('the naive standing', () => {
  it('sums places, gives a missing workout one place below everyone with a result, and breaks ties by first places', () => {
    const entries = [
      // Ana wins 1 and 2, misses 3. Bea: 2nd, 2nd, 1st. Cy: 3rd in 1 only.
      entry(11, 1, 10),
      entry(11, 2, 20),
      entry(11, 3, 30),
      entry(12, 1, 10),
      entry(12, 2, 20),
      entry(13, 2, 5),
    ];
    const rows = naiveStandings({ workouts: W, entries, rule: 'sum_of_places', table: [], category: '' });
    // Ana 1+1+2 = 4, Bea 2+2+1 = 5, Cy 3+3+2 = 8.
    expect(rows.map((r) => [r.userId, r.total, r.overall])).toEqual([
      [1, 4, 1],
      [2, 5, 2],
      [3, 8, 3],
    ]);
    expect(rows[2]!.places).toEqual([3, 3, 2]);
  });
  it('equal totals: more first places ahead, then the better single place, else a shared place', () => {
    const entries = [entry(11, 1, 1), entry(11, 2, 2), entry(11, 3, 3), entry(12, 1, 3), entry(12, 2, 1), entry(12, 3, 2)];
    // Places: 1 → [1,3] = 4 with one first; 2 → [2,1] = 3; 3 → [3,2] = 5.
    const rows = naiveStandings({ workouts: [11, 12], entries, rule: 'sum_of_places', table: [], category: '' });
    expect(rows.map((r) => r.userId)).toEqual([2, 1, 3]);
    const tied = naiveStandings({
      workouts: [11, 12],
      entries: [entry(11, 1, 1), entry(11, 2, 2), entry(12, 1, 2), entry(12, 2, 1)],
      rule: 'points_table',
      table: DEFAULT_POINTS_TABLE,
      category: '',
    });
    expect(tied.map((r) => r.overall)).toEqual([1, 1]);
  });
  it('ranks divisions apart', () => {
    const entries = [entry(11, 1, 5, 'female'), entry(11, 2, 1, 'male'), entry(12, 1, 5, 'female')];
    const women = naiveStandings({ workouts: [11, 12], entries, rule: 'sum_of_places', table: [], category: 'female' });
    expect(women).toEqual([expect.objectContaining({ userId: 1, places: [1, 1], overall: 1 })]);
  });
});
