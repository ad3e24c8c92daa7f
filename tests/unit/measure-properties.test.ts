import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { checkBounds, formatMeasure, toTestUnit, type TestUnit } from '#domain/measures.ts';
import {
  BOUNDS,
  DIRECTION,
  encodeScore,
  formatDuration,
  formatScore,
  MAX_TIEBREAK_MS,
  parseDecimal,
  parseScoreText,
  parseTime,
  parseWhole,
  SCORE_TYPES,
  sortKey,
  type Division,
  type EncodedScore,
  type ScoreInput,
  type ScoreType,
  type ScoringRules,
  validateScore,
} from '#domain/scoring/index.ts';

// Properties of the one measurement pipeline (parse → encode → validate → sort key → format), over every score type.

const DAY_MS = 24 * 3_600_000;
const rulesFor = (scoreType: ScoreType, repsPerRound: number | null = null): ScoringRules => ({
  scoreType,
  timeCapMs: scoreType === 'time' ? DAY_MS : null,
  repsPerRound: scoreType === 'rounds_reps' ? repsPerRound : null,
  hasTiebreak: true,
});

/** Every value the pipeline can store for a type: whole canonical units within the type's bounds. */
const encodable = (type: ScoreType): fc.Arbitrary<EncodedScore> => {
  const finished = fc
    .integer({ min: BOUNDS[type].min, max: BOUNDS[type].max })
    .map((value) => ({ status: 'finished' as const, value, tiebreakMs: null }));
  if (type !== 'time') return finished;
  const capped = fc.integer({ min: 0, max: BOUNDS.reps.max }).map((value) => ({ status: 'capped' as const, value, tiebreakMs: null }));
  return fc.oneof(finished, capped);
};
const perRound = fc.option(fc.integer({ min: 1, max: 200 }), { nil: null });

const readBack = (type: ScoreType, text: string, repsPerRound: number | null) =>
  encodeScore(rulesFor(type, repsPerRound), parseScoreText(type, text));

describe('format then parse gives back every encodable value', () => {
  for (const type of SCORE_TYPES) {
    it(`${type}: parse(format(v)) === v`, () => {
      fc.assert(
        fc.property(encodable(type), perRound, (score, repsPerRound) => {
          const text = formatScore(type, score, { repsPerRound });
          const back = readBack(type, text, repsPerRound);
          expect({ text, status: back.status, value: back.value }).toEqual({ text, status: score.status, value: score.value });
        }),
        { numRuns: 300 },
      );
    });
  }

  it('records (kg, seconds, metres to 3 decimals; counts): the shown text parses back to the stored value', () => {
    const stored: [TestUnit, fc.Arbitrary<number>][] = [
      ['kg', fc.integer({ min: 1, max: 1_000_000 }).map((g) => g / 1000)],
      ['seconds', fc.integer({ min: 1, max: DAY_MS }).map((ms) => ms / 1000)],
      ['meters', fc.integer({ min: 1, max: 1_000_000_000 }).map((mm) => mm / 1000)],
      ['reps', fc.integer({ min: 0, max: 100_000 })],
      ['calories', fc.integer({ min: 0, max: 100_000 })],
    ];
    const type: Record<string, ScoreType> = { kg: 'load', seconds: 'time', meters: 'distance', reps: 'reps', calories: 'calories' };
    for (const [unit, values] of stored) {
      fc.assert(
        fc.property(values, (value) => {
          const text = formatMeasure(value, unit);
          const canonical = readBack(type[unit]!, text, null).value;
          expect(['kg', 'seconds', 'meters'].includes(unit) ? canonical / 1000 : canonical).toBe(value);
        }),
      );
    }
  });
});

describe('parse then format settles on one spelling', () => {
  it('times: any accepted spelling (leading zeros, short fractions) formats to one form that reads back the same', () => {
    fc.assert(
      fc.property(fc.stringMatching(/^(?:\d{1,2}:[0-5]\d:|\d{1,3}:)[0-5]\d(?:\.\d{1,3})?$/), (typed) => {
        const ms = parseTime(typed);
        const shown = formatDuration(ms);
        expect(parseTime(shown)).toBe(ms);
        expect(formatDuration(parseTime(shown))).toBe(shown);
      }),
    );
  });

  it('loads and distances: a typed amount and unit format to text that encodes to the same canonical value', () => {
    const amount = fc.stringMatching(/^(?:[1-9]\d{0,2}(?:\.\d{1,3})?)$/);
    fc.assert(
      fc.property(amount, fc.constantFrom('kg', 'lb'), (typed, unit) => {
        const first = encodeScore(rulesFor('load'), parseScoreText('load', `${typed} ${unit}`));
        const shown = formatScore('load', first);
        expect(readBack('load', shown, null).value).toBe(first.value);
        expect(formatScore('load', readBack('load', shown, null))).toBe(shown);
      }),
    );
    fc.assert(
      fc.property(amount, fc.constantFrom('m', 'km', 'mi'), (typed, unit) => {
        const first = encodeScore(rulesFor('distance'), parseScoreText('distance', `${typed}${unit === 'm' ? '' : ' '}${unit}`));
        const shown = formatScore('distance', first);
        expect(readBack('distance', shown, null).value).toBe(first.value);
        expect(formatScore('distance', readBack('distance', shown, null))).toBe(shown);
      }),
    );
  });
});

