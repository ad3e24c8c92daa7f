import { infiniteQueryOptions, keepPreviousData, useInfiniteQuery } from '@tanstack/react-query';
import { api } from '#src/api/client.ts';
import { callApi } from '#src/api/errors.ts';
import type { ChallengeStatus, ScoreType, Division } from './challenges.ts';

// The endless challenge lists (discovery, archive, administration): apart from challenges.ts so a
// page that shows one challenge does not load the infinite-list code.

export interface DiscoverFilters {
  search?: string;
  score_type?: ScoreType;
  status?: ChallengeStatus;
  division?: Division;
}

export function useDiscover(filters: DiscoverFilters, archive = false) {
  const path = archive ? '/api/challenges/archive' : '/api/challenges/discover';
  return useInfiniteQuery(
    infiniteQueryOptions({
      queryKey: ['get', path, filters],
      queryFn: async ({ pageParam }) => {
        const query = { ...filters, search: filters.search || undefined, cursor: pageParam ?? undefined, limit: 12 };
        return archive
          ? callApi(
              api.GET('/api/challenges/archive', { params: { query: { search: query.search, cursor: query.cursor, limit: 12 } } }),
              'Could not load challenges.',
            )
          : callApi(api.GET('/api/challenges/discover', { params: { query } }), 'Could not load challenges.');
      },
      initialPageParam: null as string | null,
      getNextPageParam: (last) => last.next_cursor,
      placeholderData: keepPreviousData,
    }),
  );
}
