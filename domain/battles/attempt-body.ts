import { ScoreError } from '../scoring/errors.ts';
import { parseScoreText } from '../scoring/parse.ts';
import type { ScoreType } from '../scoring/types.ts';

/** The body of POST …/attempts (openapi/battles.yaml BattleAttemptInput). */
export type AttemptBody = Partial<
  Record<'time_ms' | 'reps' | 'rounds' | 'calories' | 'points' | 'load_value' | 'distance_value', number> & {
    capped: boolean;
    load_unit: 'kg' | 'lb';
    distance_unit: 'm' | 'km' | 'mi';
  }
>;

/** A score typed as one line ("12:34", "150 reps", "102.5 kg") as the attempt's body, or the reason it is not one. */
export function attemptBody(type: ScoreType, text: string): { body: AttemptBody } | { problem: string } {
  if (!text.trim()) return { problem: 'Enter your score.' };
  try {
    const input = parseScoreText(type, text);
    switch (input.kind) {
      case 'time':
        return { body: { time_ms: input.ms } };
      case 'capped':
        return { body: { capped: true, reps: input.reps } };
      case 'count':
        return {
          body: type === 'calories' ? { calories: input.value } : type === 'points' ? { points: input.value } : { reps: input.value },
        };
      case 'load':
        return { body: { load_value: input.value, load_unit: input.unit } };
      case 'distance':
        return { body: { distance_value: input.value, distance_unit: input.unit } };
      case 'rounds_reps':
        return { body: { rounds: input.rounds, reps: input.reps } };
    }
  } catch (e) {
    return { problem: e instanceof ScoreError ? e.message : 'That is not a score.' };
  }
}

/** What to type for each score type, as the attempt form's hint says it. */
export const SCORE_EXAMPLES: Record<ScoreType, string> = {
  time: 'a time such as 12:34, or CAP + 80 reps',
  reps: 'reps, such as 150',
  load: 'a load such as 102.5 kg or 225 lb',
  rounds_reps: 'rounds + reps, such as 5+12',
  distance: 'a distance such as 5 km or 400 m',
  calories: 'calories, such as 60',
  points: 'points, such as 120',
};
