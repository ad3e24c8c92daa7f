import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { api, secureApi } from '#src/api/client.ts';
import { callApi, isNotFound } from '#src/api/errors.ts';
import type { components } from '#openapi/schema.d.ts';
import { useSessionView } from '#src/lib/session/session-view.ts';

export type Test = components['schemas']['Test'];
export type TestInput = components['schemas']['TestInput'];
export type TestStatus = components['schemas']['TestStatus'];
export type TestCategory = components['schemas']['TestCategory'];
export type TestStandard = components['schemas']['Standard'];
export type TestDeepDive = components['schemas']['TestDeepDive'];
export type AthleteSex = components['schemas']['Sex'];

/** Signed in: the secure client (so the server knows who asks and admins see drafts); else the public one. */
export function useAthleteClient() {
  const { user } = useSessionView();
  return { client: user ? secureApi : api, me: user?.wp_user_id ?? null };
}

/**
 * After a write that moves results or tests: every query whose path starts with one of the
 * prefixes is refetched (keys are [method, path, …], as everywhere in the app).
 */
export function invalidatePaths(qc: QueryClient, prefixes: readonly string[]) {
  return qc.invalidateQueries({
    predicate: (q) => typeof q.queryKey[1] === 'string' && prefixes.some((p) => (q.queryKey[1] as string).startsWith(p)),
  });
}

/** A test's definition feeds its boards, deep dive, the submit form's list and every athlete's bests. */
export const TEST_DEPENDENT_PATHS = ['/api/v1/tests', '/api/v1/leaderboards', '/api/v1/athlete-profiles'] as const;

export interface TestFilters {
  status?: TestStatus;
  category?: TestCategory;
  search?: string;
}

export function useTests(filters: TestFilters = {}) {
  const { client, me } = useAthleteClient();
  const query = { status: filters.status, category: filters.category, search: filters.search?.trim() || undefined };
  return useQuery({
    queryKey: ['get', '/api/v1/tests', query, me],
    queryFn: () => callApi(client.GET('/api/v1/tests', { params: { query } }), 'Could not load the tests.'),
    placeholderData: keepPreviousData,
  });
}

/** Only the published tests, as everyone sees them. */
export const activeTestsQuery = () =>
  queryOptions({
    queryKey: ['get', '/api/v1/tests', { status: 'active' as const }, 'public'],
    queryFn: () => callApi(api.GET('/api/v1/tests', { params: { query: { status: 'active' } } }), 'Could not load the tests.'),
    staleTime: 60_000,
  });

export const useActiveTests = () => useQuery(activeTestsQuery());

export function useTest(id: number | null) {
  const { client, me } = useAthleteClient();
  return useQuery({
    queryKey: ['get', '/api/v1/tests/{testId}', id, me],
    enabled: id !== null,
    queryFn: () => callApi(client.GET('/api/v1/tests/{testId}', { params: { path: { testId: id! } } }), 'Could not load this test.'),
  });
}

export function useTestDeepDive(id: number | null, sex: AthleteSex | null) {
  const { client, me } = useAthleteClient();
  return useQuery({
    queryKey: ['get', '/api/v1/tests/{testId}/deep-dive', { id, sex }, me],
    enabled: id !== null,
    queryFn: async () => {
      return callApi(
        client.GET('/api/v1/tests/{testId}/deep-dive', {
          params: { path: { testId: id! }, query: { sex: sex ?? undefined } },
        }),
        'Could not load this test.',
      );
    },
    placeholderData: keepPreviousData,
    retry: (count, error) => !isNotFound(error) && count < 2,
  });
}

export function useSaveTest(id: number | null) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async (input: TestInput) => {
      const saving =
        id === null
          ? secureApi.POST('/api/v1/tests', { body: input })
          : secureApi.PUT('/api/v1/tests/{testId}', { params: { path: { testId: id } }, body: input });
      return callApi(saving, 'Could not save the test.');
    },
    onSuccess: () => void invalidatePaths(qc, TEST_DEPENDENT_PATHS),
  });
}

export function useSetTestStatus() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ id, status }: { id: number; status: TestStatus }) =>
      callApi(
        secureApi.PUT('/api/v1/tests/{testId}/status', { params: { path: { testId: id } }, body: { status } }),
        'Could not change the test’s status.',
      ),
    onSuccess: () => void invalidatePaths(qc, TEST_DEPENDENT_PATHS),
  });
}

export function useDeleteTest() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async (id: number) => {
      await callApi(secureApi.DELETE('/api/v1/tests/{testId}', { params: { path: { testId: id } } }), 'Could not delete the test.');
      return id;
    },
    onSuccess: () => void invalidatePaths(qc, TEST_DEPENDENT_PATHS),
  });
}

export const STATUS_NAMES: Record<TestStatus, string> = { draft: 'Draft', active: 'Active', retired: 'Retired' };
export const SEX_NAMES: Record<AthleteSex, string> = { female: 'Women', male: 'Men' };
export const STANDARD_SEX_NAMES: Record<TestStandard['sex'], string> = { any: 'Everyone', female: 'Women', male: 'Men' };

/** The ?<name>= of the current address, when it is a whole number. */
export function idFromSearch(search: string, name = 'id'): number | null {
  const raw = new URLSearchParams(search).get(name);
  return raw && /^\d{1,9}$/.test(raw) && Number(raw) > 0 ? Number(raw) : null;
}

/** "60–70 kg", "from 90 kg", "under 60 kg" or "any bodyweight" (min inclusive, max exclusive). */
export function bodyweightRange(s: Pick<TestStandard, 'bodyweight_min_kg' | 'bodyweight_max_kg'>): string {
  const { bodyweight_min_kg: min, bodyweight_max_kg: max } = s;
  if (min === null && max === null) return 'Any bodyweight';
  if (min === null) return `Under ${max} kg`;
  if (max === null) return `${min} kg and over`;
  return `${min}–${max} kg`;
}
