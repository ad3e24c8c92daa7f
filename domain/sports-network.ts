/**
 * The sports network: federations group leagues; a league groups member gyms and the events of
 * its season. Shared by the server (validation, the season statement's parameters) and the page.
 *
 * The season table (the server computes it in SQL; tests compute the same from `seasonTable` here):
 * - In each of the league's events, every athlete with a result takes their overall place in their
 *   division of that event (the place the event's own standing shows them).
 * - An athlete counts for the gym their profile links to now (athlete_profiles.gym_id), if it is a
 *   member gym of the league.
 * - A place earns league points by SEASON_POINTS (1st → 25 … 10th → 1, below that 0).
 * - A gym's score in an event is the sum of its best GYM_COUNTED_ATHLETES athletes' points there
 *   (fewer if fewer took part).
 * - The season total is the sum over the league's events; highest first.
 * - Ties on the total: the better best single-event score ahead, then more event wins (events where
 *   the gym's score was the highest of the member gyms, ties all winning, zero never winning); still tied,
 *   the gyms share the place (listed by name).
 */

export const NETWORK_NAME_LENGTH = { min: 2, max: 120 } as const;
export const REGION_MAX = 80;
export const SEASON_NAME_LENGTH = { min: 1, max: 80 } as const;
export const NETWORK_DESCRIPTION_MAX = 2000;
/** A league's member gyms and events are bounded so its season table stays cheap to compute. */
export const LEAGUE_GYMS_MAX = 500;
export const LEAGUE_EVENTS_MAX = 50;
/** A season lasts at most this many days. */
export const SEASON_MAX_DAYS = 731;

/** How many of a gym's athletes count in each event (its best ones). */
export const GYM_COUNTED_ATHLETES = 3;

/** League points for an event place (1st first); places beyond the table earn 0. */
export const SEASON_POINTS: readonly number[] = [25, 18, 15, 12, 10, 8, 6, 4, 2, 1];

export function seasonPointsFor(place: number): number {
  return SEASON_POINTS[place - 1] ?? 0;
}

/** A gym's score in one event from its athletes' event places: its best N athletes' points. */
export function gymEventScore(places: readonly number[]): number {
  return places
    .map(seasonPointsFor)
    .sort((a, b) => b - a)
    .slice(0, GYM_COUNTED_ATHLETES)
    .reduce((a, b) => a + b, 0);
}

export interface SeasonInput {
  gymId: number;
  name: string;
  /** Per league event (same order for every gym): the event places of the gym's athletes there. */
  eventPlaces: readonly (readonly number[])[];
}

export interface SeasonRow {
  gymId: number;
  name: string;
  place: number;
  total: number;
  best: number;
  wins: number;
  /** Per event, the gym's score there. */
  scores: number[];
}

/** The whole season table, by the rules above: place, then name (case ignored), then id. */
export function seasonTable(gyms: readonly SeasonInput[]): SeasonRow[] {
  const scored = gyms.map((g) => ({ ...g, scores: g.eventPlaces.map(gymEventScore) }));
  const events = Math.max(0, ...scored.map((g) => g.scores.length));
  const top = Array.from({ length: events }, (_, e) => Math.max(0, ...scored.map((g) => g.scores[e] ?? 0)));
  const rows = scored.map((g) => ({
    gymId: g.gymId,
    name: g.name,
    scores: g.scores,
    total: g.scores.reduce((a, b) => a + b, 0),
    best: Math.max(0, ...g.scores),
    wins: g.scores.filter((s, e) => s > 0 && s === top[e]).length,
  }));
  const ahead = (a: (typeof rows)[number], b: (typeof rows)[number]) =>
    a.total !== b.total ? a.total > b.total : a.best !== b.best ? a.best > b.best : a.wins > b.wins;
  return rows
    .map((r) => ({ ...r, place: 1 + rows.filter((x) => ahead(x, r)).length }))
    .sort((a, b) => a.place - b.place || compareNames(a.name, b.name) || a.gymId - b.gymId);
}

/** Names as the table lists them within a shared place: case ignored, by code point. */
export function compareNames(a: string, b: string): number {
  const x = a.toLowerCase();
  const y = b.toLowerCase();
  return x < y ? -1 : x > y ? 1 : 0;
}

/** Tidies a typed name: trimmed, inner runs of space made one. */
export const tidyName = (s: string) => s.trim().replace(/\s+/g, ' ');

/** The season's rules in one sentence each, for the page. */
export const SEASON_RULES_TEXT = [
  'Each athlete takes their overall place in their division of each league event.',
  `A place earns ${SEASON_POINTS.join(', ')} points for 1st to ${SEASON_POINTS.length}th, then 0.`,
  `A gym scores its best ${GYM_COUNTED_ATHLETES} athletes’ points in each event; the season adds its events up.`,
  'Ties: the better best single-event score, then more event wins; still tied, the gyms share the place.',
] as const;
