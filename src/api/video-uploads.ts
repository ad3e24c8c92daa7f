import { secureApi } from './client.ts';
import { callApi } from './errors.ts';
import type { components } from '#openapi/schema.d.ts';

// The two calls a resumable upload makes before tus takes over (src/lib/upload/tus-transfer.ts): declare a new
// upload, or ask where an unfinished one resumes. Shared by every page that uploads a video.

export type VideoPurpose = components['schemas']['VideoPurpose'];

export const initUpload = (body: components['schemas']['VideoUploadInit']) =>
  callApi(secureApi.POST('/api/videos/upload/init', { body }), 'Could not start the upload.');

export const uploadUrlOf = (videoId: string) =>
  callApi(secureApi.GET('/api/videos/{videoId}/upload-url', { params: { path: { videoId } } }), 'Could not find the upload.');
