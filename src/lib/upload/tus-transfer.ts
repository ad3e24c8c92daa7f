import { Upload, type DetailedError, type HttpRequest } from 'tus-js-client';
import { fromCallback, fromPromise } from 'xstate';
import { sessionCredentials } from '#src/api/client.ts';
import { uploadChunkSize } from '#domain/videos.ts';
import type { UploadFile, UploadTarget, VideoUploadEvent } from '#machines/video-upload.ts';
import { initUpload, uploadUrlOf, type VideoPurpose } from '#src/api/video-uploads.ts';
import { sha256OfBlob } from './sha256.ts';

/** tus retries a dropped chunk after these waits before the upload shows as interrupted. */
const RETRY_DELAYS_MS = [1000, 3000];
const STORE_KEY = 'video-uploads';

/** The same file chosen again (after a reload) is recognised by name, size and date. */
const fingerprint = (file: File) => `${file.name}:${file.size}:${file.lastModified}`;

type Remembered = Record<string, { videoId: string }>;

function remembered(): Remembered {
  try {
    return JSON.parse(localStorage.getItem(STORE_KEY) ?? '{}') as Remembered;
  } catch {
    return {};
  }
}

function remember(file: File, videoId: string | null) {
  const all = remembered();
  if (videoId) all[fingerprint(file)] = { videoId };
  else delete all[fingerprint(file)];
  try {
    localStorage.setItem(STORE_KEY, JSON.stringify(all));
  } catch {
    // No lasting storage (a private window, a cross-site frame): a reload starts over.
  }
}

/** Forgets the upload of this file (finished or refused). */
export const forgetUpload = (file: File | null) => file && remember(file, null);

/**
 * Finds the upload this file already started (kept across reloads), or hashes it and
 * declares a new one.
 */
export function prepareActor(getFile: () => File | null, purpose: VideoPurpose) {
  return fromPromise<UploadTarget, UploadFile>(async () => {
    const file = getFile();
    if (!file) throw new Error('Choose a video file first.');
    const known = remembered()[fingerprint(file)];
    if (known) {
      try {
        const state = await uploadUrlOf(known.videoId);
        return { videoId: known.videoId, uploadUrl: state.upload_url, offset: state.offset };
      } catch {
        remember(file, null);
      }
    }
    const checksum = await sha256OfBlob(file);
    const started = await initUpload({
      file_name: file.name.slice(0, 200) || 'video',
      size_bytes: file.size,
      content_type: file.type || 'application/octet-stream',
      purpose,
      checksum_sha256: checksum,
    });
    remember(file, started.video.id);
    return { videoId: started.video.id, uploadUrl: started.upload_url, offset: started.offset };
  });
}

/** Each tus request carries the session's credentials, like every other call. */
function authorize(req: HttpRequest) {
  const { token, csrf } = sessionCredentials();
  if (token) req.setHeader('Authorization', `Bearer ${token}`);
  if (csrf) req.setHeader('X-CSRF-Token', csrf);
}

function failure(error: Error | DetailedError): { message: string; retryable: boolean } {
  const response = 'originalResponse' in error ? error.originalResponse : null;
  const status = response?.getStatus() ?? 0;
  let detail: string | null = null;
  try {
    detail = (JSON.parse(response?.getBody() ?? '') as { detail?: string }).detail ?? null;
  } catch {
    detail = null;
  }
  // No answer, a server fault or an expired token: the bytes so far are safe, resuming continues.
  const retryable = status === 0 || status >= 500 || status === 401 || status === 409 || status === 423;
  return {
    message: retryable ? 'The connection dropped. Resume to continue where it stopped.' : (detail ?? 'The upload was refused.'),
    retryable,
  };
}

/** Sends the file's chunks over tus from the server's offset; stopping the actor aborts the request. */
export function transferActor(getFile: () => File | null) {
  return fromCallback<VideoUploadEvent, { target: UploadTarget }>(({ input, sendBack }) => {
    const file = getFile();
    if (!file) {
      sendBack({ type: 'upload.failed', message: 'Choose the file again to resume.', retryable: false });
      return () => {};
    }
    const upload = new Upload(file, {
      uploadUrl: input.target.uploadUrl,
      chunkSize: uploadChunkSize(file.size),
      retryDelays: RETRY_DELAYS_MS,
      storeFingerprintForResuming: false,
      onBeforeRequest: authorize,
      onProgress: (sent) => sendBack({ type: 'upload.progress', sent }),
      onSuccess: () => sendBack({ type: 'upload.finished' }),
      onError: (error) => sendBack({ type: 'upload.failed', ...failure(error) }),
    });
    upload.start();
    return () => void upload.abort();
  });
}

/**
 * Uploads a whole file (a recorded clip) over tus in one go: hashes it, declares it, sends its chunks with the
 * same retries, and resolves with the video's id; rejects with the words to show. `onProgress` gets bytes sent.
 */
export async function uploadFile(file: File, purpose: VideoPurpose, onProgress?: (sent: number) => void): Promise<string> {
  const checksum = await sha256OfBlob(file);
  const started = await initUpload({
    file_name: file.name.slice(0, 200) || 'video',
    size_bytes: file.size,
    content_type: file.type || 'application/octet-stream',
    purpose,
    checksum_sha256: checksum,
  });
  await new Promise<void>((resolve, reject) => {
    const upload = new Upload(file, {
      uploadUrl: started.upload_url,
      chunkSize: uploadChunkSize(file.size),
      retryDelays: RETRY_DELAYS_MS,
      storeFingerprintForResuming: false,
      onBeforeRequest: authorize,
      onProgress: (sent) => onProgress?.(sent),
      onSuccess: () => resolve(),
      onError: (error) => reject(new Error(failure(error).message)),
    });
    upload.start();
  });
  return started.video.id;
}
