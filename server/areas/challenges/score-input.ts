import { badRequest } from '#server/errors.ts';
import type { ScoreInput, ScoreType } from '#domain/scoring/index.ts';

// The submit-score body read into a ScoreInput: which fields each score type takes.

/** The submission body, read for the challenge's score type. */
export function scoreInputFor(type: ScoreType, body: Record<string, unknown>): ScoreInput {
  const has = (k: string) => body[k] !== undefined;
  const allowed: Record<ScoreType, string[]> = {
    time: ['time_ms', 'capped', 'reps'],
    reps: ['reps'],
    load: ['load_value', 'load_unit'],
    rounds_reps: ['rounds', 'reps'],
    distance: ['distance_value', 'distance_unit'],
    calories: ['calories'],
    points: ['points'],
  };
  const extra = Object.keys(body).filter((k) => !['tiebreak_ms', 'note', ...allowed[type]].includes(k));
  if (extra.length) throw badRequest(`A ${type.replace('_', ' + ')} score does not take ${extra.join(', ')}.`);
  switch (type) {
    case 'time':
      if (body.capped === true) {
        if (!has('reps')) throw badRequest('A capped time needs the reps you completed.', 'reps');
        return { kind: 'capped', reps: body.reps as number };
      }
      if (!has('time_ms')) throw badRequest('Enter your time.', 'time_ms');
      return { kind: 'time', ms: body.time_ms as number };
    case 'reps':
      if (!has('reps')) throw badRequest('Enter your reps.', 'reps');
      return { kind: 'count', value: body.reps as number };
    case 'calories':
    case 'points':
      if (!has(type)) throw badRequest(`Enter your ${type}.`, type);
      return { kind: 'count', value: body[type] as number };
    case 'load':
      if (!has('load_value') || !has('load_unit'))
        throw badRequest('Enter the load and its unit.', has('load_value') ? 'load_unit' : 'load_value');
      return { kind: 'load', value: body.load_value as number, unit: body.load_unit as 'kg' | 'lb' };
    case 'distance':
      if (!has('distance_value') || !has('distance_unit'))
        throw badRequest('Enter the distance and its unit.', has('distance_value') ? 'distance_unit' : 'distance_value');
      return { kind: 'distance', value: body.distance_value as number, unit: body.distance_unit as 'm' | 'km' | 'mi' };
    case 'rounds_reps':
      if (!has('rounds')) throw badRequest('Enter your rounds.', 'rounds');
      return { kind: 'rounds_reps', rounds: body.rounds as number, reps: (body.reps as number | undefined) ?? 0 };
  }
}
