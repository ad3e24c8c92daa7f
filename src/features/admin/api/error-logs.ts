import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { secureApi } from '#src/api/client.ts';
import { callApi } from '#src/api/errors.ts';
import type { components } from '#openapi/schema.d.ts';

export type ErrorGroup = components['schemas']['ErrorGroup'];
export type ErrorGroupDetail = components['schemas']['ErrorGroupDetail'];
export type ErrorStatus = components['schemas']['ErrorStatus'];
export type ErrorKind = components['schemas']['ErrorKind'];

export const ERROR_PAGE_SIZE = 20;

export const ERROR_STATUS_LABELS: Record<ErrorStatus, string> = { open: 'Open', resolved: 'Resolved', ignored: 'Ignored' };
export const ERROR_KIND_LABELS: Record<ErrorKind, string> = {
  render: 'Page crash',
  rejection: 'Unhandled rejection',
  chunk: 'Page failed to load',
  server: 'Server error',
};

const GROUPS = '/api/admin/error-groups';

export function useErrorGroups(status: ErrorStatus | null, page: number) {
  return useQuery({
    queryKey: ['get', GROUPS, { status, page }],
    queryFn: () =>
      callApi(
        secureApi.GET(GROUPS, { params: { query: { status: status ?? undefined, page, page_size: ERROR_PAGE_SIZE } } }),
        'Could not load the error log.',
      ),
    placeholderData: keepPreviousData,
    // Coming back to the page (or out of a crash) shows what was reported meanwhile.
    refetchOnMount: 'always',
  });
}

export function useErrorGroup(id: number | null) {
  return useQuery({
    queryKey: ['get', '/api/admin/error-groups/{groupId}', id],
    queryFn: () =>
      callApi(secureApi.GET('/api/admin/error-groups/{groupId}', { params: { path: { groupId: id ?? 0 } } }), 'Could not load this error.'),
    enabled: id !== null,
  });
}

export function useSetErrorStatus() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { id: number; status: ErrorStatus }) =>
      callApi(
        secureApi.PUT('/api/admin/error-groups/{groupId}/status', {
          params: { path: { groupId: input.id } },
          body: { status: input.status },
        }),
        'Could not change this error.',
      ),
    onSuccess: (detail) => {
      queryClient.setQueryData(['get', '/api/admin/error-groups/{groupId}', detail.id], detail);
      void queryClient.invalidateQueries({ queryKey: ['get', GROUPS] });
    },
  });
}
