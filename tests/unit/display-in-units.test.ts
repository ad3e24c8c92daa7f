import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { displayInUnits, scoreInUnits } from '#domain/unit-preference.ts';
import { formatScore } from '#domain/scoring/format.ts';

describe('a score’s text from the API in the viewer’s units', () => {
  it('reads weights and distances in the chosen units, and leaves every other score as it is', () => {
    expect(displayInUnits('102.058 kg', 'imperial')).toBe('225 lb');
    expect(displayInUnits('102.058 kg', 'metric')).toBe('102 kg');
    expect(displayInUnits('16.093 km', 'imperial')).toBe('10 mi');
    expect(displayInUnits('400 m', 'imperial')).toBe('400 m');
    for (const text of ['12:34', '150 reps', 'CAP + 12 reps', '5 rounds + 3 reps', '300 cal', '80 pts', '']) {
      expect(displayInUnits(text, 'imperial')).toBe(text);
    }
  });

  it('shows what the boards show for the same stored value, for every load and distance', () => {
    fc.assert(
      fc.property(
        fc.constantFrom('load' as const, 'distance' as const),
        fc.integer({ min: 1, max: 500_000_000 }),
        fc.constantFrom('metric' as const, 'imperial' as const),
        (type, value, units) => {
          const score = { status: 'finished' as const, value, tiebreakMs: null };
          // The API writes metric (formatScore); the page reads it back and shows it as the board does.
          expect(displayInUnits(formatScore(type, score), units)).toBe(scoreInUnits(type, score, units));
        },
      ),
    );
  });
});
