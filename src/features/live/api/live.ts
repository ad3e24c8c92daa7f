import { useQuery, useQueryClient } from '@tanstack/react-query';
import { api, secureApi } from '#src/api/client.ts';
import { callApi } from '#src/api/errors.ts';
import type { components } from '#openapi/schema.d.ts';
import { useSessionView } from '#src/lib/session/session-view.ts';

export type LiveAttemptView = components['schemas']['LiveAttempt'];
export type LiveCountView = components['schemas']['LiveCount'];
export type LiveReaction = components['schemas']['LiveReaction'];

/** Without a socket (signed out), spectator pages read again this often. */
export const LIVE_POLL_MS = 5000;

const isLiveKey = (key: readonly unknown[]) => typeof key[1] === 'string' && key[1].startsWith('/api/live-attempts');

/** Every live query (lists, one attempt, mine): what an end or a start refreshes. */
export function useRefreshLive() {
  const qc = useQueryClient();
  return () => void qc.invalidateQueries({ predicate: (q) => isLiveKey(q.queryKey) });
}

export function useLiveAttempts(challengeId: number | null, opts: { poll: boolean; followed?: boolean }) {
  const followed = opts.followed ?? false;
  return useQuery({
    queryKey: ['get', '/api/live-attempts', { challengeId, followed }],
    queryFn: () => {
      const query = { ...(challengeId ? { challenge_id: challengeId } : {}), ...(followed ? { followed: true } : {}) };
      // Whom the caller follows is theirs: that list is read signed in.
      return callApi((followed ? secureApi : api).GET('/api/live-attempts', { params: { query } }), 'Could not load the live attempts.');
    },
    refetchInterval: opts.poll ? LIVE_POLL_MS : 15_000,
  });
}

export const liveAttemptKey = (id: number) => ['get', '/api/live-attempts/{attemptId}', id] as const;

export function useLiveAttempt(id: number | null, opts: { poll: boolean }) {
  return useQuery({
    queryKey: liveAttemptKey(id ?? 0),
    queryFn: () => fetchLiveAttempt(id!),
    enabled: id !== null,
    refetchInterval: (q) => (opts.poll && q.state.data?.status === 'live' ? LIVE_POLL_MS : false),
  });
}

export function useMyLiveAttempt(challengeId: number | null) {
  const { user } = useSessionView();
  return useQuery({
    queryKey: ['get', '/api/live-attempts/mine', { challengeId, me: user?.wp_user_id ?? null }],
    queryFn: () =>
      callApi(
        secureApi.GET('/api/live-attempts/mine', { params: { query: challengeId ? { challenge_id: challengeId } : {} } }),
        'Could not load your live attempt.',
      ),
    enabled: !!user,
  });
}

export const fetchLiveAttempt = (id: number) =>
  callApi(api.GET('/api/live-attempts/{attemptId}', { params: { path: { attemptId: id } } }), 'Could not load this live attempt.');

export const startLiveAttempt = (challengeId: number) =>
  callApi(secureApi.POST('/api/live-attempts', { body: { challenge_id: challengeId } }), 'Could not start the live attempt.');

export const sendLiveUpdate = (attemptId: number, seq: number, count: number) =>
  callApi(
    secureApi.POST('/api/live-attempts/{attemptId}/update', { params: { path: { attemptId } }, body: { seq, count } }),
    'Could not send the count.',
  );

export const endLiveAttempt = (attemptId: number, body: { finished: boolean; seq: number; count: number }) =>
  callApi(
    secureApi.POST('/api/live-attempts/{attemptId}/end', {
      params: { path: { attemptId } },
      // seq 0: nothing was tapped, so there is no last update to send with the end.
      body: body.seq > 0 ? { finished: body.finished, seq: body.seq, count: body.count } : { finished: body.finished },
    }),
    'Could not end the live attempt.',
  );

export const abandonLiveAttempt = (attemptId: number) =>
  callApi(
    secureApi.POST('/api/live-attempts/{attemptId}/abandon', { params: { path: { attemptId } } }),
    'Could not stop the live attempt.',
  );

export const reactToLiveAttempt = (attemptId: number, emoji: LiveReaction) =>
  callApi(
    secureApi.POST('/api/live-attempts/{attemptId}/reactions', { params: { path: { attemptId } }, body: { emoji } }),
    'Could not send the reaction.',
  );
