import { ScoreError } from './errors.ts';
import type { EncodedScore, ScoreInput, ScoringRules } from './types.ts';
import { toGrams, toMillimetres } from './units.ts';

const isInt = (n: number) => Number.isInteger(n);
const finite = (n: number, what: string) => {
  if (typeof n !== 'number' || !Number.isFinite(n)) throw new ScoreError(`${what} must be a number.`);
  return n;
};

/** Turns what the athlete entered into one integer in the type's canonical unit. */
export function encodeScore(rules: ScoringRules, input: ScoreInput, tiebreakMs?: number | null): EncodedScore {
  const tiebreak = tiebreakMs === undefined || tiebreakMs === null ? null : finite(tiebreakMs, 'The tie-break time');
  if (tiebreak !== null && !rules.hasTiebreak) throw new ScoreError('This challenge has no tie-break.');
  if (tiebreak !== null && (!isInt(tiebreak) || tiebreak < 0))
    throw new ScoreError('The tie-break time must be a whole, positive number of milliseconds.');
  const done = (value: number, status: EncodedScore['status'] = 'finished'): EncodedScore => ({ status, value, tiebreakMs: tiebreak });
  switch (rules.scoreType) {
    case 'time': {
      if (input.kind === 'capped') {
        if (!rules.timeCapMs) throw new ScoreError('This workout has no time cap, so enter your finishing time.');
        const reps = finite(input.reps, 'Reps');
        if (!isInt(reps) || reps < 0) throw new ScoreError('Reps must be a whole number, zero or more.');
        return done(reps, 'capped');
      }
      if (input.kind !== 'time') throw new ScoreError('Enter a time for this workout.');
      const ms = finite(input.ms, 'The time');
      if (!isInt(ms) || ms <= 0) throw new ScoreError('The time must be more than zero.');
      if (rules.timeCapMs && ms > rules.timeCapMs)
        throw new ScoreError('That time is over the time cap: enter the reps you completed instead.');
      return done(ms);
    }
    case 'reps':
    case 'calories':
    case 'points': {
      if (input.kind !== 'count') throw new ScoreError(`Enter a number of ${rules.scoreType}.`);
      const value = finite(input.value, 'The score');
      if (!isInt(value) || value < 0)
        throw new ScoreError(
          `${rules.scoreType === 'points' ? 'Points' : rules.scoreType === 'calories' ? 'Calories' : 'Reps'} must be a whole number, zero or more.`,
        );
      return done(value);
    }
    case 'load': {
      if (input.kind !== 'load') throw new ScoreError('Enter a load in kg or lb.');
      const value = finite(input.value, 'The load');
      if (value <= 0) throw new ScoreError('The load must be more than zero.');
      return done(toGrams(value, input.unit));
    }
    case 'distance': {
      if (input.kind !== 'distance') throw new ScoreError('Enter a distance in m, km or mi.');
      const value = finite(input.value, 'The distance');
      if (value <= 0) throw new ScoreError('The distance must be more than zero.');
      return done(toMillimetres(value, input.unit));
    }
    case 'rounds_reps': {
      if (input.kind !== 'rounds_reps') throw new ScoreError('Enter rounds and reps.');
      const perRound = rules.repsPerRound ?? 0;
      const rounds = finite(input.rounds, 'Rounds');
      const reps = finite(input.reps, 'Reps');
      if (!isInt(rounds) || rounds < 0 || !isInt(reps) || reps < 0)
        throw new ScoreError('Rounds and reps must be whole numbers, zero or more.');
      if (perRound > 0 && reps >= perRound)
        throw new ScoreError(`A round has ${perRound} reps, so extra reps must be fewer than ${perRound}.`);
      return done(rounds * perRound + reps);
    }
  }
}
