import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  GYM_COUNTED_ATHLETES,
  SEASON_POINTS,
  gymEventScore,
  seasonPointsFor,
  seasonTable,
  type SeasonInput,
} from '#domain/sports-network.ts';

const places = fc.array(fc.integer({ min: 1, max: 15 }), { maxLength: 8 });

describe('the season points table', () => {
  it('never rises down the places, and gives 0 past its end', () => {
    for (let i = 1; i < SEASON_POINTS.length; i++) expect(SEASON_POINTS[i]!).toBeLessThanOrEqual(SEASON_POINTS[i - 1]!);
    expect(seasonPointsFor(1)).toBe(25);
    expect(seasonPointsFor(SEASON_POINTS.length + 1)).toBe(0);
  });

  it(`counts a gym's best ${GYM_COUNTED_ATHLETES} athletes in an event, whatever their order`, () => {
    fc.assert(
      fc.property(places, (ps) => {
        const score = gymEventScore(ps);
        expect(gymEventScore([...ps].reverse())).toBe(score);
        // A further athlete never lowers the score, and adds at most their own points.
        const more = gymEventScore([...ps, 1]);
        expect(more).toBeGreaterThanOrEqual(score);
        expect(more - score).toBeLessThanOrEqual(seasonPointsFor(1));
        const top = [...ps].sort((a, b) => a - b).slice(0, GYM_COUNTED_ATHLETES);
        expect(score).toBe(top.reduce((a, p) => a + seasonPointsFor(p), 0));
      }),
    );
  });
});

describe('the season table', () => {
  const gyms = fc
    .integer({ min: 1, max: 3 })
    .chain((events) =>
      fc.array(
        fc.record({
          name: fc.constantFrom('Alpha', 'beta', 'Gamma', 'delta'),
          eventPlaces: fc.array(places, { minLength: events, maxLength: events }),
        }),
        { minLength: 1, maxLength: 6 },
      ),
    )
    .map((gs): SeasonInput[] => gs.map((g, i) => ({ ...g, gymId: i + 1 })));

  it('places by total, then best event, then event wins; equal on all three share a place', () => {
    fc.assert(
      fc.property(gyms, (input) => {
        const rows = seasonTable(input);
        expect(rows).toHaveLength(input.length);
        expect(rows[0]!.place).toBe(1);
        for (let i = 1; i < rows.length; i++) {
          const [a, b] = [rows[i - 1]!, rows[i]!];
          const key = (r: typeof a) => [r.total, r.best, r.wins];
          if (b.place === a.place) expect(key(b)).toEqual(key(a));
          else {
            expect(b.place).toBe(i + 1);
            const [ka, kb] = [key(a), key(b)];
            const first = ka.findIndex((v, k) => v !== kb[k]);
            expect(ka[first]!).toBeGreaterThan(kb[first]!);
          }
        }
        for (const r of rows) expect(r.total).toBe(r.scores.reduce((x, y) => x + y, 0));
      }),
    );
  });

  it('gives a gym with no athletes in any event 0 points and no wins', () => {
    const rows = seasonTable([
      { gymId: 1, name: 'Empty', eventPlaces: [[], []] },
      { gymId: 2, name: 'Busy', eventPlaces: [[3], [1, 2]] },
    ]);
    expect(rows.map((r) => [r.name, r.place, r.total, r.wins])).toEqual([
      ['Busy', 1, 15 + 25 + 18, 2],
      ['Empty', 2, 0, 0],
    ]);
  });
});
