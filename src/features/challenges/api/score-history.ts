import { useQuery } from '@tanstack/react-query';
import { api } from '#src/api/client.ts';
import { callApi } from '#src/api/errors.ts';

/** Every score of a challenge in the order they landed, for its replay. */
export function useScoreHistory(id: number | null) {
  return useQuery({
    queryKey: ['get', '/api/challenges/{challengeId}/score-history', id],
    enabled: id !== null,
    queryFn: () =>
      callApi(
        api.GET('/api/challenges/{challengeId}/score-history', { params: { path: { challengeId: id! } } }),
        'Could not load the score history.',
      ),
  });
}
