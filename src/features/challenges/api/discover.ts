import { infiniteQueryOptions, keepPreviousData, useInfiniteQuery } from '@tanstack/react-query';
import { api, secureApi } from '#src/api/client.ts';
import { rememberCampaign } from '#src/lib/campaign-code.ts';
import { useSessionView } from '#src/lib/session/session-view.ts';
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
  // Signed in, discovery asks as the athlete: a promoted challenge's impression is theirs (never its creator's own).
  // While a remembered session is being restored it waits, so one look is not counted as a visitor's and an athlete's.
  const { user, restoring } = useSessionView();
  const signedIn = !!user;
  const client = signedIn ? secureApi : api;
  return useInfiniteQuery(
    infiniteQueryOptions({
      queryKey: ['get', path, filters, signedIn],
      enabled: archive || !restoring,
      queryFn: async ({ pageParam }) => {
        const query = { ...filters, search: filters.search || undefined, cursor: pageParam ?? undefined, limit: 12 };
        return archive
          ? callApi(
              api.GET('/api/challenges/archive', { params: { query: { search: query.search, cursor: query.cursor, limit: 12 } } }),
              'Could not load challenges.',
            )
          : callApi(client.GET('/api/challenges/discover', { params: { query } }), 'Could not load challenges.');
      },
      initialPageParam: null as string | null,
      getNextPageParam: (last) => last.next_cursor,
      placeholderData: keepPreviousData,
    }),
  );
}

/**
 * A click on a promoted challenge: the code is kept for the tab (a join then counts for the campaign) and the
 * server counts the click, without holding up the way to the challenge.
 */
export function clickPromotion(code: string, signedIn: boolean) {
  rememberCampaign(`?campaign=${encodeURIComponent(code)}`);
  const client = signedIn ? secureApi : api;
  void client.POST('/api/creators/campaigns/{code}/click', { params: { path: { code } } }).catch(() => undefined);
}
