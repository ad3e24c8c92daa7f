import { ScoreError } from './errors.ts';
import type { EncodedScore, ScoreType, ScoringRules } from './types.ts';

const HOUR_MS = 3_600_000;

/** What a human body can do, per type (canonical units). Outside: refused as impossible. */
export const BOUNDS: Record<ScoreType, { min: number; max: number; label: string }> = {
  time: { min: 1000, max: 24 * HOUR_MS, label: 'between 1 second and 24 hours' },
  reps: { min: 0, max: 100_000, label: 'at most 100,000 reps' },
  load: { min: 500, max: 1_000_000, label: 'between 0.5 kg and 1,000 kg' },
  rounds_reps: { min: 0, max: 100_000, label: 'at most 100,000 reps in all' },
  distance: { min: 1000, max: 1_000_000_000, label: 'between 1 m and 1,000 km' },
  calories: { min: 0, max: 100_000, label: 'at most 100,000 calories' },
  points: { min: 0, max: 1_000_000, label: 'at most 1,000,000 points' },
};

/** The longest tie-break time the sort key can hold (about 9 hours). */
export const MAX_TIEBREAK_MS = 2 ** 25 - 1;

export function validateScore(rules: ScoringRules, score: EncodedScore): EncodedScore {
  if (score.status === 'capped') {
    if (score.value > BOUNDS.reps.max) throw new ScoreError(`That is not a possible result: reps must be ${BOUNDS.reps.label}.`);
  } else {
    const b = BOUNDS[rules.scoreType];
    if (score.value < b.min || score.value > b.max) throw new ScoreError(`That is not a possible result: it must be ${b.label}.`);
  }
  if (score.tiebreakMs !== null && score.tiebreakMs > MAX_TIEBREAK_MS) throw new ScoreError('The tie-break time is too long.');
  if (score.tiebreakMs !== null && rules.scoreType === 'time' && rules.timeCapMs && score.tiebreakMs > rules.timeCapMs) {
    throw new ScoreError('The tie-break time cannot be longer than the time cap.');
  }
  return score;
}
