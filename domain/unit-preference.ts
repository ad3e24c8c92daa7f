/**
 * The athlete's unit preference (settings): which units weights and distances are shown and entered in.
 * Stored values stay canonical (grams, millimetres; kg and metres on records); only what people see changes.
 * Imperial is shown rounded (lb to 0.1, mi to 0.01, as formatScore does), so typing a shown value back
 * stores the same canonical value within half that step.
 */
import { decimal, formatScore } from './scoring/format.ts';
import type { EncodedScore, ScoreType } from './scoring/types.ts';
import { GRAMS_PER, MM_PER, toGrams, toMillimetres, type DistanceUnit, type LoadUnit } from './scoring/units.ts';

/** Metric shows kg and km; imperial shows lb and mi. */
export type UnitPreference = 'metric' | 'imperial';
export const UNIT_PREFERENCES: readonly UnitPreference[] = Object.freeze(['metric', 'imperial'] as const);
export const DEFAULT_UNIT_PREFERENCE: UnitPreference = 'metric';

export const isUnitPreference = (value: unknown): value is UnitPreference => value === 'metric' || value === 'imperial';

/** Decimals a value is shown with in each display unit (what the score and record formatters show). */
export const DISPLAY_DECIMALS: Record<'kg' | 'lb' | 'km' | 'mi', number> = { kg: 3, lb: 1, km: 3, mi: 2 };

/** The unit weights are shown and entered in. */
export const loadUnitOf = (pref: UnitPreference): LoadUnit => (pref === 'imperial' ? 'lb' : 'kg');
/** The unit long distances are shown and entered in (metres stay metres for short ones in metric). */
export const distanceUnitOf = (pref: UnitPreference): Exclude<DistanceUnit, 'm'> => (pref === 'imperial' ? 'mi' : 'km');

/** Grams as the number shown in the preferred weight unit, rounded to its display step. */
export function loadShown(grams: number, pref: UnitPreference): number {
  const unit = loadUnitOf(pref);
  return Number(decimal(grams / GRAMS_PER[unit], DISPLAY_DECIMALS[unit]));
}

/** A weight typed in the preferred unit, to whole grams (what is stored). */
export const loadTyped = (value: number, pref: UnitPreference): number => toGrams(value, loadUnitOf(pref));

/** Millimetres as the number shown in the preferred distance unit, rounded to its display step. */
export function distanceShown(mm: number, pref: UnitPreference): number {
  const unit = distanceUnitOf(pref);
  return Number(decimal(mm / MM_PER[unit], DISPLAY_DECIMALS[unit]));
}

/** A distance typed in the preferred unit, to whole millimetres. */
export const distanceTyped = (value: number, pref: UnitPreference): number => toMillimetres(value, distanceUnitOf(pref));

/**
 * The most a stored value can move by being shown and typed back: half a display step in canonical units,
 * plus the half unit the canonical rounding itself may add.
 */
export function roundTripTolerance(kind: 'load' | 'distance', pref: UnitPreference): number {
  if (kind === 'load') {
    const unit = loadUnitOf(pref);
    return (GRAMS_PER[unit] * 10 ** -DISPLAY_DECIMALS[unit]) / 2 + 0.5;
  }
  const unit = distanceUnitOf(pref);
  return (MM_PER[unit] * 10 ** -DISPLAY_DECIMALS[unit]) / 2 + 0.5;
}

/** The step a load is shown to on boards and in lists: half a kilo, a whole pound (plates come no finer). */
export const LOAD_SHOWN_STEP: Record<LoadUnit, number> = { kg: 0.5, lb: 1 };
/** Distances shorter than this (10 km, in mm) read in whole metres whatever the preference: rows, swims, track. */
export const METRES_SHOWN_BELOW_MM = 10 * MM_PER.km;
/** Longer distances (runs, rides) read in km or mi to this many decimals. */
export const LONG_DISTANCE_DECIMALS = 2;

/** What a shown measure says: the number and the unit it is in (for loads and distances). */
export function measureShown(
  type: 'load' | 'distance',
  canonical: number,
  pref: UnitPreference,
): { value: number; unit: LoadUnit | DistanceUnit } {
  if (type === 'load') {
    const unit = loadUnitOf(pref);
    const step = LOAD_SHOWN_STEP[unit];
    return { value: Math.round(canonical / GRAMS_PER[unit] / step) * step + 0, unit };
  }
  if (canonical < METRES_SHOWN_BELOW_MM) return { value: Math.round(canonical / MM_PER.m) + 0, unit: 'm' };
  const unit = distanceUnitOf(pref);
  return { value: Number(decimal(canonical / MM_PER[unit], LONG_DISTANCE_DECIMALS)), unit };
}

/** How far a shown measure may be from the stored one: half its step, in canonical units (g, mm). */
export function shownTolerance(type: 'load' | 'distance', canonical: number, pref: UnitPreference): number {
  const { unit } = measureShown(type, canonical, pref);
  if (type === 'load') return (GRAMS_PER[unit as LoadUnit] * LOAD_SHOWN_STEP[unit as LoadUnit]) / 2;
  if (unit === 'm') return MM_PER.m / 2;
  return (MM_PER[unit as DistanceUnit] * 10 ** -LONG_DISTANCE_DECIMALS) / 2;
}

/**
 * A challenge score as the viewer reads it on boards, confirmations and their results: loads to 0.5 kg or
 * 1 lb, short distances in metres, long ones in km or mi; every other score (times, reps, a cap) as
 * formatScore writes it. A shown number typed back in its unit lands within half its step of the stored value.
 */
export function scoreInUnits(
  type: ScoreType,
  score: EncodedScore,
  pref: UnitPreference,
  opts: { repsPerRound?: number | null } = {},
): string {
  if (score.status === 'finished' && (type === 'load' || type === 'distance')) {
    const shown = measureShown(type, score.value, pref);
    return `${decimal(shown.value, 2)} ${shown.unit}`;
  }
  return formatScore(type, score, opts);
}

/** A measure as formatScore writes it: a plain number and a weight or distance unit ("102.058 kg", "5 km", "400 m"). */
const MEASURE_TEXT = /^(\d+(?:\.\d+)?) (kg|lb|m|km|mi)$/;

/**
 * A score's text from the API in the viewer's units: a weight or distance ("102.058 kg") reads as scoreInUnits
 * shows it ("225 lb" for an imperial viewer); any other text (times, reps, rounds, a capped time) stays as it is.
 */
export function displayInUnits(display: string, pref: UnitPreference): string {
  const m = MEASURE_TEXT.exec(display.trim());
  if (!m) return display;
  const amount = Number(m[1]);
  const unit = m[2] as LoadUnit | DistanceUnit;
  const score = (value: number) => ({ status: 'finished' as const, value, tiebreakMs: null });
  if (unit === 'kg' || unit === 'lb') return scoreInUnits('load', score(toGrams(amount, unit)), pref);
  return scoreInUnits('distance', score(toMillimetres(amount, unit)), pref);
}
