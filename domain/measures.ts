/**
 * Standard fitness tests (a 1-mile run, max pull-ups, a 1-rep-max back squat, a benchmark
 * workout) and personal records: units, parsing of entries, formatting, standards and scores.
 *
 * Pure, so the browser and the server share the same rules. Parsing, units and formatting are the scoring
 * library's (domain/scoring/): one grammar and one set of constants for challenge scores and records alike.
 */
import { ScoreError as MeasureError } from './scoring/errors.ts';
import { formatScore } from './scoring/format.ts';
import { parseDecimal, parseTime, parseWhole } from './scoring/parse.ts';
import type { ScoreType } from './scoring/types.ts';
import { GRAMS_PER_KG, MM_PER_M, MS_PER_SECOND, toGrams, toMillimetres, toMilliseconds } from './scoring/units.ts';

/** The unit a test stores its results in. */
export type TestUnit = 'kg' | 'reps' | 'seconds' | 'meters' | 'calories' | 'points';

/** Every test unit. */
export const TEST_UNITS: readonly TestUnit[] = Object.freeze(['kg', 'reps', 'seconds', 'meters', 'calories', 'points'] as const);

/** Units a result may be entered in. */
export type InputUnit = 'kg' | 'lb' | 'reps' | 'seconds' | 'mm:ss' | 'm' | 'km' | 'mi' | 'calories' | 'points';

/** Every input unit. */
export const INPUT_UNITS: readonly InputUnit[] = Object.freeze([
  'kg',
  'lb',
  'reps',
  'seconds',
  'mm:ss',
  'm',
  'km',
  'mi',
  'calories',
  'points',
] as const);

/** Which way is better for a test: more (pull-ups, squat) or less (mile time). */
export type Direction = 'higher' | 'lower';

/** A problem with a value or a standard, worded for the person who entered it: the scoring library's error, one class for both. */
export { MeasureError };

/** The score type whose pipeline (grammar, canonical unit, format) a test unit uses. */
export const SCORE_TYPE_OF: Record<TestUnit, ScoreType> = {
  kg: 'load',
  reps: 'reps',
  seconds: 'time',
  meters: 'distance',
  calories: 'calories',
  points: 'points',
};
/** Canonical units (g, ms, mm) in one stored test unit: a record keeps kg, seconds and metres to 3 decimals, exactly the canonical integer / 1000. */
const CANONICAL_PER: Record<TestUnit, number> = {
  kg: GRAMS_PER_KG,
  seconds: MS_PER_SECOND,
  meters: MM_PER_M,
  reps: 1,
  calories: 1,
  points: 1,
};

/** A canonical integer (g, ms, mm, reps…) in a test's stored unit. */
export function fromCanonical(value: number, unit: TestUnit): number {
  return value / CANONICAL_PER[unit];
}

const ACCEPTED: Record<TestUnit, readonly InputUnit[]> = {
  kg: ['kg', 'lb'],
  reps: ['reps'],
  seconds: ['seconds', 'mm:ss'],
  meters: ['m', 'km', 'mi'],
  calories: ['calories'],
  points: ['points'],
};

const UNIT_NAME: Record<TestUnit, string> = {
  kg: 'a weight',
  reps: 'a number of reps',
  seconds: 'a time',
  meters: 'a distance',
  calories: 'a number of calories',
  points: 'a number of points',
};

/** Input units accepted for each test unit: kg←kg,lb; seconds←seconds,mm:ss; meters←m,km,mi; reps←reps; calories←calories; points←points. Returns a fresh array. */
export function inputUnitsFor(unit: TestUnit): InputUnit[] {
  const units = Object.hasOwn(ACCEPTED, unit) ? ACCEPTED[unit] : undefined;
  if (!units) throw new MeasureError(`“${String(unit)}” is not a unit a test can be measured in.`);
  return [...units];
}

