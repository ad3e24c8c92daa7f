import { useMutation } from '@tanstack/react-query';
import { secureApi } from './client.ts';
import { callApi } from './errors.ts';
import type { components } from '../../openapi/schema.d.ts';

export type ReportableKind = components['schemas']['ReportableKind'];
export type ReportReason = components['schemas']['ReportReason'];

/** Any signed-in user reports an item; shared by every page that shows reportable content. */
export function useReportContent() {
  return useMutation({
    mutationFn: (body: { kind: ReportableKind; item_id: string; reason: ReportReason; details?: string }) =>
      callApi(secureApi.POST('/api/moderation/reports', { body }), 'Could not send the report.'),
  });
}
