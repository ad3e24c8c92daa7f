import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { secureApi } from '#src/api/client.ts';
import { callApi } from '#src/api/errors.ts';
import type { components } from '#openapi/schema.d.ts';

export type Alliance = components['schemas']['Alliance'];
export type AllianceTeam = components['schemas']['AllianceTeam'];

const alliancesKey = (teamId: number) => ['get', '/api/teams/{teamId}/alliances', teamId] as const;

export function useTeamAlliances(teamId: number) {
  return useQuery({
    queryKey: alliancesKey(teamId),
    queryFn: () =>
      callApi(secureApi.GET('/api/teams/{teamId}/alliances', { params: { path: { teamId } } }), 'Could not load the team’s alliances.'),
    staleTime: 0,
  });
}

export function useAllianceCandidates(teamId: number, q: string) {
  return useQuery({
    queryKey: ['get', '/api/teams/{teamId}/alliance-candidates', teamId, q],
    queryFn: () =>
      callApi(
        secureApi.GET('/api/teams/{teamId}/alliance-candidates', { params: { path: { teamId }, query: { q } } }),
        'Could not search teams.',
      ),
    enabled: q.trim().length >= 2,
  });
}

/** Every alliance change refreshes the team's alliances and the inbox count. */
function useAllianceMutation<A, R>(teamId: number, run: (args: A) => Promise<R>) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: run,
    onSettled: () => {
      void qc.invalidateQueries({ queryKey: alliancesKey(teamId) });
      void qc.invalidateQueries({ queryKey: ['get', '/api/notifications/unread-count'] });
    },
  });
}

export const useProposeAlliance = (teamId: number) =>
  useAllianceMutation(teamId, (body: { name: string; team_ids: number[] }) =>
    callApi(secureApi.POST('/api/teams/{teamId}/alliances', { params: { path: { teamId } }, body }), 'Could not propose the alliance.'),
  );

export const useAnswerAlliance = (teamId: number) =>
  useAllianceMutation(teamId, ({ allianceId, answer }: { allianceId: number; answer: 'accept' | 'leave' }) => {
    const path = { params: { path: { allianceId, teamId } } };
    return answer === 'accept'
      ? callApi(secureApi.POST('/api/alliances/{allianceId}/teams/{teamId}/accept', path), 'Could not accept the alliance.')
      : callApi(secureApi.POST('/api/alliances/{allianceId}/teams/{teamId}/leave', path), 'Could not leave the alliance.');
  });
