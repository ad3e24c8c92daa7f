import { describe, expect, it } from 'vitest';
import type { Standard, StandardAnchor } from '#domain/measures.ts';
import {
  INPUT_UNITS,
  MeasureError,
  TEST_UNITS,
  checkBounds,
  formatMeasure,
  inputUnitsFor,
  isBetter,
  normalize,
  pickStandard,
  toTestUnit,
  validateStandard,
} from '#domain/measures.ts';

const std = (anchors: StandardAnchor[], over: Partial<Standard> = {}): Standard => ({
  sex: 'any',
  bodyweight_min_kg: null,
  bodyweight_max_kg: null,
  anchors,
  ...over,
});
const squat = std([
  { score: 0, value: 20 },
  { score: 500, value: 100 },
  { score: 1000, value: 200 },
]);
const mile = std([
  { score: 0, value: 720 },
  { score: 600, value: 360 },
  { score: 1000, value: 240 },
]);

describe('units', () => {
  it('lists the input units each test unit accepts, every one of them known', () => {
    expect(inputUnitsFor('kg')).toEqual(['kg', 'lb']);
    expect(inputUnitsFor('seconds')).toEqual(['seconds', 'mm:ss']);
    expect(inputUnitsFor('meters')).toEqual(['m', 'km', 'mi']);
    for (const u of ['reps', 'calories', 'points'] as const) expect(inputUnitsFor(u)).toEqual([u]);
    expect(TEST_UNITS.flatMap(inputUnitsFor).sort()).toEqual([...INPUT_UNITS].sort());
  });
  it('hands out a copy that callers may change', () => {
    inputUnitsFor('kg').push('mi');
    expect(inputUnitsFor('kg')).toEqual(['kg', 'lb']);
  });
});

describe('toTestUnit', () => {
  it('converts lb, mi and km exactly, rounded to 3 decimals', () => {
    expect(toTestUnit('100', 'lb', 'kg')).toBe(45.359);
    expect(toTestUnit(315, 'lb', 'kg')).toBe(142.882);
    expect(toTestUnit('1', 'mi', 'meters')).toBe(1609.344);
    expect(toTestUnit('3.1', 'mi', 'meters')).toBe(4988.966);
    expect(toTestUnit('5', 'km', 'meters')).toBe(5000);
    expect(toTestUnit(' 72.5 ', 'kg', 'kg')).toBe(72.5);
    expect(toTestUnit('.5', 'm', 'meters')).toBe(0.5);
    expect(toTestUnit('12.3456', 'seconds', 'seconds')).toBe(12.346);
    expect(toTestUnit(0, 'reps', 'reps')).toBe(0);
    expect(Object.is(toTestUnit(-0, 'kg', 'kg'), 0)).toBe(true);
  });

  it('parses m:ss, mm:ss and h:mm:ss, with a fraction of a second', () => {
    expect(toTestUnit('6:45', 'mm:ss', 'seconds')).toBe(405);
    expect(toTestUnit('06:05', 'mm:ss', 'seconds')).toBe(365);
    expect(toTestUnit('0:59', 'mm:ss', 'seconds')).toBe(59);
    expect(toTestUnit('75:00', 'mm:ss', 'seconds')).toBe(4500);
    expect(toTestUnit('1:02:03', 'mm:ss', 'seconds')).toBe(3723);
    expect(toTestUnit('6:05.5', 'mm:ss', 'seconds')).toBe(365.5);
    expect(toTestUnit('1:00:00.25', 'mm:ss', 'seconds')).toBe(3600.25);
  });

  it.each<[string | number, Parameters<typeof toTestUnit>[1], Parameters<typeof toTestUnit>[2], RegExp]>([
    ['-5', 'kg', 'kg', /cannot be negative/],
    [-5, 'kg', 'kg', /cannot be negative/],
    ['-6:45', 'mm:ss', 'seconds', /cannot be negative/],
    ['NaN', 'kg', 'kg', /not a number/],
    [Number.NaN, 'kg', 'kg', /not a number/],
    [Number.POSITIVE_INFINITY, 'm', 'meters', /not a number/],
    ['', 'reps', 'reps', /^Enter a number of reps/],
    ['   ', 'kg', 'kg', /^Enter a weight/],
    ['1e999', 'm', 'meters', /not a number/],
    ['1e3', 'm', 'meters', /not a number/],
    ['9'.repeat(400), 'm', 'meters', /too long/],
    ['12abc', 'kg', 'kg', /not a number/],
    ['5,000', 'm', 'meters', /not a number/],
    ['0x10', 'reps', 'reps', /not a number/],
    ['1:75', 'mm:ss', 'seconds', /^“1:75” is not a time: minutes and seconds go up to 59\.$/],
    ['1:60', 'mm:ss', 'seconds', /not a time/],
    ['1:60:00', 'mm:ss', 'seconds', /not a time/],
    ['6:5', 'mm:ss', 'seconds', /not a time/],
    ['1:2:03', 'mm:ss', 'seconds', /not a time/],
    ['6:45:', 'mm:ss', 'seconds', /not a time/],
    ['405', 'mm:ss', 'seconds', /not a time/],
    [405, 'mm:ss', 'seconds', /typed as text/],
    ['12.5', 'reps', 'reps', /whole number/],
    [30.5, 'calories', 'calories', /whole number/],
    ['100', 'lb', 'seconds', /^A time cannot be entered in lb: use seconds or mm:ss\.$/],
    ['6:45', 'mm:ss', 'kg', /cannot be entered in mm:ss/],
    ['5', 'km', 'kg', /cannot be entered in km/],
    ['10', 'reps', 'points', /cannot be entered in reps/],
  ])('refuses %j in %s for a %s test', (raw, from, unit, message) => {
    expect(() => toTestUnit(raw, from, unit)).toThrow(MeasureError);
    expect(() => toTestUnit(raw, from, unit)).toThrow(message);
  });
});

