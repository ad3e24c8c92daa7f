import type { InputUnit, TestUnit } from '#domain/measures.ts';
import { CATEGORY_NAMES, TEST_CATEGORIES, type TestCategory } from '#domain/test-catalogue.ts';
import type { Test } from '../api/records.ts';

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
