import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { api, secureApi } from '../../../api/client.ts';
import type { components } from '../../../../openapi/schema.d.ts';
import { useSessionView } from '../../../lib/session/session-view.ts';

export type Test = components['schemas']['Test'];
export type TestInput = components['schemas']['TestInput'];
export type TestStatus = components['schemas']['TestStatus'];
export type TestCategory = components['schemas']['TestCategory'];
export type TestMovement = components['schemas']['Movement'];
export type TestStandard = components['schemas']['Standard'];
export type TestDeepDive = components['schemas']['TestDeepDive'];
export type AthleteSex = components['schemas']['Sex'];

/** A failed call, with its HTTP status so a page can tell "no such test" (404) from other failures. */
export class AthleteApiError extends Error {
  override name = 'AthleteApiError';
  constructor(
    message: string,
    readonly status: number,
  ) {
    super(message);
  }
}

/** Throws the server's detail (or the fallback words) with the response status. */
export function fail(error: unknown, response: Response | undefined, fallback: string): never {
  const detail =
    error && typeof error === 'object' && 'detail' in error && typeof (error as { detail: unknown }).detail === 'string'
      ? (error as { detail: string }).detail
      : fallback;
  throw new AthleteApiError(detail, response?.status ?? 0);
}

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
    queryFn: async () => {
      const { data, error, response } = await client.GET('/api/v1/tests', { params: { query } });
      return data ?? fail(error, response, 'Could not load the tests.');
    },
    placeholderData: keepPreviousData,
  });
}

/** Only the published tests, as everyone sees them. */
export const activeTestsQuery = () =>
  queryOptions({
    queryKey: ['get', '/api/v1/tests', { status: 'active' as const }, 'public'],
    queryFn: async () => {
      const { data, error, response } = await api.GET('/api/v1/tests', { params: { query: { status: 'active' } } });
      return data ?? fail(error, response, 'Could not load the tests.');
    },
    staleTime: 60_000,
  });

export const useActiveTests = () => useQuery(activeTestsQuery());

export function useTest(id: number | null) {
  const { client, me } = useAthleteClient();
  return useQuery({
    queryKey: ['get', '/api/v1/tests/{testId}', id, me],
    enabled: id !== null,
    queryFn: async () => {
      const { data, error, response } = await client.GET('/api/v1/tests/{testId}', { params: { path: { testId: id! } } });
      return data ?? fail(error, response, 'Could not load this test.');
    },
  });
}

export function useTestDeepDive(id: number | null, sex: AthleteSex | null) {
  const { client, me } = useAthleteClient();
  return useQuery({
    queryKey: ['get', '/api/v1/tests/{testId}/deep-dive', { id, sex }, me],
    enabled: id !== null,
    queryFn: async () => {
      const { data, error, response } = await client.GET('/api/v1/tests/{testId}/deep-dive', {
        params: { path: { testId: id! }, query: { sex: sex ?? undefined } },
      });
      return data ?? fail(error, response, 'Could not load this test.');
    },
    placeholderData: keepPreviousData,
    retry: (count, error) => !(error instanceof AthleteApiError && error.status === 404) && count < 2,
  });
}

export function useSaveTest(id: number | null) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async (input: TestInput) => {
      const { data, error, response } =
        id === null
          ? await secureApi.POST('/api/v1/tests', { body: input })
          : await secureApi.PUT('/api/v1/tests/{testId}', { params: { path: { testId: id } }, body: input });
      return data ?? fail(error, response, 'Could not save the test.');
    },
    onSuccess: () => void invalidatePaths(qc, TEST_DEPENDENT_PATHS),
  });
}

export function useSetTestStatus() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async ({ id, status }: { id: number; status: TestStatus }) => {
      const { data, error, response } = await secureApi.PUT('/api/v1/tests/{testId}/status', { params: { path: { testId: id } }, body: { status } });
      return data ?? fail(error, response, 'Could not change the test’s status.');
    },
    onSuccess: () => void invalidatePaths(qc, TEST_DEPENDENT_PATHS),
  });
}

export function useDeleteTest() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async (id: number) => {
      const { error, response } = await secureApi.DELETE('/api/v1/tests/{testId}', { params: { path: { testId: id } } });
      if (!response.ok) fail(error, response, 'Could not delete the test.');
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
