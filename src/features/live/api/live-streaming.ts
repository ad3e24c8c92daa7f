import { useQuery } from '@tanstack/react-query';
import { api, secureApi } from '#src/api/client.ts';
import { callApi } from '#src/api/errors.ts';
import type { components } from '#openapi/schema.d.ts';
import { LIVE_SEGMENT_MS } from '#domain/live-stream.ts';

export type LiveStreamView = components['schemas']['LiveStream'];
export type LiveSegmentAck = components['schemas']['LiveSegmentAck'];

export const liveStreamKey = (id: number) => ['get', '/api/live-attempts/{attemptId}/segments', id] as const;

/** The camera stream's state; signed out (no socket), read again every segment while live. */
export function useLiveStream(id: number, opts: { poll: boolean; live: boolean }) {
  return useQuery({
    queryKey: liveStreamKey(id),
    queryFn: () => fetchLiveStream(id),
    refetchInterval: opts.live && opts.poll ? LIVE_SEGMENT_MS : false,
  });
}

export const fetchLiveStream = (attemptId: number) =>
  callApi(api.GET('/api/live-attempts/{attemptId}/segments', { params: { path: { attemptId } } }), 'Could not load the live video.');

/** One segment's bytes, to append to the player. */
export const fetchLiveSegment = (attemptId: number, seq: number) =>
  callApi(
    api.GET('/api/live-attempts/{attemptId}/segments/{seq}', { params: { path: { attemptId, seq } }, parseAs: 'arrayBuffer' }),
    'Could not load the live video.',
  ) as Promise<ArrayBuffer>;

/** Sends the athlete's next segment (a whole WebM file) with when it was recorded. */
export const sendLiveSegment = (attemptId: number, seq: number, bytes: Blob, timing: { atMs: number; durationMs: number }) =>
  callApi(
    secureApi.POST('/api/live-attempts/{attemptId}/segments/{seq}', {
      params: { path: { attemptId, seq }, query: { at_ms: timing.atMs, duration_ms: timing.durationMs } },
      body: bytes as unknown as string,
      bodySerializer: (b: unknown) => b as Blob,
      headers: { 'content-type': 'video/webm' },
    }),
    'Could not send the video.',
  );