describe('checkBounds', () => {
  const bounds = { min: 180, max: 3600 };
  it('accepts values within the bounds, edges included', () => {
    for (const v of [180, 400, 3600]) expect(() => checkBounds(v, bounds, 'seconds', '1-mile run')).not.toThrow();
  });
  it('refuses values outside them, and NaN', () => {
    expect(() => checkBounds(60, bounds, 'seconds', '1-mile run')).toThrow(
      new MeasureError('60 seconds is outside what is humanly possible for 1-mile run (180–3,600 seconds)'),
    );
    expect(() => checkBounds(3600.5, bounds, 'seconds', '1-mile run')).toThrow(MeasureError);
    expect(() => checkBounds(Number.NaN, bounds, 'seconds', '1-mile run')).toThrow(MeasureError);
  });
});

describe('formatMeasure', () => {
  it.each<[number, Parameters<typeof formatMeasure>[1], Parameters<typeof formatMeasure>[2], string]>([
    [405, 'seconds', undefined, '6:45'],
    [365.5, 'seconds', undefined, '6:05.5'],
    [365.04, 'seconds', undefined, '6:05.04'],
    [59.96, 'seconds', undefined, '0:59.96'],
    [45, 'seconds', undefined, '0:45'],
    [3723, 'seconds', undefined, '1:02:03'],
    [140, 'kg', undefined, '140 kg'],
    [72.25, 'kg', 'metric', '72.25 kg'],
    [140, 'kg', 'imperial', '308.6 lb'],
    [5000, 'meters', undefined, '5 km'],
    [5000.5, 'meters', undefined, '5000.5 m'],
    [400, 'meters', 'metric', '400 m'],
    [5000, 'meters', 'metric', '5 km'],
    [1609.344, 'meters', 'metric', '1609.344 m'],
    [5000, 'meters', 'imperial', '3.11 mi'],
    [1609.344, 'meters', 'imperial', '1 mi'],
    [25, 'reps', undefined, '25 reps'],
    [1, 'reps', undefined, '1 rep'],
    [30, 'calories', undefined, '30 cal'],
    [120, 'points', undefined, '120 pts'],
    [1234.5, 'points', undefined, '1234.5 pts'],
    [Number.NaN, 'kg', undefined, '—'],
  ])('shows %d %s (%s) as %s', (value, unit, prefer, text) => {
    expect(formatMeasure(value, unit, prefer)).toBe(text);
  });
});

