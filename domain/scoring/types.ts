/** The kinds of result a challenge can ask for. */
export const SCORE_TYPES = ['time', 'reps', 'load', 'rounds_reps', 'distance', 'calories', 'points'] as const;
export type ScoreType = (typeof SCORE_TYPES)[number];

export type Direction = 'lower_is_better' | 'higher_is_better';

/** Time is the only type where less is more. */
export const DIRECTION: Record<ScoreType, Direction> = {
  time: 'lower_is_better',
  reps: 'higher_is_better',
  load: 'higher_is_better',
  rounds_reps: 'higher_is_better',
  distance: 'higher_is_better',
  calories: 'higher_is_better',
  points: 'higher_is_better',
};

/** Canonical units: every score is one integer in these. */
export const CANONICAL_UNIT: Record<ScoreType, string> = {
  time: 'ms',
  reps: 'reps',
  load: 'g',
  rounds_reps: 'reps',
  distance: 'mm',
  calories: 'cal',
  points: 'pts',
};

export type Division = 'rx' | 'scaled';
export const DIVISIONS: Division[] = ['rx', 'scaled'];

/** What the rules of a challenge say about its scores. */
export interface ScoringRules {
  scoreType: ScoreType;
  /** For time: the cap in ms; an athlete who does not finish is 'capped' and scored by reps. */
  timeCapMs?: number | null;
  /** For rounds_reps: how many reps one round has. */
  repsPerRound?: number | null;
  /** Whether a tie-break time (ms, lower is better) is recorded. */
  hasTiebreak?: boolean;
}

/** A score as the athlete entered it, before encoding. */
export type ScoreInput =
  | { kind: 'time'; ms: number }
  | { kind: 'capped'; reps: number }
  | { kind: 'count'; value: number }
  | { kind: 'load'; value: number; unit: 'kg' | 'lb' }
  | { kind: 'distance'; value: number; unit: 'm' | 'km' | 'mi' }
  | { kind: 'rounds_reps'; rounds: number; reps: number };

/** An encoded score: what is stored and ranked. */
export interface EncodedScore {
  /** 'finished' for every type but a capped time. */
  status: 'finished' | 'capped';
  /** The primary value in the canonical unit (for capped: reps completed). */
  value: number;
  tiebreakMs: number | null;
}
