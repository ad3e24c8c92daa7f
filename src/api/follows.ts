import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { components } from '#openapi/schema.d.ts';
import { useSessionView } from '../lib/session/session-view.ts';
import { api, secureApi } from './client.ts';
import { callApi } from './errors.ts';

// Following an athlete, shared by the follows pages and a board row's menu (src/components/board-row-menu.tsx).

export type FollowSummary = components['schemas']['FollowSummary'];

const isFollowKey = (key: readonly unknown[]) => typeof key[1] === 'string' && key[1].startsWith('/api/follows');

/** An athlete's follower counts and whether the viewer follows them; `enabled` false waits (a closed menu). */
export function useFollowSummary(userId: number, enabled = true) {
  const { user } = useSessionView();
  const client = user ? secureApi : api;
  return useQuery({
    queryKey: ['get', '/api/follows/athletes/{userId}', { userId, me: user?.wp_user_id ?? null }],
    queryFn: () =>
      callApi(client.GET('/api/follows/athletes/{userId}', { params: { path: { userId } } }), 'Could not load the follower counts.'),
    enabled: enabled && userId > 0,
  });
}

/** Follow (want) or unfollow; every follows query (counts, lists, the feed, suggestions) is asked again after. */
export function useSaveFollow(userId: number) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (want: boolean) => {
      const params = { path: { userId } };
      return want
        ? callApi(secureApi.PUT('/api/follows/athletes/{userId}', { params }), 'Could not follow this athlete.')
        : callApi(secureApi.DELETE('/api/follows/athletes/{userId}', { params }), 'Could not unfollow this athlete.');
    },
    onSuccess: () => void qc.invalidateQueries({ predicate: (q) => isFollowKey(q.queryKey) }),
  });
}
