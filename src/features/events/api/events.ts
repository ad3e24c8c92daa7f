import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, secureApi } from '#src/api/client.ts';
import { callApi } from '#src/api/errors.ts';
import type { components } from '#openapi/schema.d.ts';
import { useSessionView } from '#src/lib/session/session-view.ts';

export type EventView = components['schemas']['Event'];
export type EventInput = components['schemas']['EventInput'];
export type EventStandings = components['schemas']['EventStandings'];
export type EventStandingRow = components['schemas']['EventStandingRow'];

export function useEvent(id: number | null) {
  return useQuery({
    queryKey: ['get', '/api/events/{eventId}', id],
    queryFn: () => callApi(api.GET('/api/events/{eventId}', { params: { path: { eventId: id! } } }), 'Could not load this event.'),
    enabled: id !== null,
  });
}

/** Running and upcoming events (discovery), or the events a challenge is a workout of. */
export function useEvents(q: { challengeId?: number | null; limit?: number } = {}) {
  const query = q.challengeId ? { challenge_id: q.challengeId } : { limit: q.limit ?? 6 };
  return useQuery({
    queryKey: ['get', '/api/events', query],
    queryFn: () => callApi(api.GET('/api/events', { params: { query } }), 'Could not load events.'),
    enabled: q.challengeId !== null,
  });
}

export function useEventStandings(q: {
  eventId: number;
  category?: string;
  sort: string;
  order: 'asc' | 'desc';
  offset: number;
  limit: number;
}) {
  const { user } = useSessionView();
  const client = user ? secureApi : api;
  return useQuery({
    queryKey: ['get', '/api/events/{eventId}/standings', { ...q, me: user?.wp_user_id ?? null }],
    queryFn: () =>
      callApi(
        client.GET('/api/events/{eventId}/standings', {
          params: {
            path: { eventId: q.eventId },
            query: { category: q.category || undefined, sort: q.sort, order: q.order, offset: q.offset, limit: q.limit },
          },
        }),
        'Could not load the event board.',
      ),
    placeholderData: keepPreviousData,
    refetchInterval: 30_000,
  });
}

/** The signed-in creator's own challenges, to pick an event's workouts from. */
export function useMyCreatedChallenges() {
  return useQuery({
    queryKey: ['get', '/api/challenges/my-created'],
    queryFn: () => callApi(secureApi.GET('/api/challenges/my-created'), 'Could not load your challenges.'),
  });
}

export function useSaveEvent(id: number | null) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: EventInput) =>
      callApi(
        id === null
          ? secureApi.POST('/api/events', { body })
          : secureApi.PUT('/api/events/{eventId}', { params: { path: { eventId: id } }, body }),
        'Could not save the event.',
      ),
    onSuccess: () =>
      void qc.invalidateQueries({ predicate: (q) => typeof q.queryKey[1] === 'string' && q.queryKey[1].startsWith('/api/events') }),
  });
}
