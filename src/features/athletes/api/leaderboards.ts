import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import type { components } from '#openapi/schema.d.ts';
import { callApi } from '#src/api/errors.ts';
import { useAthleteClient, type AthleteSex, type Test } from './tests.ts';
import { FIND_QUERY_MIN } from '#domain/board-find.ts';

export type TestLeaderboardRow = components['schemas']['TestLeaderboardRow'];
export type TestLeaderboardPage = components['schemas']['TestLeaderboardPage'];
export type GlobalLeaderboardRow = components['schemas']['GlobalLeaderboardRow'];
export type GlobalLeaderboardPage = components['schemas']['GlobalLeaderboardPage'];

type TestBoardQuery = NonNullable<NonNullable<import('#openapi/schema.d.ts').operations['getTestLeaderboard']['parameters']['query']>>;
export type AgeGroupId = NonNullable<TestBoardQuery['age_group']>;
export type BodyweightClassId = NonNullable<TestBoardQuery['bodyweight_class']>;

export interface BoardFilters {
  sex?: AthleteSex;
  age_group?: AgeGroupId;
  gym?: string;
  offset: number;
  limit: number;
}

export function useGlobalLeaderboard(filters: BoardFilters, enabled = true) {
  const { client, me } = useAthleteClient();
  const query = { ...filters, gym: filters.gym?.trim() || undefined };
  return useQuery({
    queryKey: ['get', '/api/v1/leaderboards/global', query, me],
    enabled,
    queryFn: () => callApi(client.GET('/api/v1/leaderboards/global', { params: { query } }), 'Could not load the global ranking.'),
    placeholderData: keepPreviousData,
  });
}

export function useTestLeaderboard(testId: number | null, filters: BoardFilters & { bodyweight_class?: BodyweightClassId }) {
  const { client, me } = useAthleteClient();
  const query = { ...filters, gym: filters.gym?.trim() || undefined };
  return useQuery({
    queryKey: ['get', '/api/v1/leaderboards/tests/{testId}', { testId, ...query }, me],
    enabled: testId !== null,
    queryFn: async () => {
      return callApi(
        client.GET('/api/v1/leaderboards/tests/{testId}', {
          params: { path: { testId: testId! }, query },
        }),
        'Could not load this test’s leaderboard.',
      );
    },
    placeholderData: keepPreviousData,
  });
}

/** The leader (rank 1) of a test, one small request per test: each test's card reads its own, so an answer renders only that card. */
export function useTestLeader(test: Test) {
  const { client, me } = useAthleteClient();
  return useQuery({
    queryKey: ['get', '/api/v1/leaderboards/tests/{testId}', { testId: test.id, offset: 0, limit: 1 }, me],
    queryFn: async () => {
      return callApi(
        client.GET('/api/v1/leaderboards/tests/{testId}', {
          params: { path: { testId: test.id }, query: { offset: 0, limit: 1 } },
        }),
        `Could not load the leader of ${test.name}.`,
      );
    },
    staleTime: 60_000,
  });
}

export type RankMatch = components['schemas']['RankMatches']['items'][number];

/** A Global Ranks board to search: the overall ranking (no test) or one test's, with the board's filters. */
export interface RanksFind extends Omit<BoardFilters, 'offset'> {
  test_id?: number;
  bodyweight_class?: BodyweightClassId;
}

const findOnRanksQuery = (client: ReturnType<typeof useAthleteClient>['client'], me: number | null, find: RanksFind, q: string | null) => {
  const query = { ...find, gym: find.gym?.trim() || undefined, ...(q === null ? { me: true } : { q }) };
  return {
    queryKey: ['get', '/api/v1/leaderboards/find', query, me] as const,
    queryFn: () =>
      callApi(
        client.GET('/api/v1/leaderboards/find', { params: { query } }),
        q === null ? 'Could not find your row.' : 'Could not search this ranking.',
      ),
  };
};

/** Athletes on a Global Ranks board by the start of a word of their name or gym, each with its page (off below 2 letters). */
export function useFindOnRanks(find: RanksFind, q: string) {
  const { client, me } = useAthleteClient();
  return useQuery({ ...findOnRanksQuery(client, me, find, q), enabled: q.length >= FIND_QUERY_MIN, placeholderData: keepPreviousData });
}

/** Asks once for the signed-in athlete's own row on a Global Ranks board (the "Find me" button). */
export function useFindMeOnRanks() {
  const { client, me } = useAthleteClient();
  const queryClient = useQueryClient();
  return async (find: RanksFind) => (await queryClient.fetchQuery({ ...findOnRanksQuery(client, me, find, null), staleTime: 0 })).items[0];
}
