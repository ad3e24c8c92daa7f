import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { secureApi } from './client.ts';
import { callApi } from './errors.ts';
import type { components } from '#openapi/schema.d.ts';

export type ReportableKind = components['schemas']['ReportableKind'];
export type ReportReason = components['schemas']['ReportReason'];

/** Any signed-in user reports an item; shared by every page that shows reportable content. */
export function useReportContent() {
  return useMutation({
    mutationFn: (body: { kind: ReportableKind; item_id: string; reason: ReportReason; details?: string }) =>
      callApi(secureApi.POST('/api/moderation/reports', { body }), 'Could not send the report.'),
  });
}

export type ModerationDecision = components['schemas']['ModerationDecision'];
const DECISIONS = ['get', '/api/moderation/decisions'] as const;

/** Moderators' decisions about the signed-in user's content (Settings → Moderation). */
export function useMyModerationDecisions() {
  return useQuery({
    queryKey: DECISIONS,
    queryFn: () => callApi(secureApi.GET('/api/moderation/decisions'), 'Could not load the moderation decisions.'),
  });
}

export function useAppealDecision() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { actionId: number; reason: string }) =>
      callApi(
        secureApi.POST('/api/moderation/decisions/{actionId}/appeal', {
          params: { path: { actionId: input.actionId } },
          body: { reason: input.reason },
        }),
        'Could not send the appeal.',
      ),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: DECISIONS }),
  });
}
