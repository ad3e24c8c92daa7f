import { useQuery } from '@tanstack/react-query';
import { api, secureApi } from '#src/api/client.ts';
import { callApi } from '#src/api/errors.ts';
import { useSessionView } from '#src/lib/session/session-view.ts';
import type { components } from '#openapi/schema.d.ts';

export type AthleteChallengeResult = components['schemas']['AthleteChallengeResult'];

/** An athlete's verified results in challenges not linked to a catalogue test (their profile's "Challenge results"). */
export function useAthleteChallengeResults(userId: number) {
  const { user } = useSessionView();
  // Signed in, the athlete also sees their own unlisted challenges.
  const client = user ? secureApi : api;
  return useQuery({
    queryKey: ['challenges', 'athlete-results', userId, user?.wp_user_id ?? null],
    queryFn: () =>
      callApi(
        client.GET('/api/challenges/athletes/{userId}/results', { params: { path: { userId } } }),
        'Could not load the challenge results.',
      ),
  });
}
