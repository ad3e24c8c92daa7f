/**
 * The groups leaderboards filter by: age groups (by age reached this calendar year, as
 * masters competitions count it) and bodyweight classes. Shared by the server's SQL filters
 * and the pages' filter menus.
 */

export const SEXES = ['male', 'female'] as const;
export type Sex = (typeof SEXES)[number];

export interface AgeGroup {
  id: string;
  label: string;
  /** Inclusive bounds of the age reached this year. */
  min: number;
  max: number;
}

export const AGE_GROUPS: readonly AgeGroup[] = [
  { id: '13-17', label: 'Teens (13–17)', min: 13, max: 17 },
  { id: '18-34', label: 'Open (18–34)', min: 18, max: 34 },
  { id: '35-39', label: '35–39', min: 35, max: 39 },
  { id: '40-44', label: '40–44', min: 40, max: 44 },
  { id: '45-49', label: '45–49', min: 45, max: 49 },
  { id: '50-54', label: '50–54', min: 50, max: 54 },
  { id: '55-59', label: '55–59', min: 55, max: 59 },
  { id: '60+', label: '60 and over', min: 60, max: 130 },
];
export const AGE_GROUP_IDS = AGE_GROUPS.map((g) => g.id);

export interface BodyweightClass {
  id: string;
  label: string;
  /** Kilograms: min inclusive, max exclusive. */
  min: number;
  max: number;
}

export const BODYWEIGHT_CLASSES: readonly BodyweightClass[] = [
  { id: 'u60', label: 'Under 60 kg', min: 0, max: 60 },
  { id: '60-70', label: '60–70 kg', min: 60, max: 70 },
  { id: '70-80', label: '70–80 kg', min: 70, max: 80 },
  { id: '80-90', label: '80–90 kg', min: 80, max: 90 },
  { id: '90-100', label: '90–100 kg', min: 90, max: 100 },
  { id: '100+', label: '100 kg and over', min: 100, max: 1000 },
];
export const BODYWEIGHT_CLASS_IDS = BODYWEIGHT_CLASSES.map((c) => c.id);

/** Birth years (inclusive) whose age reached in `year` falls in the group. */
export function birthYearsFor(group: AgeGroup, year: number): { from: number; to: number } {
  return { from: year - group.max, to: year - group.min };
}

/** The group of `groups` holding `age` (inclusive bounds), if any. */
export function groupForAge(groups: readonly AgeGroup[], age: number): AgeGroup | null {
  return groups.find((g) => age >= g.min && age <= g.max) ?? null;
}

export function ageGroupOf(birthYear: number | null, year: number): AgeGroup | null {
  if (birthYear == null) return null;
  return groupForAge(AGE_GROUPS, year - birthYear);
}

export function bodyweightClassOf(kg: number | null): BodyweightClass | null {
  if (kg == null) return null;
  return BODYWEIGHT_CLASSES.find((c) => kg >= c.min && kg < c.max) ?? null;
}
