import type { components } from '#openapi/schema.d.ts';

export type Place = components['schemas']['Place'];

/** The leaderboard opened on the board a place names (its category and its division). */
export function boardHref(challengeId: number, place: Place | null | undefined): string {
  const params = new URLSearchParams({ id: String(challengeId) });
  if (place?.category) params.set('cat', place.category);
  if (place) params.set('division', place.division);
  return `/challenge-leaderboard-page?${params}`;
}
