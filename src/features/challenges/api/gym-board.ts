import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { api } from '#src/api/client.ts';
import { callApi } from '#src/api/errors.ts';
import type { components } from '#openapi/schema.d.ts';
import { useSessionView } from '#src/lib/session/session-view.ts';
import { useClient } from './challenges.ts';

export type GymRankingRow = components['schemas']['GymRankingRow'];
export type AllianceRankingRow = components['schemas']['AllianceRankingRow'];

type Query = { challengeId: number | null; offset: number; limit: number };
type Fetch<T> = (client: typeof api, challengeId: number, query: { offset: number; limit: number }) => Promise<T>;

/** A page of one of a gym event's boards; signed in, the viewer's own unit(s) come along (pinned when off the page). */
function useUnitRankings<T>(path: string, fetch: Fetch<T>, q: Query, live: boolean) {
  const { user } = useSessionView();
  const client = useClient();
  return useQuery({
    queryKey: ['get', path, { ...q, me: user?.wp_user_id ?? null }],
    enabled: q.challengeId !== null,
    queryFn: () => fetch(client, q.challengeId!, { offset: q.offset, limit: q.limit }),
    placeholderData: keepPreviousData,
    refetchInterval: live ? 15_000 : false,
  });
}

/** The gym board, with the viewer's gym. */
export const useGymRankings = (q: Query, live = false) =>
  useUnitRankings(
    '/api/challenges/{challengeId}/gym-rankings',
    (client, challengeId, query) =>
      callApi(
        client.GET('/api/challenges/{challengeId}/gym-rankings', { params: { path: { challengeId }, query } }),
        'Could not load the gym board.',
      ),
    q,
    live,
  );

/** The alliance board, with every alliance the viewer counts for. */
export const useAllianceRankings = (q: Query, live = false) =>
  useUnitRankings(
    '/api/challenges/{challengeId}/alliance-rankings',
    (client, challengeId, query) =>
      callApi(
        client.GET('/api/challenges/{challengeId}/alliance-rankings', { params: { path: { challengeId }, query } }),
        'Could not load the alliance board.',
      ),
    q,
    live,
  );
