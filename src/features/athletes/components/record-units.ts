import { checkBounds, inputUnitsFor, MeasureError, toTestUnit, type InputUnit, type TestUnit } from '../../../../domain/measures.ts';
import { CATEGORY_NAMES, TEST_CATEGORIES, type TestCategory } from '../../../../domain/athlete-groups.ts';
import type { Test } from '../api/records.ts';
import type { Units } from '../api/profile.ts';

export const INPUT_UNIT_LABELS: Record<InputUnit, string> = {
  kg: 'kg',
  lb: 'lb',
  'mm:ss': 'min:sec',
  seconds: 'seconds',
  m: 'metres',
  km: 'km',
  mi: 'miles',
  reps: 'reps',
  calories: 'calories',
  points: 'points',
};

export const VALUE_LABELS: Record<TestUnit, string> = {
  kg: 'Weight lifted',
  seconds: 'Time',
  meters: 'Distance',
  reps: 'Reps',
  calories: 'Calories',
  points: 'Points',
};

export const VALUE_EXAMPLES: Record<InputUnit, string> = {
  kg: 'e.g. 140',
  lb: 'e.g. 315',
  'mm:ss': 'e.g. 6:45',
  seconds: 'e.g. 12.5',
  m: 'e.g. 2000',
  km: 'e.g. 5',
  mi: 'e.g. 3.1',
  reps: 'e.g. 25',
  calories: 'e.g. 60',
  points: 'e.g. 120',
};

/** The unit a result is most likely typed in: the athlete's system for weights and distances, mm:ss for times. */
export function defaultInputUnit(test: Pick<Test, 'unit' | 'min_value'>, units: Units): InputUnit {
  switch (test.unit) {
    case 'kg':
      return units === 'imperial' ? 'lb' : 'kg';
    case 'seconds':
      return 'mm:ss';
    case 'meters':
      return units === 'imperial' ? 'mi' : test.min_value >= 1000 ? 'km' : 'm';
    default:
      return inputUnitsFor(test.unit)[0]!;
  }
}

/** The typed value in the test's unit, or the problem with it in words; null while nothing is typed. */
export function checkEntry(raw: string, from: InputUnit, test: Test): { value: number } | { problem: string } {
  try {
    const value = toTestUnit(raw, from, test.unit);
    checkBounds(value, { min: test.min_value, max: test.max_value }, test.unit, test.name);
    return { value };
  } catch (err) {
    return { problem: err instanceof MeasureError ? err.message : 'This value cannot be read.' };
  }
}

/** Tests by category, in the catalogue's category order, each group by name. */
export function groupTests(tests: Test[]): { category: TestCategory; label: string; tests: Test[] }[] {
  return TEST_CATEGORIES.map((category) => ({
    category,
    label: CATEGORY_NAMES[category],
    tests: tests.filter((t) => t.category === category).sort((a, b) => a.name.localeCompare(b.name)),
  })).filter((g) => g.tests.length > 0);
}

/** Today as YYYY-MM-DD in a time zone (the athlete's, else the browser's). */
export function todayIn(timeZone?: string): string {
  try {
    return new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(new Date());
  } catch {
    return new Intl.DateTimeFormat('en-CA', { year: 'numeric', month: '2-digit', day: '2-digit' }).format(new Date());
  }
}

export const DIRECTION_HINTS = { higher: 'Higher is better.', lower: 'Lower is better.' } as const;
