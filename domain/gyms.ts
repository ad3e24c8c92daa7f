/** Gyms: how names are tidied and compared, and the bounds both the API and the picker use. */

export const GYM_NAME_MAX = 80;
export const GYM_CITY_MAX = 80;
export const GYM_WEBSITE_MAX = 300;
/** Letters an autocomplete needs before it asks, and how many gyms it lists. */
export const GYM_SEARCH_MIN = 1;
export const GYM_SEARCH_MAX = 60;
export const GYM_SEARCH_LIMIT = 10;
/** How many athletes and teams a gym page lists. */
export const GYM_PAGE_ATHLETES = 200;
export const GYM_PAGE_TEAMS = 100;

/** Collapses runs of spaces and trims: what we store and show. */
export const tidyGymText = (text: string) => text.trim().replace(/\s+/g, ' ');

// Kept equal to the SQL of the data migration server/db/migrations/0024_gyms_from_text.sql.
const ACCENTED = 'àáâãäåāçćčèéêëēęìíîïīłñńòóôõöøōśšùúûüūýÿźżž';
const PLAIN = 'aaaaaaaccceeeeeeiiiiilnnoooooooossuuuuuyyzzz';
const fold = (text: string) => [...text.toLowerCase()].map((ch) => (ACCENTED.includes(ch) ? PLAIN[ACCENTED.indexOf(ch)] : ch)).join('');

/**
 * The key two names share when they are near-duplicates: case, accents, spacing, punctuation and
 * the words "the" and "gym" do not count ("The Iron Gym" = "iron-gym" = "Iron").
 */
export function gymNameKey(name: string): string {
  const folded = fold(tidyGymText(name));
  const alnum = (s: string) => s.replace(/[^a-z0-9]+/g, '');
  const withoutFiller = alnum(folded.replace(/(^|[^a-z0-9])(the|gym)(?=$|[^a-z0-9])/g, '$1'));
  return (withoutFiller || alnum(folded) || folded).slice(0, 120);
}

/** Two gyms are near-duplicates when their name keys match and their cities do not tell them apart. */
export function sameGym(a: { name: string; city: string }, b: { name: string; city: string }): boolean {
  if (gymNameKey(a.name) !== gymNameKey(b.name)) return false;
  const ca = gymNameKey(a.city);
  const cb = gymNameKey(b.city);
  return !ca || !cb || ca === cb;
}

/** ISO 3166-1 alpha-2: two letters, stored upper case. */
export const isCountryCode = (code: string) => /^[A-Za-z]{2}$/.test(code);

/** A website must be an http(s) address. */
export function isWebsite(url: string): boolean {
  try {
    const u = new URL(url);
    return (u.protocol === 'https:' || u.protocol === 'http:') && u.hostname.includes('.');
  } catch {
    return false;
  }
}
