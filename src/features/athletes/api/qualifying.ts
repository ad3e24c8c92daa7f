import { useQuery } from '@tanstack/react-query';
import { api, secureApi } from '#src/api/client.ts';
import type { components } from '#openapi/schema.d.ts';
import { callApi } from '#src/api/errors.ts';
import { useSessionView } from '#src/lib/session/session-view.ts';

// The athletes feature's own wrapper over the two challenge calls a qualifying attempt needs (features never import
// each other). The query keys are the challenges feature's, so both read and refresh one cache entry.

export type Challenge = components['schemas']['Challenge'];
export type ChallengeStatus = components['schemas']['ChallengeStatus'];

export const STATUS_LABELS: Record<ChallengeStatus, string> = { upcoming: 'Upcoming', open: 'Open', closed: 'Closed', deleted: 'Deleted' };

export function useChallenge(id: number | null) {
  const { user } = useSessionView();
  const signedIn = !!user;
  return useQuery({
    queryKey: ['get', '/api/challenges/{challengeId}', id ?? 0, signedIn],
    queryFn: () =>
      callApi(
        (signedIn ? secureApi : api).GET('/api/challenges/{challengeId}', { params: { path: { challengeId: id ?? 0 } } }),
        'Could not load this challenge.',
      ),
    enabled: id !== null,
  });
}

export function useMyParticipating() {
  return useQuery({
    queryKey: ['get', '/api/challenges/my-participating'],
    queryFn: () => callApi(secureApi.GET('/api/challenges/my-participating'), 'Could not load challenges.'),
  });
}
