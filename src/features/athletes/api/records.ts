import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, secureApi } from '#src/api/client.ts';
import type { components } from '#openapi/schema.d.ts';
import { useSessionView } from '#src/lib/session/session-view.ts';
import { callApi } from '#src/api/errors.ts';

export type Test = components['schemas']['Test'];
export type PersonalRecord = components['schemas']['PersonalRecord'];
export type PersonalRecordInput = components['schemas']['PersonalRecordInput'];
export type MyPersonalRecords = components['schemas']['MyPersonalRecords'];
export type ReviewStatus = components['schemas']['ReviewStatus'];
export type ClaimableResult = components['schemas']['ClaimableResult'];
export type Claim = components['schemas']['Claim'];
export type ClaimStatus = components['schemas']['ClaimStatus'];
export type InputUnit = components['schemas']['InputUnit'];
export type Sex = components['schemas']['Sex'];

export const REVIEW_STATUS_LABELS: Record<ReviewStatus, string> = { pending: 'Pending review', approved: 'Approved', rejected: 'Rejected' };

const MASTER_TESTS = '/api/v1/athlete-profiles/master-tests';
const USER_PRS = '/api/v1/athlete-profiles/user-prs';
const CLAIMS = '/api/v1/athlete-profiles/claims';
const CLAIM_SEARCH = '/api/v1/athlete-profiles/claims/search';

/** The active tests an athlete can submit records for. */
export function useMasterTests() {
  return useQuery({
    queryKey: ['get', MASTER_TESTS],
    staleTime: 5 * 60_000,
    queryFn: () => callApi(api.GET(MASTER_TESTS), 'Could not load the tests.'),
  });
}

/** The signed-in athlete's submissions (optionally one status or test), bests and global standing. */
export function useMyPersonalRecords(filter: { status?: ReviewStatus; testId?: number } = {}) {
  const { user } = useSessionView();
  return useQuery({
    queryKey: ['get', USER_PRS, filter],
    enabled: !!user,
    placeholderData: keepPreviousData,
    queryFn: () =>
      callApi(
        secureApi.GET(USER_PRS, { params: { query: { status: filter.status, test_id: filter.testId } } }),
        'Could not load your personal records.',
      ),
  });
}

/** Where a new submission shows up: the athlete's own lists and the reviewers' queue and counts. */
const AFFECTED_BY_SUBMISSION = [USER_PRS, '/api/v1/athlete-profiles/admin/pending-tests', '/api/v1/tests'];

export function useSubmitPersonalRecord() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: PersonalRecordInput) =>
      callApi(secureApi.POST('/api/v1/athlete-profiles/submit-pr', { body }), 'Could not submit your record.'),
    onSuccess: () =>
      void qc.invalidateQueries({
        predicate: (q) => typeof q.queryKey[1] === 'string' && AFFECTED_BY_SUBMISSION.some((p) => (q.queryKey[1] as string).startsWith(p)),
      }),
  });
}

export interface NormalizeRequest {
  testId: number;
  value: string;
  unit: InputUnit;
  sex?: Sex | null;
  bodyweightKg?: number | null;
}

/** The value in the test's unit and the 0–1000 score it would earn: a preview while the athlete types. */
export function useNormalizedPreview(request: NormalizeRequest | null) {
  return useQuery({
    queryKey: ['post', '/api/v1/tests/{testId}/normalize', request],
    enabled: request !== null,
    staleTime: Infinity,
    retry: false,
    queryFn: async () => {
      const r = request!;
      return callApi(
        api.POST('/api/v1/tests/{testId}/normalize', {
          params: { path: { testId: r.testId } },
          body: {
            value: r.value,
            unit: r.unit,
            ...(r.sex ? { sex: r.sex } : {}),
            ...(r.bodyweightKg != null && r.bodyweightKg >= 20 && r.bodyweightKg <= 350 ? { bodyweight_kg: r.bodyweightKg } : {}),
          },
        }),
        'Could not score this result.',
      );
    },
  });
}

export const CLAIM_PAGE_SIZE = 25;

/** Unclaimed historical results whose athlete name matches (asks only from 2 characters). */
export function useClaimableResults(name: string, offset: number) {
  const trimmed = name.trim();
  return useQuery({
    queryKey: ['get', CLAIM_SEARCH, { name: trimmed, offset }],
    enabled: trimmed.length >= 2,
    placeholderData: keepPreviousData,
    queryFn: async () => {
      return callApi(
        secureApi.GET(CLAIM_SEARCH, {
          params: { query: { name: trimmed, offset, limit: CLAIM_PAGE_SIZE } },
        }),
        'Could not search past results.',
      );
    },
  });
}

export function useMyClaims() {
  return useQuery({
    queryKey: ['get', CLAIMS],
    queryFn: () => callApi(secureApi.GET(CLAIMS), 'Could not load your claims.'),
  });
}

export function useCreateClaims() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: { historical_ids: number[]; message?: string }) =>
      callApi(secureApi.POST(CLAIMS, { body }), 'Could not send your claim.'),
    // Claim search, my claims and the reviewers' claim queue all start with the claims paths.
    onSuccess: () =>
      void qc.invalidateQueries({
        predicate: (q) =>
          typeof q.queryKey[1] === 'string' &&
          (q.queryKey[1].startsWith(CLAIMS) || q.queryKey[1].startsWith('/api/v1/athlete-profiles/admin/claims')),
      }),
  });
}
