// The tests catalogue's categories and movements, with their names: apart from the athlete groups,
// so a challenge board (which needs only the age groups) does not load them.

export const TEST_CATEGORIES = ['strength', 'endurance', 'gymnastics', 'benchmark', 'power', 'conditioning'] as const;
export type TestCategory = (typeof TEST_CATEGORIES)[number];
export const CATEGORY_NAMES: Record<TestCategory, string> = {
  strength: 'Strength',
  endurance: 'Endurance',
  gymnastics: 'Gymnastics',
  benchmark: 'Benchmark workout',
  power: 'Power',
  conditioning: 'Conditioning',
};

export const MOVEMENTS = ['squat', 'hinge', 'press', 'pull', 'olympic', 'run', 'row', 'bike', 'swim', 'core', 'jump', 'mixed'] as const;
export type Movement = (typeof MOVEMENTS)[number];
export const MOVEMENT_NAMES: Record<Movement, string> = {
  squat: 'Squat',
  hinge: 'Hinge',
  press: 'Press',
  pull: 'Pull',
  olympic: 'Olympic lift',
  run: 'Run',
  row: 'Row',
  bike: 'Bike',
  swim: 'Swim',
  core: 'Core',
  jump: 'Jump',
  mixed: 'Mixed',
};
