import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { secureApi } from '#src/api/client.ts';
import { callApi } from '#src/api/errors.ts';
import type { components } from '#openapi/schema.d.ts';

export type Feedback = components['schemas']['Feedback'];
export type FeedbackDetail = components['schemas']['FeedbackDetail'];
export type FeedbackStatus = components['schemas']['FeedbackStatus'];
export type FeedbackType = components['schemas']['FeedbackType'];

export interface FeedbackFilters {
  type?: FeedbackType;
  status?: FeedbackStatus;
  search?: string;
  page: number;
}

const PAGE_SIZE = 20;

export const feedbackListQuery = (filters: FeedbackFilters) =>
  queryOptions({
    queryKey: ['get', '/api/feedback/list-feedback', filters],
    queryFn: async () => {
      return callApi(
        secureApi.GET('/api/feedback/list-feedback', {
          params: { query: { ...filters, search: filters.search || undefined, page_size: PAGE_SIZE } },
        }),
        'Could not load feedback.',
      );
    },
    placeholderData: keepPreviousData,
  });

export const feedbackSummaryQuery = () =>
  queryOptions({
    queryKey: ['get', '/api/feedback/feedback-summary'],
    queryFn: () => callApi(secureApi.GET('/api/feedback/feedback-summary'), 'Could not load the summary.'),
  });

export const feedbackDetailQuery = (id: number) =>
  queryOptions({
    queryKey: ['get', '/api/feedback/feedback/{feedbackId}', id],
    queryFn: () =>
      callApi(
        secureApi.GET('/api/feedback/feedback/{feedbackId}', { params: { path: { feedbackId: id } } }),
        'Could not load this feedback.',
      ),
  });

export function useFeedbackList(filters: FeedbackFilters) {
  return useQuery(feedbackListQuery(filters));
}
export function useFeedbackSummary() {
  return useQuery(feedbackSummaryQuery());
}
export function useFeedbackDetail(id: number | null) {
  return useQuery({ ...feedbackDetailQuery(id ?? 0), enabled: id !== null });
}

export function useUpdateFeedback() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: { id: number; status: FeedbackStatus; admin_note?: string }) => {
      return callApi(
        secureApi.PUT('/api/feedback/update-feedback/{feedbackId}', {
          params: { path: { feedbackId: input.id } },
          body: { status: input.status, ...(input.admin_note ? { admin_note: input.admin_note } : {}) },
        }),
        'Could not update this feedback.',
      );
    },
    onSuccess: (detail) => {
      queryClient.setQueryData(feedbackDetailQuery(detail.id).queryKey, detail);
      void queryClient.invalidateQueries({ queryKey: ['get', '/api/feedback/list-feedback'] });
      void queryClient.invalidateQueries({ queryKey: ['get', '/api/feedback/feedback-summary'] });
    },
  });
}

export function useSignoutFeedbackReport(page: number, days: number) {
  return useQuery({
    queryKey: ['get', '/api/feedback/signout-feedback', { page, days }],
    queryFn: () =>
      callApi(
        secureApi.GET('/api/feedback/signout-feedback', { params: { query: { page, days, page_size: PAGE_SIZE } } }),
        'Could not load sign-out feedback.',
      ),
    placeholderData: keepPreviousData,
  });
}

export const FEEDBACK_PAGE_SIZE = PAGE_SIZE;

export const STATUS_LABELS: Record<FeedbackStatus, string> = {
  new: 'New',
  in_progress: 'In progress',
  resolved: 'Resolved',
  wont_fix: "Won't fix",
};
export const TYPE_LABELS: Record<FeedbackType, string> = {
  general_feedback: 'General feedback',
  bug_report: 'Bug report',
  feature_request: 'Feature request',
};
/** The moves the server allows from each status. */
export const NEXT_STATUSES: Record<FeedbackStatus, FeedbackStatus[]> = {
  new: ['in_progress', 'resolved', 'wont_fix'],
  in_progress: ['resolved', 'wont_fix'],
  resolved: ['in_progress'],
  wont_fix: ['in_progress'],
};
