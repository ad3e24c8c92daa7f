import { useQuery } from '@tanstack/react-query';
import { api, secureApi } from '#src/api/client.ts';
import { callApi } from '#src/api/errors.ts';
import type { components } from '#openapi/schema.d.ts';
import { useSessionView } from '#src/lib/session/session-view.ts';
import { useRealtime, useRealtimeReconnect } from '#src/lib/realtime.ts';

export type HomeFeed = components['schemas']['HomeFeed'];
export type HomeLeader = components['schemas']['HomeLeader'];
export type HomeRecord = components['schemas']['HomeRecord'];
export type Challenge = components['schemas']['Challenge'];
export type MySubmission = components['schemas']['MySubmission'];

/** How often the home page asks for the live data again (there is no public socket room). */
export const HOME_REFRESH_MS = 30_000;

const HOME_FEED_KEY = ['get', '/api/challenges/home'] as const;

/**
 * The public live data: open challenges, today's leaders, the newest records. Refetched every
 * 30 s while the page is visible; a signed-in athlete's own record (heard on their socket) asks at once.
 */
export function useHomeFeed() {
  const query = useQuery({
    queryKey: HOME_FEED_KEY,
    queryFn: () => callApi(api.GET('/api/challenges/home'), 'The live board could not be loaded.'),
    refetchInterval: HOME_REFRESH_MS,
    refetchIntervalInBackground: false,
    staleTime: 10_000,
  });
  const { refetch } = query;
  useRealtime(null, (message) => {
    if (message.type === 'PERSONAL_RECORD_ACHIEVED' || message.type === 'progress_update') void refetch();
  });
  useRealtimeReconnect(() => void refetch());
  return query;
}

/** The signed-in athlete's challenges and submissions, for the summary card (nothing asked when signed out). */
export function useAccountSummary() {
  const { user } = useSessionView();
  const enabled = !!user;
  const challenges = useQuery({
    queryKey: ['get', '/api/challenges/my-participating', user?.wp_user_id],
    queryFn: () => callApi(secureApi.GET('/api/challenges/my-participating'), 'Your challenges could not be loaded.'),
    enabled,
  });
  const submissions = useQuery({
    queryKey: ['get', '/api/challenges/my-submissions', user?.wp_user_id],
    queryFn: () => callApi(secureApi.GET('/api/challenges/my-submissions'), 'Your results could not be loaded.'),
    enabled,
  });
  return { user, challenges, submissions };
}
