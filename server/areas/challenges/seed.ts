import type { ScoreInput, ScoringRules } from '#domain/scoring/index.ts';
import type { AgeScheme } from '#domain/divisions.ts';
import type { GymRule } from '#domain/gym-events.ts';
import type { Weights } from '#server/seed/cast.ts';

/** The demo challenges: what they are, when they run, and how a result follows from ability. */
export interface DemoChallenge {
  /** Named by what it is, never by a season its dates could contradict. */
  title: string;
  description: string;
  rules: ScoringRules;
  /** Start and end, in days from the day the demo is seeded. */
  window: [number, number];
  /** Loads stated for the women's and men's divisions (every demo challenge ranks them apart). */
  standards?: { female: string; male: string };
  /** The catalogue test measured the same way: results follow the test's standards, and Rx bests become records on it. */
  test?: string;
  /** Otherwise: how much each domain counts, and the result at an ability (0 … 1) on the day. */
  weights?: Weights;
  score?: (ability: number, sex: 'female' | 'male', r: () => number) => { input: ScoreInput; tiebreakMs?: number };
  /** Reps in the whole workout, to count a capped time's reps. */
  totalReps?: number;
  ageScheme?: AgeScheme;
  gymRule?: GymRule;
  /** A workout of the demo event (in this order). */
  eventWorkout?: number;
}

const minutes = (m: number) => Math.round(m * 60) * 1000;

export const DEMO_CHALLENGES: readonly DemoChallenge[] = [
  {
    title: 'Fran',
    description: '21-15-9 reps for time of:\nThrusters (43/29 kg)\nPull-ups\n\nTime cap: 10 minutes.',
    standards: { female: 'Thrusters 29 kg; Scaled 15 kg, banded pull-ups', male: 'Thrusters 43 kg; Scaled 25 kg, banded pull-ups' },
    rules: { scoreType: 'time', timeCapMs: 600_000 },
    window: [-6, 8],
    test: 'Fran',
    totalReps: 90,
    eventWorkout: 1,
  },
  {
    title: 'Cindy',
    description: 'As many rounds and reps as possible in 20 minutes of:\n5 pull-ups\n10 push-ups\n15 air squats',
    standards: {
      female: 'Pull-ups, push-ups, air squats; Scaled: ring rows, knee push-ups',
      male: 'Pull-ups, push-ups, air squats; Scaled: ring rows, knee push-ups',
    },
    rules: { scoreType: 'rounds_reps', repsPerRound: 30, hasTiebreak: true },
    window: [-6, 8],
    weights: { gymnastics: 0.6, engine: 0.4 },
    score: (a, _sex, r) => ({
      input: { kind: 'rounds_reps', rounds: Math.floor(8 + a * 19), reps: Math.floor(r() * 30) },
      tiebreakMs: minutes(17 + r() * 3),
    }),
    eventWorkout: 2,
  },
  {
    title: 'Max unbroken pull-ups',
    description: 'One set, no dropping off the bar.',
    standards: { female: 'Chin over the bar, full hang at the bottom', male: 'Chin over the bar, full hang at the bottom' },
    rules: { scoreType: 'reps' },
    window: [-6, 8],
    weights: { gymnastics: 1 },
    score: (a, sex, r) => ({ input: { kind: 'count', value: Math.floor((sex === 'male' ? 3 + a * 45 : 1 + a * 32) + r() * 3) } }),
    eventWorkout: 3,
  },
  {
    title: 'Back squat 1RM',
    description: 'Build to a one-rep max back squat. Below parallel, full lockout.\n\nMasters ranked by age group.',
    rules: { scoreType: 'load' },
    window: [-10, 4],
    test: 'Back squat 1RM',
    ageScheme: 'masters',
  },
  {
    title: '20-minute row for distance',
    description: 'Row as far as you can in 20 minutes. Damper at your choice.\n\nA gym event: every gym scores with its best five.',
    rules: { scoreType: 'distance' },
    window: [-4, 10],
    weights: { engine: 0.8, strength: 0.2 },
    score: (a, sex, r) => ({
      input: { kind: 'distance', value: Math.round((sex === 'male' ? 3900 + a * 2000 : 3500 + a * 1700) + r() * 80), unit: 'm' },
    }),
    gymRule: 'sum_points',
  },
  {
    title: 'Assault bike calorie test',
    description: 'Max calories in 10 minutes on an air bike.',
    rules: { scoreType: 'calories' },
    window: [-2, 12],
    weights: { engine: 1 },
    score: (a, sex, r) => ({ input: { kind: 'count', value: Math.floor((sex === 'male' ? 95 + a * 110 : 70 + a * 85) + r() * 6) } }),
  },
  {
    title: 'Gymnastics skills ladder',
    description: 'Points per skill: strict pull-up 1, toes-to-bar 2, chest-to-bar 3, bar muscle-up 5, ring muscle-up 8.',
    rules: { scoreType: 'points' },
    window: [-1, 13],
    weights: { gymnastics: 1 },
    score: (a, _sex, r) => ({ input: { kind: 'count', value: Math.floor(20 + a * 160 + r() * 8) } }),
  },
  {
    title: '5 km run',
    description: 'Run 5 km for time on a measured course or a treadmill at 1% incline.',
    rules: { scoreType: 'time', timeCapMs: 3_600_000 },
    window: [3, 17],
    test: '5 km run',
  },
  {
    title: 'Grace',
    description: '30 clean and jerks (61/43 kg) for time.\n\nTime cap: 8 minutes.',
    standards: { female: 'Clean and jerk 43 kg; Scaled 25 kg', male: 'Clean and jerk 61 kg; Scaled 43 kg' },
    rules: { scoreType: 'time', timeCapMs: 480_000 },
    window: [7, 21],
    weights: { strength: 0.6, engine: 0.4 },
    totalReps: 30,
    score: (a, _sex, r) => ({ input: { kind: 'time', ms: minutes(7.2 - a * 5.6 + r() * 0.3) } }),
  },
  {
    title: 'Murph',
    description: '1 mile run, 100 pull-ups, 200 push-ups, 300 air squats, 1 mile run. Partition as you like; vest optional.',
    standards: { female: 'Rx with a 6 kg vest; Scaled: half the reps', male: 'Rx with a 9 kg vest; Scaled: half the reps' },
    rules: { scoreType: 'time', timeCapMs: 4_800_000, hasTiebreak: true },
    window: [-40, -26],
    test: 'Murph',
    totalReps: 600,
  },
  {
    title: 'Deadlift 5RM',
    description: 'Heaviest set of five touch-and-go deadlifts.',
    rules: { scoreType: 'load' },
    window: [-70, -56],
    weights: { strength: 1 },
    score: (a, sex, r) => ({
      input: { kind: 'load', value: Math.round((sex === 'male' ? 185 + a * 230 : 105 + a * 150) + r() * 10), unit: 'lb' },
    }),
  },
  {
    title: '12-minute burpee test',
    description: 'As many burpees as you can in 12 minutes: chest to the floor, jump and clap overhead.',
    rules: { scoreType: 'reps' },
    window: [-100, -86],
    weights: { engine: 0.7, gymnastics: 0.3 },
    score: (a, _sex, r) => ({ input: { kind: 'count', value: Math.floor(90 + a * 110 + r() * 6) } }),
  },
];
