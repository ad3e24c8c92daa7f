import { queryOptions, useQuery } from '@tanstack/react-query';
import { secureApi } from './client.ts';
import { callApi } from './errors.ts';

// The signed-in athlete's videos: the videos page lists them, and the score and qualifying-attempt forms
// offer the ready ones to attach. One query for all (one key, so an upload finishing refreshes every list).

export const MY_VIDEOS_KEY = ['get', '/api/videos/mine'] as const;
/** How often a list with a video still processing is asked again. */
export const PROCESSING_POLL_MS = 1500;

/** `waitingFor`: an upload just made (the score form's), asked for again until it is ready or failed. */
const myVideos = (enabled: boolean, waitingFor: string | null = null) =>
  queryOptions({
    queryKey: MY_VIDEOS_KEY,
    queryFn: () => callApi(secureApi.GET('/api/videos/mine'), 'Could not load your videos.'),
    enabled,
    refetchInterval: (q) => {
      const videos = q.state.data?.videos ?? [];
      const waiting = waitingFor !== null && !videos.some((v) => v.id === waitingFor && (v.status === 'ready' || v.status === 'failed'));
      return waiting || videos.some((v) => v.status === 'processing') ? PROCESSING_POLL_MS : false;
    },
  });

export const useMyVideos = (enabled: boolean, waitingFor: string | null = null) => useQuery(myVideos(enabled, waitingFor));

/** The uploads that finished processing: the ones a result can be submitted with. */
export const useMyReadyVideos = (enabled: boolean) =>
  useQuery({ ...myVideos(enabled), select: (data) => data.videos.filter((v) => v.status === 'ready') });
