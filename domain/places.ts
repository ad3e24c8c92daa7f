/**
 * One way to say a place: the place, of how many, and which board ("3rd of 12 · Women Rx"). A board is a sex × age
 * category (domain/divisions.ts: Women, Men 35–39, or none on a challenge with one board) and a division (Rx or
 * Scaled). "Division" means Rx/Scaled only; the women's and men's boards are boards. Server and pages share it.
 */

import { AGE_SCHEMES, categoriesOf, SEX_DIVISIONS, type DivisionScheme } from './divisions.ts';

export type PlaceDivision = 'rx' | 'scaled';

export const PLACE_DIVISION_NAMES: Record<PlaceDivision, string> = { rx: 'Rx', scaled: 'Scaled' };

/** A place as the API answers it (the contract's Place). */
export interface Place {
  rank: number;
  of: number;
  board: string;
}

/** 1st, 2nd, 3rd, 4th … 11th, 12th, 13th … 21st, 22nd, 101st, 111th. */
export function ordinal(n: number): string {
  const tens = n % 100;
  if (tens >= 11 && tens <= 13) return `${n}th`;
  const suffix = ({ 1: 'st', 2: 'nd', 3: 'rd' } as Record<number, string>)[n % 10] ?? 'th';
  return `${n}${suffix}`;
}

/** The name of a board: its category's words without separators, then the division ("Women 35–39 Rx", "Rx"). */
export function boardName(scheme: DivisionScheme, category: string, division: PlaceDivision): string {
  const label = category === '' ? '' : (categoriesOf(scheme).find((c) => c.id === category)?.label ?? '');
  return [label.replaceAll(' · ', ' '), PLACE_DIVISION_NAMES[division]].filter(Boolean).join(' ');
}

/** Every category id any scheme has, with its board words ("male:35-39" → "Men 35–39"). */
export const CATEGORY_BOARD_WORDS: ReadonlyMap<string, string> = new Map(
  SEX_DIVISIONS.flatMap((sex) => AGE_SCHEMES.flatMap((age) => categoriesOf({ sex, age }))).map((c) => [
    c.id,
    c.label.replaceAll(' · ', ' '),
  ]),
);

/** A board's name from its category id alone (a stored post knows no scheme): "Women Rx", "Rx". */
export function boardNameOf(category: string | null | undefined, division: PlaceDivision): string {
  return [category ? (CATEGORY_BOARD_WORDS.get(category) ?? '') : '', PLACE_DIVISION_NAMES[division]].filter(Boolean).join(' ');
}

/** The board a team's place is on, in a team challenge (teams are ranked on one board). */
export const TEAM_BOARD = 'Team board';

/** The board of the global ranking (Global Ranks: every athlete's tests together). */
export const GLOBAL_BOARD = 'Global Ranks';

/** "3rd of 12 · Women Rx"; a board of its own size only: "1st of 1 · Rx". */
export function placeText(place: Place): string {
  return `${ordinal(place.rank)} ${placeRest(place)}`;
}

/** What follows the ordinal in `placeText` ("of 12 · Women Rx"), for a stat card that shows "3rd" large. */
export function placeRest(place: Place): string {
  return `of ${place.of} · ${place.board}`;
}

/** The same with a fallback for no place (off the board, or held for review). */
export function placeOrNone(place: Place | null | undefined, none = 'Not on the board yet'): string {
  return place ? placeText(place) : none;
}

/**
 * A place on a challenge's whole board (every board and division together): "8th of 25 overall", or "8th overall"
 * where the size is not known. The one way to say a place that is not on the athlete's own board.
 */
export function overallText(rank: number, of?: number | null): string {
  return of ? `${ordinal(rank)} of ${of} overall` : `${ordinal(rank)} overall`;
}
