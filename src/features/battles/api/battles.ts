import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, secureApi } from '#src/api/client.ts';
import { callApi } from '#src/api/errors.ts';
import type { components } from '#openapi/schema.d.ts';
import { useSessionView } from '#src/lib/session/session-view.ts';
import { readAgain } from '#src/lib/realtime.ts';
import type { AttemptBody } from '#domain/battles/index.ts';

export type BattleView = components['schemas']['Battle'];
export type BattleInput = components['schemas']['BattleInput'];
export type BattleBoard = components['schemas']['BattleBoard'];
export type BattleBoardRow = components['schemas']['BattleBoardRow'];
export type BattleStatus = components['schemas']['BattleStatus'];

const isBattleKey = (key: readonly unknown[]) =>
  typeof key[1] === 'string' && (key[1].startsWith('/api/battle-royale') || key[1].startsWith('/api/squad-decimation'));

/** Every battle query (lists, one battle, boards, attempts): what a change or a socket message refreshes. */
export function useRefreshBattles() {
  const qc = useQueryClient();
  const filters = { predicate: (q: { queryKey: readonly unknown[] }) => isBattleKey(q.queryKey) };
  // A read still in flight may have begun before the change: it is dropped, and every battle query on the page reads again.
  return () => readAgain(qc, filters);
}

export function useBattles(status: BattleStatus, limit = 20) {
  const { user } = useSessionView();
  const client = user ? secureApi : api;
  return useQuery({
    queryKey: ['get', '/api/battle-royale/challenges', { status, limit, me: user?.wp_user_id ?? null }],
    queryFn: () =>
      callApi(client.GET('/api/battle-royale/challenges', { params: { query: { status, limit } } }), 'Could not load battles.'),
  });
}

export function useBattle(id: number) {
  const { user } = useSessionView();
  const client = user ? secureApi : api;
  return useQuery({
    queryKey: ['get', '/api/battle-royale/challenges/{battleId}', { id, me: user?.wp_user_id ?? null }],
    queryFn: () =>
      callApi(
        client.GET('/api/battle-royale/challenges/{battleId}', { params: { path: { battleId: id } } }),
        'Could not load this battle.',
      ),
    enabled: id > 0,
  });
}

export function useBattleBoard(id: number, round: number | null, enabled = true) {
  const { user } = useSessionView();
  const client = user ? secureApi : api;
  return useQuery({
    queryKey: ['get', '/api/battle-royale/challenges/{battleId}/leaderboard', { id, round, me: user?.wp_user_id ?? null }],
    queryFn: () =>
      callApi(
        client.GET('/api/battle-royale/challenges/{battleId}/leaderboard', {
          params: { path: { battleId: id }, query: { ...(round ? { round } : {}), limit: 100 } },
        }),
        'Could not load the battle board.',
      ),
    placeholderData: keepPreviousData,
    enabled: enabled && id > 0,
  });
}

export function useMyAttempts(id: number, enabled: boolean) {
  return useQuery({
    queryKey: ['get', '/api/battle-royale/challenges/{battleId}/my-attempts', id],
    queryFn: () =>
      callApi(
        secureApi.GET('/api/battle-royale/challenges/{battleId}/my-attempts', { params: { path: { battleId: id } } }),
        'Could not load your attempts.',
      ),
    enabled: enabled && id > 0,
  });
}

export function useBattleDashboard(enabled: boolean) {
  return useQuery({
    queryKey: ['get', '/api/battle-royale/user/dashboard'],
    queryFn: () => callApi(secureApi.GET('/api/battle-royale/user/dashboard'), 'Could not load your battles.'),
    enabled,
  });
}

export function useEnterBattle(id: number) {
  const refresh = useRefreshBattles();
  return useMutation({
    mutationFn: () =>
      callApi(
        secureApi.POST('/api/battle-royale/challenges/{battleId}/enter', { params: { path: { battleId: id } } }),
        'Could not enter the battle.',
      ),
    onSuccess: refresh,
  });
}

export function useSubmitAttempt(id: number) {
  const refresh = useRefreshBattles();
  return useMutation({
    mutationFn: (body: AttemptBody) =>
      callApi(
        secureApi.POST('/api/battle-royale/challenges/{battleId}/attempts', { params: { path: { battleId: id } }, body }),
        'Could not submit the attempt.',
      ),
    onSuccess: refresh,
  });
}

export function useCreateBattle() {
  const refresh = useRefreshBattles();
  return useMutation({
    mutationFn: (body: BattleInput) => callApi(secureApi.POST('/api/battle-royale/challenges', { body }), 'Could not create the battle.'),
    onSuccess: refresh,
  });
}
