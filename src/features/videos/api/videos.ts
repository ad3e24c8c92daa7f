import { useQuery } from '@tanstack/react-query';
import { secureApi } from '#src/api/client.ts';
import { callApi } from '#src/api/errors.ts';
import type { components } from '#openapi/schema.d.ts';
import { PROCESSING_POLL_MS } from '#src/api/my-videos.ts';

export type Video = components['schemas']['Video'];
export type { VideoPurpose } from '#src/api/video-uploads.ts';

export const videoKey = (id: string) => ['get', '/api/videos/{videoId}', id] as const;

export function useVideo(id: string | null) {
  return useQuery({
    queryKey: videoKey(id ?? ''),
    queryFn: () =>
      callApi(secureApi.GET('/api/videos/{videoId}', { params: { path: { videoId: id ?? '' } } }), 'Could not load the video.'),
    enabled: id !== null,
    refetchInterval: (q) =>
      q.state.data && (q.state.data.status === 'processing' || q.state.data.status === 'uploading') ? PROCESSING_POLL_MS : false,
  });
}
