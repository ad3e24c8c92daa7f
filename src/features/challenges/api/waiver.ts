import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { secureApi } from '#src/api/client.ts';
import { callApi } from '#src/api/errors.ts';
import type { WaiverSignatureBody } from '#machines/challenge-join.ts';

// The liability waiver as the join form needs it (the legal area's API): the current version and the athlete's signature.

const WAIVER_KEY = ['get', '/api/legal/waiver/me'] as const;

export function useMyWaiver(enabled: boolean) {
  return useQuery({
    queryKey: WAIVER_KEY,
    queryFn: () => callApi(secureApi.GET('/api/legal/waiver/me'), 'Could not load the liability waiver.'),
    enabled,
    staleTime: 0,
  });
}

export function useSignWaiver(challengeId: number) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: WaiverSignatureBody) =>
      callApi(
        secureApi.POST('/api/legal/waiver/signatures', { body: { ...body, challenge_id: challengeId } }),
        'Could not sign the waiver.',
      ),
    onSettled: () => void qc.invalidateQueries({ queryKey: WAIVER_KEY }),
  });
}
