import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { formatScore, parseDecimal } from '#domain/scoring/index.ts';
import { toGrams, toMillimetres } from '#domain/scoring/units.ts';
import {
  distanceShown,
  distanceTyped,
  isUnitPreference,
  loadShown,
  loadTyped,
  measureShown,
  roundTripTolerance,
  scoreInUnits,
  shownTolerance,
  UNIT_PREFERENCES,
} from '#domain/unit-preference.ts';

const pref = fc.constantFrom(...UNIT_PREFERENCES);
// Up to 1,000 kg and 1,000 km: past anything a test or challenge takes.
const grams = fc.integer({ min: 0, max: 1_000_000 });
const millimetres = fc.integer({ min: 0, max: 1_000_000_000 });

describe('unit preference', () => {
  it('knows exactly its two choices', () => {
    expect(UNIT_PREFERENCES).toEqual(['metric', 'imperial']);
    expect(isUnitPreference('imperial')).toBe(true);
    expect(isUnitPreference('lb')).toBe(false);
    expect(isUnitPreference(undefined)).toBe(false);
  });

  it('shows weights in kg or lb and distances in km or mi', () => {
    expect(loadShown(100_000, 'metric')).toBe(100);
    expect(loadShown(100_000, 'imperial')).toBe(220.5);
    expect(loadTyped(220.5, 'imperial')).toBe(100_017);
    expect(loadTyped(102.5, 'metric')).toBe(102_500);
    expect(distanceShown(5_000_000, 'metric')).toBe(5);
    expect(distanceShown(5_000_000, 'imperial')).toBe(3.11);
    expect(distanceTyped(1, 'imperial')).toBe(1_609_344);
  });

  it('a weight shown and typed back in the same unit stores the same value within rounding', () => {
    fc.assert(
      fc.property(grams, pref, (g, p) => {
        const back = loadTyped(loadShown(g, p), p);
        expect(Math.abs(back - g)).toBeLessThanOrEqual(roundTripTolerance('load', p));
      }),
    );
  });

  it('a distance shown and typed back in the same unit stores the same value within rounding', () => {
    fc.assert(
      fc.property(millimetres, pref, (mm, p) => {
        const back = distanceTyped(distanceShown(mm, p), p);
        expect(Math.abs(back - mm)).toBeLessThanOrEqual(roundTripTolerance('distance', p));
      }),
    );
  });

  it('the number shown is the one the score formatter prints, so what the athlete reads is what they type', () => {
    fc.assert(
      fc.property(grams, pref, (g, p) => {
        const text = formatScore('load', { status: 'finished', value: g, tiebreakMs: null }, { units: p });
        expect(parseDecimal(text.split(' ')[0]!)).toBe(loadShown(g, p));
      }),
    );
  });

  it('typing back a shown weight is stable: showing the stored result again gives the same number', () => {
    fc.assert(
      fc.property(grams, pref, (g, p) => {
        const shown = loadShown(g, p);
        expect(loadShown(loadTyped(shown, p), p)).toBe(shown);
      }),
    );
  });
});

describe('scores in the viewer’s units on boards and lists', () => {
  const shown = (type: 'load' | 'distance', value: number, p: 'metric' | 'imperial') =>
    scoreInUnits(type, { status: 'finished', value, tiebreakMs: null }, p);

  it('loads to half a kilo or a whole pound, short distances in metres, long ones in km or mi', () => {
    expect(shown('load', Math.round(225 * 453.59237), 'imperial')).toBe('225 lb');
    expect(shown('load', Math.round(225 * 453.59237), 'metric')).toBe('102 kg');
    expect(shown('load', 189_150, 'metric')).toBe('189 kg');
    expect(shown('load', 102_500, 'metric')).toBe('102.5 kg');
    expect(shown('load', 100_000, 'imperial')).toBe('220 lb');
    expect(shown('distance', 2_000_000, 'metric')).toBe('2000 m');
    expect(shown('distance', 2_000_000, 'imperial')).toBe('2000 m');
    expect(shown('distance', 21_097_500, 'metric')).toBe('21.1 km');
    expect(shown('distance', 42_195_000, 'imperial')).toBe('26.22 mi');
    expect(scoreInUnits('time', { status: 'finished', value: 271_000, tiebreakMs: null }, 'imperial')).toBe('4:31');
  });

  it('a shown load or distance, typed back in its unit, is within half its step of what is stored', () => {
    fc.assert(
      fc.property(fc.constantFrom('load' as const, 'distance' as const), fc.integer({ min: 0, max: 1_000_000_000 }), pref, (type, v, p) => {
        const value = type === 'load' ? v % 1_000_000 : v;
        const { value: n, unit } = measureShown(type, value, p);
        const text = shown(type, value, p);
        expect(text).toBe(`${n} ${unit}`);
        const back = type === 'load' ? toGrams(n, unit as 'kg' | 'lb') : toMillimetres(n, unit as 'm' | 'km' | 'mi');
        expect(Math.abs(back - value)).toBeLessThanOrEqual(shownTolerance(type, value, p) + 0.5);
      }),
    );
  });
});
