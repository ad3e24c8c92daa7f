import { queryOptions, useQuery } from '@tanstack/react-query';
import { secureApi } from '#src/api/client.ts';
import { callApi } from '#src/api/errors.ts';
import type { Challenge } from './challenges.ts';

// The signed-in athlete's own challenges and results (the dashboard, My Results, a board's own-score note).
type MinePath = '/api/challenges/my-participating' | '/api/challenges/recommendations';
const mineQuery = (path: MinePath) =>
  queryOptions({
    queryKey: ['get', path],
    queryFn: () =>
      callApi(
        (secureApi.GET as (p: MinePath) => Promise<{ data?: { items: Challenge[] }; error?: unknown; response: Response }>)(path),
        'Could not load challenges.',
      ),
  });

export const useMyParticipating = () => useQuery(mineQuery('/api/challenges/my-participating'));
export const useRecommendations = () => useQuery(mineQuery('/api/challenges/recommendations'));

export function useMySubmissions() {
  return useQuery({
    queryKey: ['get', '/api/challenges/my-submissions'],
    queryFn: () => callApi(secureApi.GET('/api/challenges/my-submissions'), 'Could not load your results.'),
  });
}
