import { describe, expect, it } from 'vitest';
import {
  encodeScore,
  formatDuration,
  formatScore,
  parseTime,
  ScoreError,
  sortKey,
  validateScore,
  type Division,
  type ScoreInput,
  type ScoringRules,
} from '#domain/scoring/index.ts';

const key = (rules: ScoringRules, input: ScoreInput, division: Division = 'rx', tiebreak?: number) =>
  sortKey(rules, validateScore(rules, encodeScore(rules, input, tiebreak)), division);

/** Sorts entries by their keys (ascending = best first) and returns their names. */
const order = (entries: [string, bigint][]) => [...entries].sort((a, b) => (a[1] < b[1] ? -1 : a[1] > b[1] ? 1 : 0)).map((e) => e[0]);

describe('ordering per score type', () => {
  it('time: faster first', () => {
    const r: ScoringRules = { scoreType: 'time' };
    expect(
      order([
        ['slow', key(r, { kind: 'time', ms: 600_000 })],
        ['fast', key(r, { kind: 'time', ms: 300_000 })],
      ]),
    ).toEqual(['fast', 'slow']);
  });

  it('time with a cap: every finisher above every capped athlete; capped by reps, then tie-break', () => {
    const r: ScoringRules = { scoreType: 'time', timeCapMs: 720_000, hasTiebreak: true };
    const entries: [string, bigint][] = [
      ['capped-150', key(r, { kind: 'capped', reps: 150 }, 'rx', 400_000)],
      ['finished-at-cap', key(r, { kind: 'time', ms: 720_000 })],
      ['capped-180-late', key(r, { kind: 'capped', reps: 180 }, 'rx', 500_000)],
      ['capped-180-early', key(r, { kind: 'capped', reps: 180 }, 'rx', 450_000)],
      ['finished-fast', key(r, { kind: 'time', ms: 400_000 })],
    ];
    expect(order(entries)).toEqual(['finished-fast', 'finished-at-cap', 'capped-180-early', 'capped-180-late', 'capped-150']);
    expect(() => encodeScore(r, { kind: 'time', ms: 720_001 })).toThrow(/over the time cap/);
    expect(() => encodeScore({ scoreType: 'time' }, { kind: 'capped', reps: 10 })).toThrow(/no time cap/);
  });

  it('reps, calories, points: more first', () => {
    for (const scoreType of ['reps', 'calories', 'points'] as const) {
      const r: ScoringRules = { scoreType };
      expect(
        order([
          ['few', key(r, { kind: 'count', value: 10 })],
          ['many', key(r, { kind: 'count', value: 99 })],
        ]),
      ).toEqual(['many', 'few']);
    }
  });

  it('load: heavier first, kg and lb compared in grams', () => {
    const r: ScoringRules = { scoreType: 'load' };
    const kg100 = encodeScore(r, { kind: 'load', value: 100, unit: 'kg' });
    const lb225 = encodeScore(r, { kind: 'load', value: 225, unit: 'lb' });
    expect(kg100.value).toBe(100_000);
    expect(lb225.value).toBe(102_058);
    expect(
      order([
        ['100kg', sortKey(r, kg100, 'rx')],
        ['225lb', sortKey(r, lb225, 'rx')],
      ]),
    ).toEqual(['225lb', '100kg']);
  });

  it('distance: farther first, in millimetres from m, km and mi', () => {
    const r: ScoringRules = { scoreType: 'distance' };
    expect(encodeScore(r, { kind: 'distance', value: 1, unit: 'mi' }).value).toBe(1_609_344);
    expect(encodeScore(r, { kind: 'distance', value: 1.5, unit: 'km' }).value).toBe(1_500_000);
    expect(
      order([
        ['1.5km', key(r, { kind: 'distance', value: 1.5, unit: 'km' })],
        ['1mi', key(r, { kind: 'distance', value: 1, unit: 'mi' })],
      ]),
    ).toEqual(['1mi', '1.5km']);
  });

  it('rounds + reps: ranked as total reps, then the tie-break time', () => {
    const r: ScoringRules = { scoreType: 'rounds_reps', repsPerRound: 30, hasTiebreak: true };
    expect(encodeScore(r, { kind: 'rounds_reps', rounds: 5, reps: 12 }).value).toBe(162);
    const entries: [string, bigint][] = [
      ['5+12', key(r, { kind: 'rounds_reps', rounds: 5, reps: 12 }, 'rx', 1_100_000)],
      ['6+0-late', key(r, { kind: 'rounds_reps', rounds: 6, reps: 0 }, 'rx', 1_150_000)],
      ['6+0-early', key(r, { kind: 'rounds_reps', rounds: 6, reps: 0 }, 'rx', 1_000_000)],
      ['5+29', key(r, { kind: 'rounds_reps', rounds: 5, reps: 29 })],
    ];
    expect(order(entries)).toEqual(['6+0-early', '6+0-late', '5+29', '5+12']);
    expect(() => encodeScore(r, { kind: 'rounds_reps', rounds: 5, reps: 30 })).toThrow(/fewer than 30/);
  });

  it('a score without a tie-break sorts after equal scores with one', () => {
    const r: ScoringRules = { scoreType: 'reps', hasTiebreak: true };
    expect(
      order([
        ['none', key(r, { kind: 'count', value: 50 })],
        ['tb', key(r, { kind: 'count', value: 50 }, 'rx', 900_000)],
      ]),
    ).toEqual(['tb', 'none']);
  });

  it('equal scores get equal keys (they share a place)', () => {
    const r: ScoringRules = { scoreType: 'time' };
    expect(key(r, { kind: 'time', ms: 300_000 })).toBe(key(r, { kind: 'time', ms: 300_000 }));
  });
});