describe('validateStandard', () => {
  it('accepts well-formed standards in either direction, 0 and 1000 not required', () => {
    expect(() => validateStandard(squat, 'higher')).not.toThrow();
    expect(() => validateStandard(mile, 'lower')).not.toThrow();
    const partial = std(
      [
        { score: 100, value: 5 },
        { score: 900, value: 20 },
      ],
      { sex: 'female', bodyweight_min_kg: 50, bodyweight_max_kg: 60 },
    );
    expect(() => validateStandard(partial, 'higher')).not.toThrow();
  });

  it.each<[string, Standard, 'higher' | 'lower', RegExp]>([
    ['no anchors', std([]), 'higher', /at least 2 anchors/],
    ['one anchor', std([{ score: 0, value: 1 }]), 'higher', /at least 2 anchors/],
    [
      'repeated score',
      std([
        { score: 0, value: 1 },
        { score: 0, value: 2 },
      ]),
      'higher',
      /scores must increase strictly/,
    ],
    [
      'falling score',
      std([
        { score: 500, value: 1 },
        { score: 100, value: 2 },
      ]),
      'higher',
      /scores must increase strictly/,
    ],
    [
      'score above 1000',
      std([
        { score: 0, value: 1 },
        { score: 1001, value: 2 },
      ]),
      'higher',
      /between 0 and 1000/,
    ],
    [
      'negative score',
      std([
        { score: -1, value: 1 },
        { score: 10, value: 2 },
      ]),
      'higher',
      /between 0 and 1000/,
    ],
    [
      'negative value',
      std([
        { score: 0, value: -1 },
        { score: 10, value: 2 },
      ]),
      'higher',
      /at least 0/,
    ],
    [
      'NaN value',
      std([
        { score: 0, value: 1 },
        { score: 10, value: Number.NaN },
      ]),
      'higher',
      /at least 0/,
    ],
    [
      'infinite value',
      std([
        { score: 0, value: 1 },
        { score: 10, value: Infinity },
      ]),
      'higher',
      /at least 0/,
    ],
    [
      'equal values',
      std([
        { score: 0, value: 1 },
        { score: 10, value: 1 },
      ]),
      'higher',
      /values must increase strictly/,
    ],
    ['values against the direction', squat, 'lower', /values must decrease strictly/],
    ['mile read as higher-is-better', mile, 'higher', /values must increase strictly/],
    ['min = max bodyweight', std(squat.anchors, { bodyweight_min_kg: 80, bodyweight_max_kg: 80 }), 'higher', /must be below the maximum/],
    ['negative bodyweight', std(squat.anchors, { bodyweight_min_kg: -1 }), 'higher', /minimum bodyweight/],
    ['unknown sex', std(squat.anchors, { sex: 'other' as Standard['sex'] }), 'higher', /male, female or any/],
  ])('refuses %s', (_, s, direction, message) => {
    expect(() => validateStandard(s, direction)).toThrow(MeasureError);
    expect(() => validateStandard(s, direction)).toThrow(message);
  });
});

