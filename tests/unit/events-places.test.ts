import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { DEFAULT_POINTS_TABLE, EVENT_RULES } from '#domain/events.ts';
import { divisionStanding, divisionsOf, inBoardOrder, type KeptBoard, type LeanRow } from '#server/areas/events/events-places.ts';
import { sortedView, type CachedStanding } from '#server/areas/events/events-cache.ts';
import { naiveStandings, type NaiveEntry } from './events-naive.ts';

const W = [21, 22, 23];
const CATEGORIES = ['female', 'female_40', 'male'];

/** The workouts' boards as the cache keeps them: per category, in board order. */
function boardsOf(entries: NaiveEntry[]): KeptBoard[] {
  return W.map((challengeId) => {
    const mine = entries
      .filter((e) => e.challengeId === challengeId)
      .sort((a, b) => (a.sortKey < b.sortKey ? -1 : a.sortKey > b.sortKey ? 1 : a.userId - b.userId));
    const categories = [...new Set(mine.map((e) => e.category))].sort();
    return {
      challengeId,
      groups: categories.map((category) => {
        const g = mine.filter((e) => e.category === category);
        return { category, users: Int32Array.from(g, (e) => e.userId), keys: g.map((e) => String(e.sortKey)) };
      }),
    };
  });
}

// Athletes of one category each, except (rarely) one entered under another category in a workout; sort keys
// from 9e12 to 3e18 (past what a double holds exactly), ordered as numbers but not as text.
const field = fc.array(
  fc.record({
    category: fc.constantFrom(...CATEGORIES),
    results: fc.array(
      fc.option(fc.record({ key: fc.integer({ min: 0, max: 6 }), stray: fc.option(fc.constantFrom(...CATEGORIES), { freq: 6 }) }), {
        nil: null,
        freq: 3,
      }),
      {
        minLength: 3,
        maxLength: 3,
      },
    ),
  }),
  { minLength: 1, maxLength: 30 },
);

function entriesOf(athletes: { category: string; results: ({ key: number; stray: string | null } | null)[] }[]) {
  const entries: NaiveEntry[] = [];
  for (const [i, a] of athletes.entries())
    for (const [k, r] of a.results.entries())
      if (r)
        entries.push({
          challengeId: W[k]!,
          userId: 100 + i,
          category: r.stray ?? a.category,
          sortKey: BigInt(9 - r.key) * 10n ** BigInt(r.key + 12),
        });
  return entries;
}

describe('an event standing from the kept boards', () => {
  it('places every division as the plain computation does, for each rule, with ties, missing workouts and mixed categories', () => {
    fc.assert(
      fc.property(field, fc.constantFrom(...EVENT_RULES), (athletes, rule) => {
        const entries = entriesOf(athletes);
        const boards = boardsOf(entries);
        const table = rule === 'points_table' ? DEFAULT_POINTS_TABLE.slice(0, 4) : [];
        const division = divisionsOf(boards, CATEGORIES);
        for (const category of CATEGORIES) {
          const got = divisionStanding(boards, division, CATEGORIES, { rule, table, category });
          const want = naiveStandings({ workouts: W, entries, rule, table, category });
          expect(got.map(({ user_id, ...r }) => ({ userId: user_id, ...r }))).toEqual(want);
        }
      }),
      { numRuns: 300 },
    );
  });

  it('serves each order as a comparison sort would, without sorting on a read', () => {
    fc.assert(
      fc.property(field, fc.integer({ min: 0, max: 3 }), fc.boolean(), (athletes, sortWorkout, descending) => {
        const boards = boardsOf(entriesOf(athletes));
        const rows = divisionStanding(boards, divisionsOf(boards, CATEGORIES), CATEGORIES, {
          rule: 'sum_of_places',
          table: [],
          category: 'female',
        });
        const kept = { rows, views: new Map() } as unknown as CachedStanding;
        const sign = descending ? -1 : 1;
        const k = sortWorkout - 1;
        const want = [...rows].sort(
          (a: LeanRow, b: LeanRow) =>
            sign * ((sortWorkout > 0 ? a.places[k]! - b.places[k]! : 0) || a.overall - b.overall) || a.user_id - b.user_id,
        );
        expect(sortedView(kept, sortWorkout, descending).map((r) => r.user_id)).toEqual(want.map((r) => r.user_id));
      }),
      { numRuns: 300 },
    );
  });
});

describe('a board as read', () => {
  it('is put in key order (ties by user id) should the database hand a category over otherwise', () => {
    // Few distinct keys as well as any, so ties are common.
    const key = fc.oneof(fc.bigInt({ min: 0n, max: 3n }), fc.bigInt({ min: 0n, max: (1n << 63n) - 1n }));
    fc.assert(
      fc.property(fc.uniqueArray(fc.record({ user: fc.integer({ min: 1, max: 1e6 }), key }), { selector: (e) => e.user }), (entries) => {
        const got = inBoardOrder(
          'female',
          entries.map((e) => String(e.user)),
          entries.map((e) => String(e.key)),
        );
        const inKeyOrder = entries.every((e, i) => i === 0 || entries[i - 1]!.key <= e.key);
        // In key order it is kept as read (ties in the database's order: submitted, then user id); otherwise sorted.
        const want = inKeyOrder ? entries : [...entries].sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : a.user - b.user));
        expect(got.keys).toEqual(want.map((e) => String(e.key)));
        expect(Array.from(got.users)).toEqual(want.map((e) => e.user));
      }),
    );
  });
});
