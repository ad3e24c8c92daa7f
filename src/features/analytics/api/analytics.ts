import { useQuery } from '@tanstack/react-query';
import { secureApi } from '#src/api/client.ts';
import { callApi } from '#src/api/errors.ts';
import type { components } from '#openapi/schema.d.ts';

export type MyAnalytics = components['schemas']['MyAnalytics'];
export type WeekCount = MyAnalytics['weeks'][number];

export function useMyAnalytics() {
  return useQuery({
    queryKey: ['get', '/api/analytics/me'],
    queryFn: () => callApi(secureApi.GET('/api/analytics/me'), 'Could not load your numbers.'),
  });
}

/** A new athlete: no submission in the window, no board place, no approved record. */
export const hasNoNumbers = (a: MyAnalytics) =>
  a.challenges.length === 0 && a.records.length === 0 && a.weeks.every((w) => w.submissions === 0);
