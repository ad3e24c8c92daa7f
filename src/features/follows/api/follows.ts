import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { api, secureApi } from '#src/api/client.ts';
import { callApi } from '#src/api/errors.ts';
import type { components } from '#openapi/schema.d.ts';
import { useSessionView } from '#src/lib/session/session-view.ts';
import { FEED_PAGE_SIZE } from '#domain/follows.ts';

export type FollowPerson = components['schemas']['FollowPerson'];
export type FeedItem = components['schemas']['FollowFeedItem'];

// The counts and the follow toggle are shared with a board row's menu: they live in src/api/follows.ts.
export { useFollowSummary, useSaveFollow, type FollowSummary } from '#src/api/follows.ts';

export function useFollowPeople(userId: number, side: 'followers' | 'following', enabled: boolean) {
  const { user } = useSessionView();
  const client = user ? secureApi : api;
  const path = side === 'followers' ? '/api/follows/athletes/{userId}/followers' : '/api/follows/athletes/{userId}/following';
  return useQuery({
    queryKey: ['get', path, { userId, me: user?.wp_user_id ?? null }],
    queryFn: () =>
      callApi(
        client.GET(path, { params: { path: { userId }, query: { page: 1 } } }),
        side === 'followers' ? 'Could not load the followers.' : 'Could not load whom this athlete follows.',
      ),
    enabled,
  });
}

export function useFollowersFeed() {
  return useInfiniteQuery({
    queryKey: ['get', '/api/follows/feed'],
    initialPageParam: null as string | null,
    queryFn: ({ pageParam }) =>
      callApi(
        secureApi.GET('/api/follows/feed', { params: { query: { limit: FEED_PAGE_SIZE, ...(pageParam ? { cursor: pageParam } : {}) } } }),
        'Could not load the feed.',
      ),
    getNextPageParam: (last) => last.next_cursor,
  });
}

export function useFollowSuggestions(enabled: boolean) {
  return useQuery({
    queryKey: ['get', '/api/follows/suggestions'],
    queryFn: () => callApi(secureApi.GET('/api/follows/suggestions', { params: { query: { limit: 6 } } }), 'Could not load suggestions.'),
    enabled,
  });
}
