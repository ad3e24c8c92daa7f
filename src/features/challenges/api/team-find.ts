import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import type { components } from '#openapi/schema.d.ts';
import { callApi } from '#src/api/errors.ts';
import { useSessionView } from '#src/lib/session/session-view.ts';
import { FIND_QUERY_MIN } from '#domain/board-find.ts';
import { useClient } from './challenges.ts';

export type TeamMatch = components['schemas']['TeamMatches']['items'][number];

const findOnTeamBoardQuery = (
  client: ReturnType<typeof useClient>,
  viewer: number | null,
  challengeId: number,
  limit: number,
  q: string | null,
) => {
  const query = { limit, ...(q === null ? { me: true } : { q }) };
  return {
    queryKey: ['get', '/api/challenges/{challengeId}/team-rankings/find', { challengeId, ...query, viewer }] as const,
    queryFn: () =>
      callApi(
        client.GET('/api/challenges/{challengeId}/team-rankings/find', { params: { path: { challengeId }, query } }),
        q === null ? 'Could not find your team.' : 'Could not search this team board.',
      ),
  };
};

/** Teams on a team board by the start of a word of their name or a member's, each with its page (off below 2 letters). */
export function useFindOnTeamBoard(challengeId: number, limit: number, q: string) {
  const client = useClient();
  const { user } = useSessionView();
  return useQuery({
    ...findOnTeamBoardQuery(client, user?.wp_user_id ?? null, challengeId, limit, q),
    enabled: q.length >= FIND_QUERY_MIN,
    placeholderData: keepPreviousData,
  });
}

/** Asks once for the signed-in athlete's own team on a team board (the "Find my team" button). */
export function useFindMyTeam(challengeId: number, limit: number) {
  const client = useClient();
  const { user } = useSessionView();
  const queryClient = useQueryClient();
  return async () =>
    (await queryClient.fetchQuery({ ...findOnTeamBoardQuery(client, user?.wp_user_id ?? null, challengeId, limit, null), staleTime: 0 }))
      .items[0];
}