describe('pickStandard', () => {
  const a = squat.anchors;
  const maleLight = std(a, { sex: 'male', bodyweight_min_kg: 0, bodyweight_max_kg: 80 });
  const maleHeavy = std(a, { sex: 'male', bodyweight_min_kg: 80, bodyweight_max_kg: null });
  const maleAny = std(a, { sex: 'male' });
  const anyLight = std(a, { bodyweight_min_kg: null, bodyweight_max_kg: 60 });
  const anyAny = std(a);
  const all = [anyAny, anyLight, maleAny, maleHeavy, maleLight];

  it('prefers the athlete’s sex with a bodyweight range that contains them, min inclusive and max exclusive', () => {
    expect(pickStandard(all, 'male', 79.9)).toBe(maleLight);
    expect(pickStandard(all, 'male', 80)).toBe(maleHeavy);
    expect(pickStandard(all, 'male', 0)).toBe(maleLight);
  });
  it('falls back to the sex without a range, then any with a range, then any without one, then null', () => {
    expect(pickStandard([anyAny, anyLight, maleAny, maleHeavy], 'male', 70)).toBe(maleAny);
    expect(pickStandard(all, 'female', 55)).toBe(anyLight);
    expect(pickStandard(all, 'female', 60)).toBe(anyAny);
    expect(pickStandard([maleLight, anyLight], 'female', 70)).toBeNull();
    expect(pickStandard([], 'male', 70)).toBeNull();
  });
  it('matches an unknown sex only to any, and an unknown bodyweight only to rows without a range', () => {
    expect(pickStandard(all, null, 55)).toBe(anyLight);
    expect(pickStandard(all, 'male', null)).toBe(maleAny);
    expect(pickStandard(all, null, null)).toBe(anyAny);
    expect(pickStandard([maleAny, maleLight], null, 70)).toBeNull();
    expect(pickStandard([maleLight, anyLight], 'male', null)).toBeNull();
  });
});

describe('normalize', () => {
  it.each([
    [20, 0],
    [60, 250],
    [100, 500],
    [150, 750],
    [200, 1000], // at each anchor and between
    [10, 0],
    [0, 0],
    [250, 1000],
    [1e9, 1000], // worse than the first anchor, beyond the best
    [100.1, 501],
    [20.1, 1],
  ])('higher is better: %d scores %d', (value, score) => {
    expect(normalize(value, 'higher', squat)).toBe(score);
  });

  it.each([
    [720, 0],
    [540, 300],
    [360, 600],
    [300, 800],
    [240, 1000],
    [900, 0],
    [200, 1000],
    [0, 1000],
  ])('lower is better (mile): %d s scores %d', (value, score) => {
    expect(normalize(value, 'lower', mile)).toBe(score);
  });

  it('extrapolates the first segment below the lowest anchor, never below 0, and caps at the best anchor’s score', () => {
    const mid = std([
      { score: 200, value: 50 },
      { score: 800, value: 100 },
    ]);
    expect(normalize(40, 'higher', mid)).toBe(80);
    expect(normalize(30, 'higher', mid)).toBe(0);
    expect(normalize(5, 'higher', mid)).toBe(0);
    expect(normalize(150, 'higher', mid)).toBe(800);
    const midLower = std([
      { score: 200, value: 600 },
      { score: 800, value: 300 },
    ]);
    expect(normalize(650, 'lower', midLower)).toBe(100);
    expect(normalize(200, 'lower', midLower)).toBe(800);
  });

  it('sorts anchors by score, and refuses invalid standards and non-numbers', () => {
    expect(normalize(300, 'lower', std([...mile.anchors].reverse()))).toBe(800);
    expect(() => normalize(100, 'lower', squat)).toThrow(MeasureError);
    expect(() => normalize(Number.NaN, 'higher', squat)).toThrow(MeasureError);
  });
});

describe('isBetter', () => {
  it('is strict and follows the direction', () => {
    expect(isBetter(101, 100, 'higher')).toBe(true);
    expect(isBetter(100, 100, 'higher')).toBe(false);
    expect(isBetter(99, 100, 'higher')).toBe(false);
    expect(isBetter(359, 360, 'lower')).toBe(true);
    expect(isBetter(360, 360, 'lower')).toBe(false);
    expect(isBetter(Number.NaN, 1, 'lower')).toBe(false);
  });
});
