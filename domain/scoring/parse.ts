import { ScoreError } from './errors.ts';
import type { ScoreInput, ScoreType } from './types.ts';
import { DISTANCE_UNITS, LOAD_UNITS, MS_PER_HOUR, MS_PER_MINUTE, MS_PER_SECOND, type DistanceUnit, type LoadUnit } from './units.ts';

/**
 * The one grammar for what athletes type, used by challenge scores, personal records, the CSV import and both forms.
 * Times: m:ss (minutes 0–999, so 75:00 works) or h:mm:ss (hours 0–99); seconds, and minutes after hours, are two
 * digits below 60; leading zeros are fine; an optional fraction of 1–3 digits (to the millisecond). A bare number is
 * not a time (95 seconds or 95 minutes?): where plain seconds are wanted, the unit says so. Amounts are plain
 * decimals ("72.5", ".5"): no sign, exponent, hex or thousands separator ("5,000" could be 5.0 or 5000).
 */
const TIME = /^(?:(\d{1,2}):(\d{2}):|(\d{1,3}):)(\d{2})(?:\.(\d{1,3}))?$/;
const DECIMAL = /^(?:\d+(?:\.\d+)?|\.\d+)$/;
const WHOLE = /^\d+$/;
/** Longer input is refused before any pattern runs (the API's and the CSV's limit too): no score is typed in more characters. */
export const MAX_ENTRY_LENGTH = 32;

const entry = (text: string): string => {
  if (typeof text !== 'string') throw new ScoreError('Enter a value.');
  if (text.length > MAX_ENTRY_LENGTH) throw new ScoreError(`That is too long for a score (at most ${MAX_ENTRY_LENGTH} characters).`);
  return text.trim();
};

/** A time as typed to whole milliseconds: "6:45" → 405000, "1:02:03" → 3723000, "6:05.5" → 365500. */
export function parseTime(text: string): number {
  const t = entry(text);
  if (t === '') throw new ScoreError('Enter a time such as 6:45 or 1:02:03.');
  const m = TIME.exec(t);
  if (!m) throw new ScoreError(`“${t}” is not a time: use m:ss or h:mm:ss, such as 6:45 or 1:02:03.`);
  const [, h, mm, m1, ss, frac] = m;
  const minutes = Number(mm ?? m1);
  if (Number(ss) >= 60 || (h !== undefined && minutes >= 60))
    throw new ScoreError(`“${t}” is not a time: minutes and seconds go up to 59.`);
  return Number(h ?? 0) * MS_PER_HOUR + minutes * MS_PER_MINUTE + Number(ss) * MS_PER_SECOND + Number((frac ?? '').padEnd(3, '0'));
}

/** A plain decimal, zero or more: "72.5", "0.5", ".5". */
export function parseDecimal(text: string, what = 'The value'): number {
  const t = entry(text);
  if (t === '') throw new ScoreError(`Enter ${what.toLowerCase()}.`);
  if (t.startsWith('-')) throw new ScoreError(`“${t}” cannot be negative.`);
  if (!DECIMAL.test(t)) throw new ScoreError(`“${t}” is not a number: use digits and a decimal point, such as 72.5.`);
  const value = Number(t);
  if (!Number.isFinite(value)) throw new ScoreError(`${t} is too large.`);
  return value;
}

/** A whole number, zero or more: reps, rounds, calories, points. */
export function parseWhole(text: string, what = 'The value'): number {
  const t = entry(text);
  if (t === '') throw new ScoreError(`Enter ${what.toLowerCase()}.`);
  if (t.startsWith('-')) throw new ScoreError(`“${t}” cannot be negative.`);
  if (DECIMAL.test(t) && !WHOLE.test(t)) throw new ScoreError(`${what} must be a whole number, not ${t}.`);
  if (!WHOLE.test(t)) throw new ScoreError(`“${t}” is not a number: use digits only, such as 25.`);
  const value = Number(t);
  if (!Number.isSafeInteger(value)) throw new ScoreError(`${t} is too large.`);
  return value;
}

const isLoadUnit = (u: string): u is LoadUnit => (LOAD_UNITS as readonly string[]).includes(u);
const isDistanceUnit = (u: string): u is DistanceUnit => (DISTANCE_UNITS as readonly string[]).includes(u);
const COUNT_WORDS: Record<'reps' | 'calories' | 'points', RegExp> = {
  reps: /^(\S+?)(?: ?reps?)?$/i,
  calories: /^(\S+?)(?: ?(?:cal|cals|calories))?$/i,
  points: /^(\S+?)(?: ?(?:pt|pts|points))?$/i,
};

/**
 * A whole score typed as one line, in the words formatScore shows: "12:34", "CAP + 80 reps", "150 reps",
 * "102.5 kg", "225 lb", "5 km", "400 m", "3.1 mi", "5 rounds + 12 reps" (or "5+12"), "60 cal", "120 pts".
 * The unit word of a count may be left out; a load or distance needs its unit.
 */
export function parseScoreText(type: ScoreType, text: string): ScoreInput {
  const t = entry(text).replace(/\s+/g, ' ');
  switch (type) {
    case 'time': {
      const cap = /^cap ?\+ ?(\S+?)(?: ?reps?)?$/i.exec(t);
      if (cap) return { kind: 'capped', reps: parseWhole(cap[1]!, 'Reps') };
      return { kind: 'time', ms: parseTime(t) };
    }
    case 'reps':
    case 'calories':
    case 'points': {
      const m = COUNT_WORDS[type].exec(t);
      return { kind: 'count', value: parseWhole(m ? m[1]! : t, type === 'reps' ? 'Reps' : type === 'calories' ? 'Calories' : 'Points') };
    }
    case 'load': {
      const m = /^(\S+?) ?([a-z]+)$/i.exec(t);
      const unit = m?.[2]!.toLowerCase() ?? '';
      if (!m || !isLoadUnit(unit)) throw new ScoreError(`“${t}” is not a load: give kg or lb, such as 102.5 kg.`);
      return { kind: 'load', value: parseDecimal(m[1]!, 'The load'), unit };
    }
    case 'distance': {
      const m = /^(\S+?) ?([a-z]+)$/i.exec(t);
      const unit = m?.[2]!.toLowerCase() ?? '';
      if (!m || !isDistanceUnit(unit)) throw new ScoreError(`“${t}” is not a distance: give m, km or mi, such as 5 km.`);
      return { kind: 'distance', value: parseDecimal(m[1]!, 'The distance'), unit };
    }
    case 'rounds_reps': {
      // Without reps per round a board shows the total ("162 reps"): that reads back as reps.
      const total = /^(\S+?) ?reps?$/i.exec(t);
      if (total) return { kind: 'rounds_reps', rounds: 0, reps: parseWhole(total[1]!, 'Reps') };
      const m = /^(\S+?)(?: ?rounds?)?(?: ?\+ ?(\S+?)(?: ?reps?)?)?$/i.exec(t);
      if (!m) throw new ScoreError(`“${t}” is not rounds + reps: type it like 5 rounds + 12 reps, or 5+12.`);
      return { kind: 'rounds_reps', rounds: parseWhole(m[1]!, 'Rounds'), reps: m[2] === undefined ? 0 : parseWhole(m[2], 'Reps') };
    }
  }
}
