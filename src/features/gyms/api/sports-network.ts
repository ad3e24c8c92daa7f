import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, secureApi } from '#src/api/client.ts';
import { callApi } from '#src/api/errors.ts';
import type { components } from '#openapi/schema.d.ts';

export type Federation = components['schemas']['Federation'];
export type FederationInput = components['schemas']['FederationInput'];
export type League = components['schemas']['League'];
export type LeagueInput = components['schemas']['LeagueInput'];
export type LeagueDetail = components['schemas']['LeagueDetail'];
export type SeasonTable = components['schemas']['SeasonTable'];
export type SeasonRow = SeasonTable['items'][number];

export function useFederations() {
  return useQuery({
    queryKey: ['get', '/api/sports-network/federations'],
    queryFn: () => callApi(api.GET('/api/sports-network/federations'), 'Could not load the federations.'),
  });
}

export function useLeagues() {
  return useQuery({
    queryKey: ['get', '/api/sports-network/leagues'],
    queryFn: () => callApi(api.GET('/api/sports-network/leagues'), 'Could not load the leagues.'),
  });
}

export function useLeague(leagueId: number) {
  return useQuery({
    queryKey: ['get', '/api/sports-network/leagues/{leagueId}', { leagueId }],
    queryFn: () =>
      callApi(api.GET('/api/sports-network/leagues/{leagueId}', { params: { path: { leagueId } } }), 'Could not load the league.'),
    enabled: leagueId > 0,
  });
}

export function useLeagueSeason(leagueId: number) {
  return useQuery({
    queryKey: ['get', '/api/sports-network/leagues/{leagueId}/season', { leagueId }],
    queryFn: () =>
      callApi(
        api.GET('/api/sports-network/leagues/{leagueId}/season', { params: { path: { leagueId } } }),
        'Could not load the season table.',
      ),
    enabled: leagueId > 0,
  });
}

/** Events an editor can attach: those running or coming, then those that ended (latest first). */
export function useEventChoices() {
  return useQuery({
    queryKey: ['get', '/api/events', { choices: true }],
    queryFn: async () => {
      const [open, ended] = await Promise.all([
        callApi(api.GET('/api/events', { params: { query: { limit: 50 } } }), 'Could not load the events.'),
        callApi(api.GET('/api/events', { params: { query: { ended: true, limit: 50 } } }), 'Could not load the events.'),
      ]);
      return [...open.items, ...ended.items].map((e) => ({ id: e.id, name: e.name, ended: e.status === 'closed' }));
    },
  });
}

/** After any change: every sports-network list, league and season table. */
function useRefreshNetwork() {
  const queryClient = useQueryClient();
  return () =>
    queryClient.invalidateQueries({
      predicate: (q) => typeof q.queryKey[1] === 'string' && q.queryKey[1].startsWith('/api/sports-network'),
    });
}

function useNetworkMutation<I, O>(call: (input: I) => Promise<O>) {
  const refresh = useRefreshNetwork();
  return useMutation({ mutationFn: call, onSuccess: () => void refresh() });
}

export const useSaveFederation = () =>
  useNetworkMutation((input: { id?: number; body: FederationInput }) =>
    input.id
      ? callApi(
          secureApi.PUT('/api/sports-network/federations/{federationId}', {
            params: { path: { federationId: input.id } },
            body: input.body,
          }),
          'Could not save the federation.',
        )
      : callApi(secureApi.POST('/api/sports-network/federations', { body: input.body }), 'Could not add the federation.'),
  );

export const useDeleteFederation = () =>
  useNetworkMutation((federationId: number) =>
    callApi(
      secureApi.DELETE('/api/sports-network/federations/{federationId}', { params: { path: { federationId } } }),
      'Could not delete the federation.',
    ),
  );

export const useSaveLeague = () =>
  useNetworkMutation((input: { id?: number; body: LeagueInput }) =>
    input.id
      ? callApi(
          secureApi.PUT('/api/sports-network/leagues/{leagueId}', { params: { path: { leagueId: input.id } }, body: input.body }),
          'Could not save the league.',
        )
      : callApi(secureApi.POST('/api/sports-network/leagues', { body: input.body }), 'Could not add the league.'),
  );

export const useDeleteLeague = () =>
  useNetworkMutation((leagueId: number) =>
    callApi(secureApi.DELETE('/api/sports-network/leagues/{leagueId}', { params: { path: { leagueId } } }), 'Could not delete the league.'),
  );

export const useLeagueGym = () =>
  useNetworkMutation((input: { leagueId: number; gymId: number; remove?: boolean }) =>
    input.remove
      ? callApi(
          secureApi.DELETE('/api/sports-network/leagues/{leagueId}/gyms/{gymId}', {
            params: { path: { leagueId: input.leagueId, gymId: input.gymId } },
          }),
          'Could not remove the gym.',
        )
      : callApi(
          secureApi.POST('/api/sports-network/leagues/{leagueId}/gyms', {
            params: { path: { leagueId: input.leagueId } },
            body: { gym_id: input.gymId },
          }),
          'Could not add the gym.',
        ),
  );

export const useLeagueEvent = () =>
  useNetworkMutation((input: { leagueId: number; eventId: number; remove?: boolean }) =>
    input.remove
      ? callApi(
          secureApi.DELETE('/api/sports-network/leagues/{leagueId}/events/{eventId}', {
            params: { path: { leagueId: input.leagueId, eventId: input.eventId } },
          }),
          'Could not remove the event.',
        )
      : callApi(
          secureApi.POST('/api/sports-network/leagues/{leagueId}/events', {
            params: { path: { leagueId: input.leagueId } },
            body: { event_id: input.eventId },
          }),
          'Could not add the event.',
        ),
  );

export const HISTORY_PAGE_SIZE = 25;

/** The network's audited changes, newest first; `about` is `league-<id>` or `federation-<id>` (or '' for all). */
export function useNetworkChanges(about: string, page: number) {
  const [, subject, id] = /^(league|federation)-(\d+)$/.exec(about) ?? [];
  const query = {
    subject: subject as 'league' | 'federation' | undefined,
    subject_id: id ? Number(id) : undefined,
    limit: HISTORY_PAGE_SIZE,
    offset: (page - 1) * HISTORY_PAGE_SIZE,
  };
  return useQuery({
    queryKey: ['get', '/api/sports-network/changes', query],
    queryFn: () => callApi(secureApi.GET('/api/sports-network/changes', { params: { query } }), 'Could not load the history.'),
    placeholderData: keepPreviousData,
  });
}
