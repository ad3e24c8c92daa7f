import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api, hasSessionToken, secureApi } from './client.ts';
import { callApi, reachApi, responseError } from './errors.ts';
import type { components } from '#openapi/schema.d.ts';

export type GymSummary = components['schemas']['GymSummary'];
export type GymInput = components['schemas']['GymInput'];

/**
 * Gyms whose name starts with the typed letters, verified first (the gym picker's suggestions). Signed in,
 * the call carries the session: the caller's own unverified gyms are offered too, and every gym to staff.
 */
export function useGymSearch(q: string) {
  const text = q.trim();
  return useQuery({
    queryKey: ['get', '/api/gyms', { q: text }],
    queryFn: () =>
      callApi((hasSessionToken() ? secureApi : api).GET('/api/gyms', { params: { query: { q: text } } }), 'Could not look up gyms.'),
    enabled: text.length > 0,
    placeholderData: keepPreviousData,
    staleTime: 30_000,
  });
}

/** Adds a gym; a near-duplicate answers with the listed gym instead (`existing`). */
export async function addGym(body: GymInput): Promise<{ gym: GymSummary } | { existing: GymSummary; detail: string }> {
  const result = await reachApi(secureApi.POST('/api/gyms', { body }));
  if (result.response.status === 409 && result.error && 'existing_gym' in result.error) {
    return { existing: result.error.existing_gym, detail: result.error.detail };
  }
  if (!result.response.ok || !result.data) throw responseError(result.error, result.response, 'Could not add the gym.');
  return { gym: result.data };
}
