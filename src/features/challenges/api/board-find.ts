import { keepPreviousData, queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import type { api } from '#src/api/client.ts';
import { callApi } from '#src/api/errors.ts';
import type { components } from '#openapi/schema.d.ts';
import { useSessionView } from '#src/lib/session/session-view.ts';
import { useClient, type AgeGroupId, type Division, type Sex } from './challenges.ts';

// Finding athletes on a board (the finder's chunk, loaded when it is first used).
export type BoardMatch = components['schemas']['BoardMatch'];

export interface BoardFind {
  challengeId: number;
  category?: string;
  division?: Division;
  sex?: Sex;
  age_group?: AgeGroupId;
  gym?: string;
  q?: string;
  me?: boolean;
  limit: number;
}

const findOnBoardQuery = (client: typeof api, viewer: number | null, q: BoardFind) =>
  queryOptions({
    queryKey: ['get', '/api/challenges/rankings/find', { ...q, viewer }],
    queryFn: () =>
      callApi(
        client.GET('/api/challenges/rankings/find', {
          params: {
            query: {
              challenge_id: q.challengeId,
              category: q.category,
              division: q.division,
              sex: q.sex,
              age_group: q.age_group,
              gym: q.gym,
              q: q.me ? undefined : q.q,
              me: q.me || undefined,
              limit: q.limit,
            },
          },
        }),
        q.me ? 'Could not find your row.' : 'Could not search this board.',
      ),
  });

/** Athletes on a board by the start of a word of their name or gym, each with the page that lists it (off below 2 letters). */
export function useFindOnBoard(q: BoardFind) {
  const client = useClient();
  const { user } = useSessionView();
  return useQuery({
    ...findOnBoardQuery(client, user?.wp_user_id ?? null, q),
    enabled: (q.q ?? '').length >= 2,
    placeholderData: keepPreviousData,
  });
}

/** Asks once for the signed-in athlete's own row on a board (the "Find me" button). */
export function useFindMe() {
  const client = useClient();
  const { user } = useSessionView();
  const queryClient = useQueryClient();
  return (q: BoardFind) =>
    queryClient.fetchQuery({ ...findOnBoardQuery(client, user?.wp_user_id ?? null, { ...q, me: true }), staleTime: 0 });
}
