/**
 * Competition divisions: a challenge's board splits by sex (men and women, or one open
 * board) × an age scheme (none, masters, teens) × Rx/Scaled. The sex × age part is the
 * athlete's category, fixed when they join; Rx/Scaled stays the sort key's top bit. Shared
 * by the server (join, boards) and the pages (the division picker, the create form).
 */

import { groupForAge, type AgeGroup } from './athlete-groups.ts';

export const SEX_DIVISIONS = ['open', 'split'] as const;
export type SexDivisions = (typeof SEX_DIVISIONS)[number];

export const AGE_SCHEMES = ['none', 'masters', 'teens'] as const;
export type AgeScheme = (typeof AGE_SCHEMES)[number];

export const AGE_SCHEME_NAMES: Record<AgeScheme, string> = {
  none: 'No age groups',
  masters: 'Masters (35–39 … 65+)',
  teens: 'Teens (14–15, 16–17)',
};

/** The groups of each age scheme; an athlete outside all of them (or without a birth year) is in the open group. */
export const SCHEME_GROUPS: Record<AgeScheme, readonly AgeGroup[]> = {
  none: [],
  masters: [
    { id: '35-39', label: '35–39', min: 35, max: 39 },
    { id: '40-44', label: '40–44', min: 40, max: 44 },
    { id: '45-49', label: '45–49', min: 45, max: 49 },
    { id: '50-54', label: '50–54', min: 50, max: 54 },
    { id: '55-59', label: '55–59', min: 55, max: 59 },
    { id: '60-64', label: '60–64', min: 60, max: 64 },
    { id: '65+', label: '65+', min: 65, max: 130 },
  ],
  teens: [
    { id: '14-15', label: '14–15', min: 14, max: 15 },
    { id: '16-17', label: '16–17', min: 16, max: 17 },
  ],
};

export const OPEN_AGE = 'open';

export interface DivisionScheme {
  sex: SexDivisions;
  age: AgeScheme;
}

export interface Category {
  /** '' when the challenge has one board; otherwise e.g. 'female', 'male:35-39', '40-44', 'female:open'. */
  id: string;
  label: string;
}

/** A category id is at most this long (the column and the query parameter). */
export const CATEGORY_MAX_LENGTH = 24;

/** Whether the challenge splits its board at all (beyond Rx/Scaled). */
export function hasCategories(s: DivisionScheme): boolean {
  return s.sex === 'split' || s.age !== 'none';
}

/** The athlete's age group in a scheme, by age reached in `year` (as masters competitions count it). */
export function ageGroupIn(scheme: AgeScheme, birthYear: number | null, year: number): string | null {
  if (scheme === 'none') return null;
  if (birthYear === null) return OPEN_AGE;
  return groupForAge(SCHEME_GROUPS[scheme], year - birthYear)?.id ?? OPEN_AGE;
}

/**
 * The athlete's category in a challenge, or null when the challenge splits by sex and the
 * athlete has none (they must say which board they compete on before joining).
 */
export function categoryOf(
  s: DivisionScheme,
  athlete: { sex: 'female' | 'male' | null; birthYear: number | null },
  year: number,
): string | null {
  const parts: string[] = [];
  if (s.sex === 'split') {
    if (!athlete.sex) return null;
    parts.push(athlete.sex);
  }
  const age = ageGroupIn(s.age, athlete.birthYear, year);
  if (age) parts.push(age);
  return parts.join(':');
}

const SEX_NAMES = { female: 'Women', male: 'Men' } as const;

function ageLabel(scheme: AgeScheme, id: string): string {
  if (id === OPEN_AGE) return 'Open';
  return SCHEME_GROUPS[scheme].find((g) => g.id === id)?.label ?? id;
}

/** Every category of a scheme, in the order the picker lists them (women first, then by age). */
export function categoriesOf(s: DivisionScheme): Category[] {
  const sexes = s.sex === 'split' ? (['female', 'male'] as const) : [null];
  const ages = s.age === 'none' ? [null] : [OPEN_AGE, ...SCHEME_GROUPS[s.age].map((g) => g.id)];
  const out: Category[] = [];
  for (const sex of sexes) {
    for (const age of ages) {
      const id = [sex, age].filter((p): p is string => p !== null).join(':');
      if (id === '') continue;
      const label = [sex ? SEX_NAMES[sex] : null, age ? ageLabel(s.age, age) : null].filter(Boolean).join(' · ');
      out.push({ id, label });
    }
  }
  return out;
}

export function isCategoryOf(s: DivisionScheme, id: string): boolean {
  return categoriesOf(s).some((c) => c.id === id);
}

export function categoryLabel(s: DivisionScheme, id: string): string {
  return categoriesOf(s).find((c) => c.id === id)?.label ?? 'Overall';
}

/** Standards text per category (loads, movements): at most this many characters each. */
export const STANDARD_TEXT_MAX = 500;

/**
 * The keys standards may be stated under: '' (everyone), each sex when the board splits by
 * sex (most loads differ only by sex), and each category.
 */
export function standardKeys(s: DivisionScheme): string[] {
  const ids = categoriesOf(s).map((c) => c.id);
  const sexes = s.sex === 'split' ? ['female', 'male'] : [];
  return [...new Set(['', ...sexes, ...ids])];
}

/** The standards that apply to a category: its own, else its sex's, else everyone's. */
export function standardsFor(standards: Readonly<Record<string, string>>, category: string): string | null {
  const sex = category.split(':')[0]!;
  return standards[category] ?? standards[sex] ?? standards[''] ?? null;
}
