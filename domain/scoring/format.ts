import type { EncodedScore, ScoreType } from './types.ts';
import { GRAMS_PER_KG, GRAMS_PER_LB, MM_PER, MS_PER_HOUR, MS_PER_MINUTE, MS_PER_SECOND } from './units.ts';

const pad = (n: number, w = 2) => String(n).padStart(w, '0');
/** A number with at most `decimals` decimals, trailing zeros trimmed, never "-0". */
export const decimal = (x: number, decimals: number): string => String(Number(x.toFixed(decimals)) + 0);

/**
 * Milliseconds as m:ss or h:mm:ss, with the fraction to the millisecond when there is one, trailing zeros
 * trimmed: 754000 → "12:34", 365500 → "6:05.5", 3723000 → "1:02:03". parseTime reads every output back exactly.
 */
export function formatDuration(ms: number): string {
  const whole = Math.round(ms);
  const h = Math.floor(whole / MS_PER_HOUR);
  const m = Math.floor((whole % MS_PER_HOUR) / MS_PER_MINUTE);
  const s = Math.floor((whole % MS_PER_MINUTE) / MS_PER_SECOND);
  const frac = whole % MS_PER_SECOND;
  const base = h > 0 ? `${h}:${pad(m)}:${pad(s)}` : `${m}:${pad(s)}`;
  return frac ? `${base}.${pad(frac, 3).replace(/0+$/, '')}` : base;
}

const count = (n: number, one: string, many: string) => `${decimal(n, 3)} ${n === 1 ? one : many}`;

/**
 * A score for people, in the words parseScoreText reads back: 12:34, 150 reps, 102.5 kg, 5 rounds + 12 reps,
 * 5.2 km, 400 m. Metric shows the stored value exactly (grams, whole metres as km, else metres to the millimetre);
 * imperial rounds (lb to 0.1, mi to 0.01), so it is for display only.
 */
export function formatScore(
  type: ScoreType,
  score: EncodedScore,
  opts: { repsPerRound?: number | null; units?: 'metric' | 'imperial' } = {},
): string {
  if (score.status === 'capped') return `CAP + ${score.value} reps`;
  const v = score.value;
  switch (type) {
    case 'time':
      return formatDuration(v);
    case 'reps':
      return count(v, 'rep', 'reps');
    case 'calories':
      return `${decimal(v, 3)} cal`;
    case 'points':
      return count(v, 'pt', 'pts');
    case 'load':
      return opts.units === 'imperial' ? `${decimal(v / GRAMS_PER_LB, 1)} lb` : `${decimal(v / GRAMS_PER_KG, 3)} kg`;
    case 'distance':
      if (opts.units === 'imperial') return `${decimal(v / MM_PER.mi, 2)} mi`;
      // Kilometres when that is exact to the metre (5 km, 42.195 km); else metres (1609.344 m).
      return v >= MM_PER.km && v % MM_PER.m === 0 ? `${decimal(v / MM_PER.km, 3)} km` : `${decimal(v / MM_PER.m, 3)} m`;
    case 'rounds_reps': {
      const per = opts.repsPerRound ?? 0;
      if (!per) return count(v, 'rep', 'reps');
      return `${Math.floor(v / per)} rounds + ${v % per} reps`;
    }
  }
}
