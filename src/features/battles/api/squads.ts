import { keepPreviousData, useMutation, useQuery } from '@tanstack/react-query';
import { api, secureApi } from '#src/api/client.ts';
import { callApi } from '#src/api/errors.ts';
import type { components } from '#openapi/schema.d.ts';
import { useSessionView } from '#src/lib/session/session-view.ts';
import { useRefreshBattles, type BattleStatus } from './battles.ts';

export type SquadBattleView = components['schemas']['SquadBattle'];
export type SquadBattleInput = components['schemas']['SquadBattleInput'];
export type SquadBoard = components['schemas']['SquadBoard'];

export function useSquadBattles(status: BattleStatus, limit = 20) {
  const { user } = useSessionView();
  const client = user ? secureApi : api;
  return useQuery({
    queryKey: ['get', '/api/squad-decimation/battles', { status, limit, me: user?.wp_user_id ?? null }],
    queryFn: () =>
      callApi(client.GET('/api/squad-decimation/battles', { params: { query: { status, limit } } }), 'Could not load squad battles.'),
  });
}

export function useSquadBattle(id: number) {
  const { user } = useSessionView();
  const client = user ? secureApi : api;
  return useQuery({
    queryKey: ['get', '/api/squad-decimation/battles/{battleId}', { id, me: user?.wp_user_id ?? null }],
    queryFn: () =>
      callApi(
        client.GET('/api/squad-decimation/battles/{battleId}', { params: { path: { battleId: id } } }),
        'Could not load this squad battle.',
      ),
    enabled: id > 0,
  });
}

export function useSquadBoard(id: number, round: number | null) {
  return useQuery({
    queryKey: ['get', '/api/squad-decimation/battles/{battleId}/board', { id, round }],
    queryFn: () =>
      callApi(
        api.GET('/api/squad-decimation/battles/{battleId}/board', {
          params: { path: { battleId: id }, query: round ? { round } : {} },
        }),
        'Could not load the squad board.',
      ),
    placeholderData: keepPreviousData,
    enabled: id > 0,
  });
}

export function useMySquadTeams(enabled: boolean) {
  return useQuery({
    queryKey: ['get', '/api/squad-decimation/my-teams'],
    queryFn: () => callApi(secureApi.GET('/api/squad-decimation/my-teams'), 'Could not load your teams.'),
    enabled,
  });
}

export function useCreateSquadBattle() {
  const refresh = useRefreshBattles();
  return useMutation({
    mutationFn: (body: SquadBattleInput) =>
      callApi(secureApi.POST('/api/squad-decimation/battles', { body }), 'Could not create the squad battle.'),
    onSuccess: refresh,
  });
}

export function useEnterSquad(id: number) {
  const refresh = useRefreshBattles();
  return useMutation({
    mutationFn: (body: { team_id: number; member_ids: number[] }) =>
      callApi(
        secureApi.POST('/api/squad-decimation/battles/{battleId}/squads', { params: { path: { battleId: id } }, body }),
        'Could not enter the squad.',
      ),
    onSuccess: refresh,
  });
}
