import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { secureApi } from '#src/api/client.ts';
import { callApi } from '#src/api/errors.ts';
import type { components } from '#openapi/schema.d.ts';

export type QueueItem = components['schemas']['ModerationQueueItem'];
export type ActionRecord = components['schemas']['ModerationActionRecord'];
export type ReportableKind = components['schemas']['ReportableKind'];
export type ModerationActionName = ActionRecord['action'];

const QUEUE = ['get', '/api/admin/moderation/queue'] as const;
const ACTIONS = ['get', '/api/admin/moderation/actions'] as const;

export function useModerationQueue() {
  return useQuery({
    queryKey: QUEUE,
    queryFn: () => callApi(secureApi.GET('/api/admin/moderation/queue'), 'Could not load the reported content.'),
    refetchInterval: 60_000,
  });
}

export function useModerationActions() {
  return useQuery({
    queryKey: ACTIONS,
    queryFn: () => callApi(secureApi.GET('/api/admin/moderation/actions'), 'Could not load the moderation history.'),
  });
}

function useRefresh() {
  const queryClient = useQueryClient();
  return () => {
    void queryClient.invalidateQueries({ queryKey: QUEUE });
    void queryClient.invalidateQueries({ queryKey: ACTIONS });
  };
}

export function useModerate() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (input: { kind: ReportableKind; itemId: string; action: ModerationActionName; reason: string; days?: number }) =>
      callApi(
        secureApi.POST('/api/admin/moderation/items/{kind}/{itemId}/actions', {
          params: { path: { kind: input.kind, itemId: input.itemId } },
          body: { action: input.action, reason: input.reason, ...(input.action === 'suspend' ? { days: input.days } : {}) },
        }),
        'Could not take this action.',
      ),
    onSuccess: refresh,
  });
}

export function useDecideAppeal() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (input: { appealId: number; decision: 'uphold' | 'reverse'; reason: string }) =>
      callApi(
        secureApi.POST('/api/admin/moderation/appeals/{appealId}/decision', {
          params: { path: { appealId: input.appealId } },
          body: { decision: input.decision, reason: input.reason },
        }),
        'Could not decide this appeal.',
      ),
    onSuccess: refresh,
  });
}

export function useAdminDashboard() {
  return useQuery({
    queryKey: ['get', '/api/admin/dashboard'],
    queryFn: () => callApi(secureApi.GET('/api/admin/dashboard'), 'Could not load the dashboard.'),
    refetchInterval: 60_000,
  });
}
