import type { ScoreType, TeamRule } from './challenges.ts';

// How a challenge's score type and team rule read (not needed to show a board).
export const SCORE_TYPE_LABELS: Record<ScoreType, string> = {
  time: 'For time',
  reps: 'Max reps',
  load: 'Max load',
  rounds_reps: 'Rounds + reps (AMRAP)',
  distance: 'Distance',
  calories: 'Calories',
  points: 'Points',
};

export const TEAM_RULE_LABELS: Record<TeamRule, string> = { sum: 'Sum', average: 'Average', best_n: 'Best N' };