/** Rounds to 3 decimals, turning -0 into 0. */
const round3 = (x: number): number => Math.round(x * 1000) / 1000 + 0;

/** A value in an input unit to the canonical integer of its score type (g, ms, mm; counts as they are). */
function toCanonical(value: number, from: InputUnit): number {
  switch (from) {
    case 'kg':
    case 'lb':
      return toGrams(value, from);
    case 'm':
    case 'km':
    case 'mi':
      return toMillimetres(value, from);
    case 'seconds':
      return toMilliseconds(value);
    case 'mm:ss':
      return value; // parseTime already gave milliseconds
    default:
      return value;
  }
}

/**
 * Parses a raw entry (a string as typed, or a number) given in `from` into the test's `unit`, through the
 * scoring library's grammar and unit constants (domain/scoring/parse.ts, units.ts):
 *
 * - lb→kg, mi→m, km→m with the one set of constants; the result is exact to the gram, millimetre or millisecond
 *   (3 decimals), as a challenge score is.
 * - 'mm:ss' takes text only, in the one time grammar: "m:ss" or "h:mm:ss", optional fraction to the millisecond.
 * - Other strings must be plain decimals ("72.5", ".5"): "", "NaN", "1e999", "12abc", "5,000" are refused.
 * - Negative and non-finite values are refused; 'reps' and 'calories' must be whole numbers.
 *
 * @throws {MeasureError} when `from` does not fit `unit` (e.g. 'lb' for a 'seconds' test) or the value is malformed.
 */
export function toTestUnit(raw: string | number, from: InputUnit, unit: TestUnit): number {
  const accepted = inputUnitsFor(unit);
  if (!accepted.includes(from)) {
    throw new MeasureError(`${capitalize(UNIT_NAME[unit])} cannot be entered in ${String(from)}: use ${accepted.join(' or ')}.`);
  }
  let value: number;
  if (typeof raw === 'number') {
    if (from === 'mm:ss') throw new MeasureError('A time in mm:ss must be typed as text, such as 6:45.');
    if (!Number.isFinite(raw)) throw new MeasureError(`${String(raw)} is not a number.`);
    if (raw < 0) throw new MeasureError(`${raw} cannot be negative.`);
    value = raw;
  } else if (typeof raw === 'string') {
    const text = raw.trim();
    if (text === '') throw new MeasureError(`Enter ${UNIT_NAME[unit]}.`);
    if (text.startsWith('-')) throw new MeasureError(`“${text}” cannot be negative.`);
    // Counts take digits only ("5.0" or ".0" is not a number of reps), as the challenge form does.
    const whole = unit === 'reps' || unit === 'calories';
    value = from === 'mm:ss' ? parseTime(text) : whole ? parseWhole(text, capitalize(unit)) : parseDecimal(text);
  } else {
    throw new MeasureError('Enter a number.');
  }
  if ((unit === 'reps' || unit === 'calories') && !Number.isInteger(value)) {
    throw new MeasureError(`${capitalize(unit)} must be a whole number, not ${String(raw).trim()}.`);
  }
  const scale = CANONICAL_PER[unit];
  const result = scale === 1 ? round3(value) : toCanonical(value, from) / scale;
  if (!Number.isFinite(result)) throw new MeasureError(`${String(raw).trim()} is too large.`);
  return result;
}

/**
 * Refuses values no person could achieve.
 * @throws {MeasureError} "{value} {unit} is outside what is humanly possible for {testName} ({min}–{max} {unit})"
 *   when `value` is below `min`, above `max`, or not a finite number.
 */
export function checkBounds(value: number, bounds: { min: number; max: number }, unit: TestUnit, testName: string): void {
  if (Number.isFinite(value) && value >= bounds.min && value <= bounds.max) return;
  throw new MeasureError(
    `${num(value, 3)} ${unit} is outside what is humanly possible for ${testName} (${num(bounds.min, 3)}–${num(bounds.max, 3)} ${unit})`,
  );
}

