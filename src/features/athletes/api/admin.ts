import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { secureApi } from '#src/api/client.ts';
import type { components } from '#openapi/schema.d.ts';
import { callApi, reachApi, responseError } from '#src/api/errors.ts';
import { invalidatePaths } from './tests.ts';

export type PendingRecord = components['schemas']['PendingRecord'];
export type ReviewOutcome = components['schemas']['ReviewOutcome'];
export type Claim = components['schemas']['Claim'];
export type ClaimStatus = components['schemas']['ClaimStatus'];
export type HistoricalUploadReport = components['schemas']['HistoricalUploadReport'];
export type HistoricalPreviewRow = components['schemas']['HistoricalPreviewRow'];

/** A review moves the queue, the test's pending count, boards, the deep dive and the athlete's records. */
const REVIEW_DEPENDENT_PATHS = ['/api/v1/athlete-profiles', '/api/v1/tests', '/api/v1/leaderboards'] as const;

export function usePendingRecords(offset: number, limit: number) {
  return useQuery({
    queryKey: ['get', '/api/v1/athlete-profiles/admin/pending-tests', { offset, limit }],
    queryFn: () =>
      callApi(
        secureApi.GET('/api/v1/athlete-profiles/admin/pending-tests', { params: { query: { offset, limit } } }),
        'Could not load the records waiting for review.',
      ),
    placeholderData: keepPreviousData,
  });
}

export function useApproveRecord() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: number) =>
      callApi(
        secureApi.POST('/api/v1/athlete-profiles/admin/approve/{testId}', { params: { path: { testId: id } } }),
        'Could not approve the record.',
      ),
    onSuccess: () => void invalidatePaths(qc, REVIEW_DEPENDENT_PATHS),
  });
}

export function useRejectRecord() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async ({ id, reason }: { id: number; reason: string }) => {
      return callApi(
        secureApi.POST('/api/v1/athlete-profiles/admin/reject/{testId}', {
          params: { path: { testId: id } },
          body: { reason },
        }),
        'Could not reject the record.',
      );
    },
    onSuccess: () => void invalidatePaths(qc, REVIEW_DEPENDENT_PATHS),
  });
}

export function useClaimsForReview(status: ClaimStatus, offset: number, limit: number) {
  return useQuery({
    queryKey: ['get', '/api/v1/athlete-profiles/admin/claims', { status, offset, limit }],
    queryFn: () =>
      callApi(
        secureApi.GET('/api/v1/athlete-profiles/admin/claims', { params: { query: { status, offset, limit } } }),
        'Could not load the claims.',
      ),
    placeholderData: keepPreviousData,
  });
}

export function useReviewClaim() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async ({ id, decision, reason }: { id: number; decision: 'approve' | 'reject'; reason?: string }) => {
      return callApi(
        secureApi.POST('/api/v1/athlete-profiles/admin/claims/{claimId}/review', {
          params: { path: { claimId: id } },
          body: { decision, reason: reason || undefined },
        }),
        'Could not review the claim.',
      );
    },
    onSuccess: () => void invalidatePaths(qc, REVIEW_DEPENDENT_PATHS),
  });
}

export interface UploadOutcome {
  report: HistoricalUploadReport;
  /** A commit the server refused (422) because rows are invalid: nothing was imported. */
  refused: boolean;
}

export function useHistoricalUpload() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async (input: { csv: string; filename?: string; dry_run: boolean }): Promise<UploadOutcome> => {
      const { data, error, response } = await reachApi(secureApi.POST('/api/v1/athlete-profiles/admin/historical-upload', { body: input }));
      if (data) return { report: data, refused: false };
      if (response.status === 422 && error && 'total_rows' in error) return { report: error, refused: true };
      throw responseError(error, response, input.dry_run ? 'Could not check the file.' : 'Could not import the file.');
    },
    onSuccess: (outcome, input) => {
      if (!input.dry_run && !outcome.refused) void invalidatePaths(qc, REVIEW_DEPENDENT_PATHS);
    },
  });
}
