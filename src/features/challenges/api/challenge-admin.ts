import { useQuery } from '@tanstack/react-query';
import { secureApi } from '#src/api/client.ts';
import { callApi } from '#src/api/errors.ts';

// The challenge administration's reads.
export function useDeletedChallenges() {
  return useQuery({
    queryKey: ['get', '/api/challenges/admin/deleted-challenges'],
    queryFn: () => callApi(secureApi.GET('/api/challenges/admin/deleted-challenges'), 'Could not load deleted challenges.'),
  });
}

export function usePendingScores(enabled: boolean) {
  return useQuery({
    queryKey: ['get', '/api/challenges/admin/scores/pending'],
    enabled,
    queryFn: () => callApi(secureApi.GET('/api/challenges/admin/scores/pending'), 'Could not load scores waiting for review.'),
  });
}