const formatters = new Map<number, Intl.NumberFormat>();
/** en-US number with thousands separators, at most `decimals` decimals, trailing zeros trimmed, never "-0". */
function num(x: number, decimals = 2): string {
  let f = formatters.get(decimals);
  if (!f) formatters.set(decimals, (f = new Intl.NumberFormat('en-US', { maximumFractionDigits: decimals })));
  const s = f.format(x);
  return s === '-0' ? '0' : s;
}

const capitalize = (s: string): string => s.charAt(0).toUpperCase() + s.slice(1);

/**
 * Formats a stored value for people with the scoring library's formatter (formatScore), so a record and a
 * challenge score read alike and parse back: seconds "6:05" / "1:02:03" / "6:05.5"; kg "140 kg", or "308.6 lb"
 * when imperial; meters "400 m", "5 km" (whole metres), "1609.344 m", "3.11 mi" when imperial;
 * "25 reps" ("1 rep"), "30 cal", "120 pts" ("1 pt"). A non-finite value is shown as "—".
 */
export function formatMeasure(value: number, unit: TestUnit, prefer?: 'metric' | 'imperial'): string {
  if (!Number.isFinite(value)) return '—';
  const type = Object.hasOwn(SCORE_TYPE_OF, unit) ? SCORE_TYPE_OF[unit] : undefined;
  if (!type) throw new MeasureError(`“${String(unit)}” is not a unit a test can be measured in.`);
  const scale = CANONICAL_PER[unit];
  const canonical = scale === 1 ? value : Math.round(value * scale);
  return formatScore(type, { status: 'finished', value: canonical, tiebreakMs: null }, prefer ? { units: prefer } : {});
}

/** One point of a standard: a raw value and the normalized score (0–1000) it earns. */
export interface StandardAnchor {
  score: number;
  value: number;
}

/** A standard: anchor points mapping raw values to a normalized score 0–1000, for a sex and bodyweight range (kg, min inclusive, max exclusive; null = open). */
export interface Standard {
  sex: 'male' | 'female' | 'any';
  bodyweight_min_kg: number | null;
  bodyweight_max_kg: number | null;
  anchors: StandardAnchor[];
}

/**
 * Validates a standard: at least 2 anchors; scores in [0, 1000] and strictly increasing in the
 * order given (0 and 1000 need not be present); values finite, ≥ 0 and strictly monotonic in
 * the direction (higher: values increase with score; lower: values decrease); bodyweight bounds
 * finite and ≥ 0, and min < max when both are set.
 * @throws {MeasureError} naming the problem.
 */
export function validateStandard(s: Standard, direction: Direction): void {
  if (s.sex !== 'male' && s.sex !== 'female' && s.sex !== 'any') {
    throw new MeasureError(`A standard's sex must be male, female or any, not “${String(s.sex)}”.`);
  }
  for (const [label, bw] of [
    ['minimum', s.bodyweight_min_kg],
    ['maximum', s.bodyweight_max_kg],
  ] as const) {
    if (bw !== null && !(Number.isFinite(bw) && bw >= 0)) {
      throw new MeasureError(`The ${label} bodyweight must be a number of kg of at least 0, not ${String(bw)}.`);
    }
  }
  if (s.bodyweight_min_kg !== null && s.bodyweight_max_kg !== null && !(s.bodyweight_min_kg < s.bodyweight_max_kg)) {
    throw new MeasureError(`The minimum bodyweight (${s.bodyweight_min_kg} kg) must be below the maximum (${s.bodyweight_max_kg} kg).`);
  }
  const anchors = s.anchors;
  if (!Array.isArray(anchors) || anchors.length < 2) throw new MeasureError('A standard needs at least 2 anchors.');
  anchors.forEach((a, i) => {
    if (!(Number.isFinite(a.score) && a.score >= 0 && a.score <= 1000)) {
      throw new MeasureError(`Anchor ${i + 1}: the score must be between 0 and 1000, not ${String(a.score)}.`);
    }
    if (!(Number.isFinite(a.value) && a.value >= 0)) {
      throw new MeasureError(`Anchor ${i + 1}: the value must be a number of at least 0, not ${String(a.value)}.`);
    }
    const prev = anchors[i - 1];
    if (!prev) return;
    if (!(a.score > prev.score)) {
      throw new MeasureError(`Anchor ${i + 1}: scores must increase strictly, but ${a.score} follows ${prev.score}.`);
    }
    if (!isBetter(a.value, prev.value, direction)) {
      const way = direction === 'higher' ? 'increase' : 'decrease';
      throw new MeasureError(
        `Anchor ${i + 1}: values must ${way} strictly as the score rises (${direction} is better), but ${a.value} follows ${prev.value}.`,
      );
    }
  });
}

