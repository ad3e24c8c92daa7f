import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '#src/api/client.ts';
import { callApi } from '#src/api/errors.ts';
import { useSessionView } from '#src/lib/session/session-view.ts';
import { useClient } from './challenges.ts';

/** The teams of a team challenge, to pick one to join. */
export function useTeams(id: number | null) {
  return useQuery({
    queryKey: ['get', '/api/challenges/{challengeId}/teams', id],
    enabled: id !== null,
    queryFn: () =>
      callApi(api.GET('/api/challenges/{challengeId}/teams', { params: { path: { challengeId: id! } } }), 'Could not load the teams.'),
  });
}

export function useTeamRankings(q: { challengeId: number | null; offset: number; limit: number }, live = false) {
  const client = useClient();
  const { user } = useSessionView();
  return useQuery({
    queryKey: ['get', '/api/challenges/{challengeId}/team-rankings', { ...q, me: user?.wp_user_id ?? null }],
    enabled: q.challengeId !== null,
    queryFn: async () => {
      return callApi(
        client.GET('/api/challenges/{challengeId}/team-rankings', {
          params: { path: { challengeId: q.challengeId! }, query: { offset: q.offset, limit: q.limit } },
        }),
        'Could not load the team board.',
      );
    },
    placeholderData: keepPreviousData,
    refetchInterval: live ? 15_000 : false,
  });
}
