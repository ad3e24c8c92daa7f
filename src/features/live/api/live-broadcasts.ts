import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useRealtime } from '#src/lib/realtime.ts';
import { api, secureApi } from '#src/api/client.ts';
import { callApi } from '#src/api/errors.ts';
import type { components } from '#openapi/schema.d.ts';
import { BROADCAST_POLL_MS, BROADCAST_START_POLL_MS } from '#domain/live-broadcasts.ts';
import type { ScheduleRequest } from '#machines/live-broadcast-admin.ts';

export type LiveBroadcastView = components['schemas']['LiveBroadcast'];
export type BoardMoveView = components['schemas']['BoardMove'];

export const CURRENT_BROADCAST_KEY = ['get', '/api/live-broadcasts/current'] as const;
const ADMIN_KEY = ['get', '/api/admin/broadcasts'] as const;

export type CurrentBroadcastView = { broadcast: LiveBroadcastView | null; upcoming: LiveBroadcastView | null; server_time: string };

/** Read again sooner once a scheduled broadcast is a poll away from its start, so the page turns live soon after. */
export function pollEvery(data: CurrentBroadcastView | undefined, readAt: number, now: number): number {
  const at = data && !data.broadcast && data.upcoming?.scheduled_for ? Date.parse(data.upcoming.scheduled_for) : null;
  if (at === null) return BROADCAST_POLL_MS;
  const serverNow = now + (Date.parse(data!.server_time) - readAt);
  return at - serverNow < BROADCAST_POLL_MS ? BROADCAST_START_POLL_MS : BROADCAST_POLL_MS;
}

/**
 * The broadcast live now (null: none) and the next one scheduled (its countdown). Signed-in pages also hear
 * starts and stops over the socket; signed-out ones read again, more often near a start.
 */
export function useCurrentBroadcast() {
  return useQuery({
    queryKey: CURRENT_BROADCAST_KEY,
    queryFn: () => callApi(api.GET('/api/live-broadcasts/current'), 'Could not load the broadcast.'),
    refetchInterval: (q) => pollEvery(q.state.data, q.state.dataUpdatedAt, Date.now()),
  });
}

/** Signed in, the socket's broadcast news replaces the current broadcast at once (no wait for the cached read). */
export function useBroadcastNews() {
  const set = useSetCurrentBroadcast();
  useRealtime(null, (m) => {
    if (m.type === 'broadcast_started' || m.type === 'broadcast_changed') set(m.broadcast);
    else if (m.type === 'broadcast_stopped') set(null);
  });
}

export function useBroadcastTicker(enabled: boolean) {
  return useQuery({
    queryKey: ['get', '/api/live-broadcasts/ticker'],
    queryFn: () => callApi(api.GET('/api/live-broadcasts/ticker'), 'Could not load the board moves.'),
    enabled,
    refetchInterval: 15_000,
  });
}

export const sendBroadcastHeartbeat = (broadcastId: number, viewer: string) =>
  callApi(
    api.POST('/api/live-broadcasts/{broadcastId}/viewers', { params: { path: { broadcastId } }, body: { viewer } }),
    'Could not count you in.',
  );

export function useAdminBroadcasts() {
  return useQuery({
    queryKey: ADMIN_KEY,
    queryFn: () => callApi(secureApi.GET('/api/admin/broadcasts'), 'Could not load the broadcasts.'),
    refetchInterval: 10_000,
  });
}

/** After an administrator's change: the dashboard's lists read again. */
export function useRefreshBroadcasts() {
  const qc = useQueryClient();
  return () => void qc.invalidateQueries({ queryKey: ADMIN_KEY });
}

/**
 * Puts what the server answered a start or stop into the banner's query at once (reading the current
 * broadcast again could be answered from the few seconds' HTTP cache).
 */
export function useSetCurrentBroadcast() {
  const qc = useQueryClient();
  // The server's clock as the page last read it, moved on by this device's time since (the countdown's offset).
  return (broadcast: LiveBroadcastView | null) =>
    qc.setQueryData(CURRENT_BROADCAST_KEY, (old: CurrentBroadcastView | undefined): CurrentBroadcastView => {
      const readAt = qc.getQueryState(CURRENT_BROADCAST_KEY)?.dataUpdatedAt ?? Date.now();
      const serverNow = old ? Date.parse(old.server_time) + (Date.now() - readAt) : Date.now();
      return {
        server_time: new Date(serverNow).toISOString(),
        broadcast,
        // While one is live there is no countdown; after a stop the next read brings the next one's.
        upcoming: broadcast ? null : (old?.upcoming ?? null),
      };
    });
}

export const scheduleBroadcast = (body: ScheduleRequest) =>
  callApi(secureApi.POST('/api/admin/broadcasts', { body }), 'Could not schedule the broadcast.');

const path = (broadcastId: number) => ({ params: { path: { broadcastId } } });

export const startBroadcast = ({ id }: { id: number }) =>
  callApi(secureApi.POST('/api/admin/broadcasts/{broadcastId}/start', path(id)), 'Could not start the broadcast.');

export const stopBroadcast = ({ id }: { id: number }) =>
  callApi(secureApi.POST('/api/admin/broadcasts/{broadcastId}/stop', path(id)), 'Could not stop the broadcast.');

export const cancelBroadcast = ({ id }: { id: number }) =>
  callApi(secureApi.DELETE('/api/admin/broadcasts/{broadcastId}', path(id)), 'Could not cancel the broadcast.');