const inRange = (s: Standard, bw: number): boolean =>
  (s.bodyweight_min_kg === null || bw >= s.bodyweight_min_kg) && (s.bodyweight_max_kg === null || bw < s.bodyweight_max_kg);
const hasRange = (s: Standard): boolean => s.bodyweight_min_kg !== null || s.bodyweight_max_kg !== null;

/**
 * Picks the standard for an athlete, first match in this order: the athlete's sex with a
 * bodyweight range containing the bodyweight (min inclusive, max exclusive; a null bound is
 * open); the athlete's sex with no range; 'any' with a range containing it; 'any' with no range;
 * else null. An unknown sex (null) only matches 'any'; an unknown bodyweight only matches rows with no range.
 */
export function pickStandard(standards: Standard[], sex: 'male' | 'female' | null, bodyweightKg: number | null): Standard | null {
  const bw = bodyweightKg !== null && Number.isFinite(bodyweightKg) ? bodyweightKg : null;
  const sexes = sex === null ? (['any'] as const) : ([sex, 'any'] as const);
  for (const wanted of sexes) {
    const rows = standards.filter((s) => s.sex === wanted);
    const match = (bw !== null ? rows.find((s) => hasRange(s) && inRange(s, bw)) : undefined) ?? rows.find((s) => !hasRange(s));
    if (match) return match;
  }
  return null;
}

/**
 * Normalized score, an integer 0–1000 (Math.round): piecewise-linear interpolation between the
 * anchors sorted by score. Worse than the lowest anchor, it extrapolates the first segment toward
 * 0 but never below 0; at or beyond the best anchor it is that anchor's score.
 * E.g. higher-is-better [0@20, 500@100, 1000@200]: 100→500, 150→750, 10→0, 250→1000;
 * a lower-is-better mile [0@720, 600@360, 1000@240]: 300→800, 900→0, 200→1000.
 * @throws {MeasureError} when the value is not finite or the standard is invalid.
 */
export function normalize(value: number, direction: Direction, standard: Standard): number {
  if (!Number.isFinite(value)) throw new MeasureError(`${String(value)} cannot be scored: it is not a number.`);
  const anchors = [...standard.anchors].sort((a, b) => a.score - b.score);
  validateStandard({ ...standard, anchors }, direction);
  const best = anchors[anchors.length - 1]!;
  if (!isBetter(best.value, value, direction)) return Math.round(best.score);
  // First segment whose better end the value does not reach; the first one when it is worse than every anchor.
  let i = 0;
  while (i < anchors.length - 2 && !isBetter(anchors[i + 1]!.value, value, direction)) i++;
  const lo = anchors[i]!,
    hi = anchors[i + 1]!;
  const score = lo.score + ((value - lo.value) * (hi.score - lo.score)) / (hi.value - lo.value);
  return Math.round(Math.min(1000, Math.max(0, score)));
}

/** True when `a` is strictly better than `b` in the direction (false when either is NaN). */
export function isBetter(a: number, b: number, direction: Direction): boolean {
  return direction === 'higher' ? a > b : a < b;
}
