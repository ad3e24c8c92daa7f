import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { secureApi } from '#src/api/client.ts';
import { callApi } from '#src/api/errors.ts';
import type { components } from '#openapi/schema.d.ts';

export type RateLimitOverview = components['schemas']['RateLimitOverview'];
export type RateLimit = RateLimitOverview['items'][number];

const KEY = ['get', '/api/admin/rate-limits'] as const;

export function useRateLimits() {
  return useQuery({
    queryKey: KEY,
    queryFn: () => callApi(secureApi.GET('/api/admin/rate-limits'), 'Could not load the rate limits.'),
    refetchInterval: 30_000,
  });
}

export function useSetRateLimit() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { group: string; max: number }) =>
      callApi(
        secureApi.PUT('/api/admin/rate-limits/{group}', { params: { path: { group: input.group } }, body: { max: input.max } }),
        'Could not change this limit.',
      ),
    onSuccess: (overview) => queryClient.setQueryData(KEY, overview),
  });
}
