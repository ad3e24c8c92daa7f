import { useMutation, useQuery } from '@tanstack/react-query';
import { api, secureApi } from '#src/api/client.ts';
import { callApi } from '#src/api/errors.ts';
import type { components } from '#openapi/schema.d.ts';
import { useSessionView } from '#src/lib/session/session-view.ts';
import { useRefreshBattles, type BattleStatus } from './battles.ts';

export type TournamentView = components['schemas']['Tournament'];
export type TournamentStageView = components['schemas']['TournamentStage'];
export type TournamentPreviewView = components['schemas']['TournamentPreview'];
export type TournamentInput = components['schemas']['TournamentInput'];
export type RoundWindow = components['schemas']['RoundWindow'];

// Every tournament call lives under /api/battle-royale, so useRefreshBattles refreshes these too.

export function useTournaments(status: BattleStatus, enabled = true) {
  const { user } = useSessionView();
  const client = user ? secureApi : api;
  return useQuery({
    queryKey: ['get', '/api/battle-royale/tournaments', { status, me: user?.wp_user_id ?? null }],
    queryFn: () =>
      callApi(client.GET('/api/battle-royale/tournaments', { params: { query: { status, limit: 10 } } }), 'Could not load tournaments.'),
    enabled,
  });
}

export function useTournament(id: number) {
  const { user } = useSessionView();
  const client = user ? secureApi : api;
  return useQuery({
    queryKey: ['get', '/api/battle-royale/tournaments/{tournamentId}', { id, me: user?.wp_user_id ?? null }],
    queryFn: () =>
      callApi(
        client.GET('/api/battle-royale/tournaments/{tournamentId}', { params: { path: { tournamentId: id } } }),
        'Could not load this tournament.',
      ),
    enabled: id > 0,
  });
}

export function useTournamentPreview(id: number) {
  return useQuery({
    queryKey: ['get', '/api/battle-royale/tournaments/{tournamentId}/preview', id],
    queryFn: () =>
      callApi(
        api.GET('/api/battle-royale/tournaments/{tournamentId}/preview', { params: { path: { tournamentId: id } } }),
        'Could not load the tournament preview.',
      ),
    enabled: id > 0,
  });
}

export function useCreateTournament() {
  const refresh = useRefreshBattles();
  return useMutation({
    mutationFn: (body: TournamentInput) =>
      callApi(secureApi.POST('/api/battle-royale/tournaments', { body }), 'Could not create the tournament.'),
    onSuccess: refresh,
  });
}

export function useBattleCalendar(enabled: boolean) {
  return useQuery({
    queryKey: ['get', '/api/battle-royale/user/calendar'],
    queryFn: () => callApi(secureApi.GET('/api/battle-royale/user/calendar'), 'Could not load your battle calendar.'),
    enabled,
  });
}

export type BattleBracketView = components['schemas']['BattleBracket'];

/** A bracket stage's bracket for its own battle page (refreshed with every battle query on a room message). */
export function useBattleBracket(battleId: number, enabled: boolean) {
  return useQuery({
    queryKey: ['get', '/api/battle-royale/challenges/{battleId}/bracket', battleId],
    queryFn: () =>
      callApi(
        api.GET('/api/battle-royale/challenges/{battleId}/bracket', { params: { path: { battleId } } }),
        'Could not load the bracket.',
      ),
    enabled: enabled && battleId > 0,
  });
}