describe('divisions', () => {
  it('one Rx rep beats any Scaled score on the combined board', () => {
    const reps: ScoringRules = { scoreType: 'reps' };
    expect(
      order([
        ['scaled-best', key(reps, { kind: 'count', value: 100_000 }, 'scaled')],
        ['rx-one', key(reps, { kind: 'count', value: 1 }, 'rx')],
      ]),
    ).toEqual(['rx-one', 'scaled-best']);
    const time: ScoringRules = { scoreType: 'time', timeCapMs: 600_000 };
    expect(
      order([
        ['scaled-fast', key(time, { kind: 'time', ms: 60_000 }, 'scaled')],
        ['rx-capped', key(time, { kind: 'capped', reps: 1 }, 'rx')],
      ]),
    ).toEqual(['rx-capped', 'scaled-fast']);
  });
});

describe('validation', () => {
  const cases: [ScoringRules, ScoreInput, RegExp][] = [
    [{ scoreType: 'time' }, { kind: 'time', ms: -5 }, /more than zero/],
    [{ scoreType: 'time' }, { kind: 'time', ms: 500 }, /not a possible result/],
    [{ scoreType: 'time' }, { kind: 'time', ms: 25 * 3_600_000 }, /not a possible result/],
    [{ scoreType: 'time' }, { kind: 'time', ms: Number.NaN }, /must be a number/],
    [{ scoreType: 'reps' }, { kind: 'count', value: 10.5 }, /whole number/],
    [{ scoreType: 'reps' }, { kind: 'count', value: -1 }, /whole number/],
    [{ scoreType: 'reps' }, { kind: 'count', value: 1e9 }, /not a possible result/],
    [{ scoreType: 'load' }, { kind: 'load', value: 5000, unit: 'kg' }, /not a possible result/],
    [{ scoreType: 'load' }, { kind: 'load', value: 0, unit: 'kg' }, /more than zero/],
    [{ scoreType: 'load' }, { kind: 'count', value: 100 }, /kg or lb/],
    [{ scoreType: 'distance' }, { kind: 'distance', value: Number.POSITIVE_INFINITY, unit: 'km' }, /must be a number/],
  ];
  for (const [rules, input, message] of cases) {
    it(`refuses ${JSON.stringify(input)} for ${rules.scoreType}`, () => {
      expect(() => validateScore(rules, encodeScore(rules, input))).toThrow(ScoreError);
      expect(() => validateScore(rules, encodeScore(rules, input))).toThrow(message);
    });
  }
  it('refuses a tie-break where the challenge has none', () => {
    expect(() => encodeScore({ scoreType: 'reps' }, { kind: 'count', value: 5 }, 1000)).toThrow(/no tie-break/);
  });
});

describe('typing and showing scores', () => {
  it('parses times as athletes type them: m:ss or h:mm:ss, never a bare number', () => {
    expect(parseTime('12:34')).toBe(754_000);
    expect(parseTime('1:02:03')).toBe(3_723_000);
    expect(parseTime(' 4:05.5 ')).toBe(245_500);
    expect(parseTime('75:00')).toBe(4_500_000);
    expect(parseTime('06:05.125')).toBe(365_125);
    for (const bad of ['', 'abc', '95', '6:5', '12:60', '1:-2', '12::3', '5 min', '100:00:00', '1:60:00', '6:05.1234', '1:2:03', '-1:00']) {
      expect(() => parseTime(bad), bad).toThrow(ScoreError);
    }
  });
  it('formats scores for people', () => {
    expect(formatDuration(754_000)).toBe('12:34');
    expect(formatDuration(3_723_000)).toBe('1:02:03');
    expect(formatScore('load', { status: 'finished', value: 102_500, tiebreakMs: null })).toBe('102.5 kg');
    expect(formatScore('load', { status: 'finished', value: 102_058, tiebreakMs: null }, { units: 'imperial' })).toBe('225 lb');
    expect(formatScore('rounds_reps', { status: 'finished', value: 162, tiebreakMs: null }, { repsPerRound: 30 })).toBe(
      '5 rounds + 12 reps',
    );
    expect(formatScore('time', { status: 'capped', value: 180, tiebreakMs: null })).toBe('CAP + 180 reps');
    expect(formatScore('distance', { status: 'finished', value: 5_200_000, tiebreakMs: null })).toBe('5.2 km');
  });
});
