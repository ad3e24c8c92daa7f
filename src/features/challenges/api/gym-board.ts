import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api, secureApi } from '../../../api/client.ts';
import { callApi } from '../../../api/errors.ts';
import type { components } from '../../../../openapi/schema.d.ts';
import { useSessionView } from '../../../lib/session/session-view.ts';

export type GymRankingRow = components['schemas']['GymRankingRow'];

/** A page of a gym event's gym board; signed in, the viewer's gym comes along (pinned when off the page). */
export function useGymRankings(q: { challengeId: number | null; offset: number; limit: number }, live = false) {
  const { user } = useSessionView();
  const client = user ? secureApi : api;
  return useQuery({
    queryKey: ['get', '/api/challenges/{challengeId}/gym-rankings', { ...q, me: user?.wp_user_id ?? null }],
    enabled: q.challengeId !== null,
    queryFn: () =>
      callApi(
        client.GET('/api/challenges/{challengeId}/gym-rankings', {
          params: { path: { challengeId: q.challengeId! }, query: { offset: q.offset, limit: q.limit } },
        }),
        'Could not load the gym board.',
      ),
    placeholderData: keepPreviousData,
    refetchInterval: live ? 15_000 : false,
  });
}

export type AllianceRankingRow = components['schemas']['AllianceRankingRow'];

/** A page of a gym event's alliance board; signed in, the viewer's alliances come along (pinned when off the page). */
export function useAllianceRankings(q: { challengeId: number | null; offset: number; limit: number }, live = false) {
  const { user } = useSessionView();
  const client = user ? secureApi : api;
  return useQuery({
    queryKey: ['get', '/api/challenges/{challengeId}/alliance-rankings', { ...q, me: user?.wp_user_id ?? null }],
    enabled: q.challengeId !== null,
    queryFn: () =>
      callApi(
        client.GET('/api/challenges/{challengeId}/alliance-rankings', {
          params: { path: { challengeId: q.challengeId! }, query: { offset: q.offset, limit: q.limit } },
        }),
        'Could not load the alliance board.',
      ),
    placeholderData: keepPreviousData,
    refetchInterval: live ? 15_000 : false,
  });
}
