import { sql, type SQL } from 'drizzle-orm';
import { ApiError, badRequest } from '#server/errors.ts';
import { FIND_QUERY_MAX, FIND_QUERY_MIN } from '#domain/board-find.ts';

// What every board's finder shares (challenge boards: challenges/find.ts, team boards: challenges/team-find.ts,
// Global Ranks: athletes/rank-find.ts): the searched text, checked, and LIKE patterns built from it.

/** `%`, `_` and the escape itself match literally in a LIKE pattern. */
export const likeLiteral = (text: string) => text.replace(/[\\%_]/g, (ch) => `\\${ch}`);

/**
 * The text a finder searches for, lower-cased with its spaces collapsed (empty when the caller asks for their
 * own row with `me`): `me` needs a signed-in caller (401), a search 2 to 40 letters (400 about `q`).
 */
export function findNeedle(q: { q?: string; me?: boolean }, signedIn: boolean, where: string): string {
  if (q.me) {
    if (!signedIn) throw new ApiError(401, `Sign in to find yourself on ${where}.`);
    return '';
  }
  const needle = (q.q ?? '').trim().toLowerCase().replace(/\s+/g, ' ');
  if (needle.length < FIND_QUERY_MIN || needle.length > FIND_QUERY_MAX)
    throw badRequest(`Type ${FIND_QUERY_MIN} to ${FIND_QUERY_MAX} letters of a name or gym to search.`, 'q');
  return needle;
}

/** Whether a word of `column` (after a space or a hyphen, or at its start) starts with the searched text. */
export function wordStarts(column: SQL, needle: string): SQL {
  const word = likeLiteral(needle);
  return sql`(lower(${column}) like ${`${word}%`} or lower(${column}) like ${`% ${word}%`} or lower(${column}) like ${`%-${word}%`})`;
}
