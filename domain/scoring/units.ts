/**
 * The one set of unit constants: every conversion between what an athlete types (kg, lb, m, km, mi, seconds)
 * and the canonical integers scores are stored and ranked in (grams, millimetres, milliseconds).
 */
export const MS_PER_SECOND = 1000;
export const MS_PER_MINUTE = 60 * MS_PER_SECOND;
export const MS_PER_HOUR = 60 * MS_PER_MINUTE;

export const KG_PER_LB = 0.45359237;
export const GRAMS_PER_KG = 1000;
// The international pound, exact by definition (stored lb loads were encoded with it).
export const GRAMS_PER_LB = 453.59237;

export const M_PER_KM = 1000;
export const M_PER_MI = 1609.344;
export const MM_PER_M = 1000;

export type LoadUnit = 'kg' | 'lb';
export type DistanceUnit = 'm' | 'km' | 'mi';
export const LOAD_UNITS: readonly LoadUnit[] = ['kg', 'lb'];
export const DISTANCE_UNITS: readonly DistanceUnit[] = ['m', 'km', 'mi'];

/** Grams in one of each load unit. */
export const GRAMS_PER: Record<LoadUnit, number> = { kg: GRAMS_PER_KG, lb: GRAMS_PER_LB };
/** Millimetres in one of each distance unit (1 mi = 1,609,344 mm exactly). */
export const MM_PER: Record<DistanceUnit, number> = { m: MM_PER_M, km: M_PER_KM * MM_PER_M, mi: 1_609_344 };

/** A load to whole grams (the canonical unit; rounding is where lb becomes exact). */
export const toGrams = (value: number, unit: LoadUnit): number => Math.round(value * GRAMS_PER[unit]) + 0;
/** A distance to whole millimetres. */
export const toMillimetres = (value: number, unit: DistanceUnit): number => Math.round(value * MM_PER[unit]) + 0;
/** Seconds (as typed or stored) to whole milliseconds. */
export const toMilliseconds = (seconds: number): number => Math.round(seconds * MS_PER_SECOND) + 0;
