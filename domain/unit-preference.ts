/**
 * The athlete's unit preference (settings): which units weights and distances are shown and entered in.
 * Stored values stay canonical (grams, millimetres; kg and metres on records); only what people see changes.
 * Imperial is shown rounded (lb to 0.1, mi to 0.01, as formatScore does), so typing a shown value back
 * stores the same canonical value within half that step.
 */
import { decimal } from './scoring/format.ts';
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
