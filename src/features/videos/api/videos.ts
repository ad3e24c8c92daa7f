import { useQuery } from '@tanstack/react-query';
import { secureApi } from '../../../api/client.ts';
import { callApi } from '../../../api/errors.ts';
import type { components } from '../../../../openapi/schema.d.ts';

export type Video = components['schemas']['Video'];
export type VideoPurpose = components['schemas']['VideoPurpose'];

export const MY_VIDEOS_KEY = ['get', '/api/videos/mine'] as const;
export const videoKey = (id: string) => ['get', '/api/videos/{videoId}', id] as const;

/** How often a video still uploading or processing is asked about. */
const PROCESSING_POLL_MS = 1500;

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

export function useMyVideos(enabled: boolean) {
  return useQuery({
    queryKey: MY_VIDEOS_KEY,
    queryFn: () => callApi(secureApi.GET('/api/videos/mine'), 'Could not load your videos.'),
    enabled,
    refetchInterval: (q) => (q.state.data?.videos.some((v) => v.status === 'processing') ? PROCESSING_POLL_MS : false),
  });
}

export const initUpload = (body: components['schemas']['VideoUploadInit']) =>
  callApi(secureApi.POST('/api/videos/upload/init', { body }), 'Could not start the upload.');

export const uploadUrlOf = (videoId: string) =>
  callApi(secureApi.GET('/api/videos/{videoId}/upload-url', { params: { path: { videoId } } }), 'Could not find the upload.');