/**
 * The ranking rules of the README ("How challenges rank"), written out as a comparison: negative when a ranks
 * ahead of b. Division, then finished before capped, then the result (time: less is better; capped: more reps;
 * every other type: more is better), then the tie-break time (less is better, none last).
 */
function ranksAhead(type: ScoreType, a: EncodedScore & { division: Division }, b: EncodedScore & { division: Division }): number {
  if (a.division !== b.division) return a.division === 'rx' ? -1 : 1;
  if (a.status !== b.status) return a.status === 'finished' ? -1 : 1;
  const lessIsBetter = a.status === 'finished' && DIRECTION[type] === 'lower_is_better';
  if (a.value !== b.value) return a.value < b.value === lessIsBetter ? -1 : 1;
  if (a.tiebreakMs === b.tiebreakMs) return 0;
  if (a.tiebreakMs === null) return 1;
  if (b.tiebreakMs === null) return -1;
  return a.tiebreakMs < b.tiebreakMs ? -1 : 1;
}

describe('the sort key orders exactly as the ranking rules say', () => {
  for (const type of SCORE_TYPES) {
    it(type, () => {
      const entry = fc
        .tuple(
          encodable(type),
          fc.constantFrom<Division>('rx', 'scaled'),
          fc.option(fc.integer({ min: 0, max: MAX_TIEBREAK_MS - 1 }), { nil: null }),
        )
        .map(([score, division, tiebreakMs]) => ({ ...score, tiebreakMs, division }));
      // Small values too, so equal results (and the tie-break deciding) come up often.
      const close = fc
        .tuple(
          fc.constantFrom<EncodedScore['status']>('finished', ...(type === 'time' ? (['capped'] as const) : [])),
          fc.integer({ min: 0, max: 3 }),
          fc.constantFrom<Division>('rx', 'scaled'),
          fc.option(fc.integer({ min: 0, max: 3 }), { nil: null }),
        )
        .map(([status, v, division, tiebreakMs]) => ({
          status,
          value: status === 'finished' ? BOUNDS[type].min + v : v,
          division,
          tiebreakMs,
        }));
      const rules = rulesFor(type, 10);
      fc.assert(
        fc.property(fc.oneof(entry, close), fc.oneof(entry, close), (a, b) => {
          const ka = sortKey(rules, a, a.division);
          const kb = sortKey(rules, b, b.division);
          expect(Math.sign(ka < kb ? -1 : ka > kb ? 1 : 0)).toBe(ranksAhead(type, a, b));
        }),
        { numRuns: 500 },
      );
    });
  }
});

describe('a typed value is read the same by the challenge score form and the record path', () => {
  // The CSV path is checked against the same values, through the upload, in tests/server/measure-paths.test.ts.
  const outcome = (read: () => number) => {
    try {
      return read();
    } catch {
      return 'refused';
    }
  };
  const typedish = fc.stringMatching(/^[0-9:.\- ]{0,12}$/);

  it('times', () => {
    fc.assert(
      fc.property(fc.oneof(typedish, fc.stringMatching(/^(?:\d{1,3}:){0,3}\d{1,3}(?:\.\d{1,4})?$/)), (typed) => {
        expect(outcome(() => toTestUnit(typed, 'mm:ss', 'seconds'))).toBe(outcome(() => parseTime(typed) / 1000));
      }),
      { numRuns: 2000 },
    );
  });

  it('loads and distances (each path with the same bounds)', () => {
    const record = (typed: string, from: 'kg' | 'km', unit: 'kg' | 'meters', type: 'load' | 'distance') => () => {
      const value = toTestUnit(typed, from, unit);
      checkBounds(value, { min: BOUNDS[type].min / 1000, max: BOUNDS[type].max / 1000 }, unit, 'this test');
      return value;
    };
    const score = (input: (value: number) => ScoreInput, type: 'load' | 'distance', typed: string) => () =>
      validateScore(rulesFor(type), encodeScore(rulesFor(type), input(parseDecimal(typed)))).value / 1000;
    fc.assert(
      fc.property(fc.oneof(typedish, fc.stringMatching(/^\d{0,4}(?:\.\d{0,4})?$/)), (typed) => {
        expect(outcome(record(typed, 'kg', 'kg', 'load'))).toBe(
          outcome(score((value) => ({ kind: 'load', value, unit: 'kg' }), 'load', typed)),
        );
        expect(outcome(record(typed, 'km', 'meters', 'distance'))).toBe(
          outcome(score((value) => ({ kind: 'distance', value, unit: 'km' }), 'distance', typed)),
        );
      }),
      { numRuns: 2000 },
    );
  });

  it('whole counts', () => {
    fc.assert(
      fc.property(fc.oneof(typedish, fc.stringMatching(/^\d{0,6}(?:\.\d{0,2})?$/)), (typed) => {
        expect(outcome(() => toTestUnit(typed, 'reps', 'reps'))).toBe(outcome(() => parseWhole(typed, 'Reps')));
      }),
      { numRuns: 2000 },
    );
  });
});
