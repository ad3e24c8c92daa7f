import { useMutation, useQuery } from '@tanstack/react-query';
import { api, secureApi } from '#src/api/client.ts';
import { callApi } from '#src/api/errors.ts';
import type { components } from '#openapi/schema.d.ts';
import { useSessionView } from '#src/lib/session/session-view.ts';
import type { PactAnswer } from '#machines/squad-negotiation.ts';
import { useRefreshBattles } from './battles.ts';

export type SquadNegotiation = components['schemas']['SquadNegotiation'];
export type PactInput = components['schemas']['PactInput'];

/** A squad battle's negotiation: tokens per squad, open proposals, the public log, and the caller's captaincy. */
export function useSquadNegotiation(id: number) {
  const { user } = useSessionView();
  const client = user ? secureApi : api;
  return useQuery({
    queryKey: ['get', '/api/squad-decimation/battles/{battleId}/negotiation', { id, me: user?.wp_user_id ?? null }],
    queryFn: () =>
      callApi(
        client.GET('/api/squad-decimation/battles/{battleId}/negotiation', { params: { path: { battleId: id } } }),
        'Could not load the negotiation.',
      ),
    enabled: id > 0,
  });
}

export function useProposePact(id: number) {
  const refresh = useRefreshBattles();
  return useMutation({
    mutationFn: (body: PactInput) =>
      callApi(
        secureApi.POST('/api/squad-decimation/battles/{battleId}/pacts', { params: { path: { battleId: id } }, body }),
        'Could not propose the pact.',
      ),
    onSuccess: refresh,
  });
}

export function useAnswerPact(id: number) {
  const refresh = useRefreshBattles();
  return useMutation({
    mutationFn: ({ pactId, answer }: { pactId: number; answer: PactAnswer }) =>
      callApi(
        secureApi.POST('/api/squad-decimation/battles/{battleId}/pacts/{pactId}/{answer}', {
          params: { path: { battleId: id, pactId, answer } },
        }),
        'Could not answer the proposal.',
      ),
    onSuccess: refresh,
  });
}

export function useSpendToken(id: number) {
  const refresh = useRefreshBattles();
  return useMutation({
    mutationFn: (userId: number) =>
      callApi(
        secureApi.POST('/api/squad-decimation/battles/{battleId}/immunity', {
          params: { path: { battleId: id } },
          body: { user_id: userId },
        }),
        'Could not spend the token.',
      ),
    onSuccess: refresh,
  });
}
