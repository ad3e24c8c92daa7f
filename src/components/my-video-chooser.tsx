import { lazy, Suspense, useCallback, useState, type ReactNode } from 'react';
import type { useMyVideos } from '#src/api/my-videos.ts';
import { Button } from './ui/button.tsx';
import { Select } from './ui/select.tsx';
import { Pending } from '#src/lib/settled.tsx';

// The resumable uploader (tus) loads when the athlete chooses to upload from the form.
const VideoUploader = lazy(() => import('./video-uploader.tsx'));

/**
 * Chooses one of the signed-in athlete's processed uploads, or uploads a new one here: the score form's video
 * picker and a judged-video battle attempt's share it (each says its own words around it in `notice`). The
 * uploader opens by itself when nothing is ready to choose (and no upload made here is still processing).
 */
export function MyVideoChooser({
  id,
  videos,
  value,
  onChange,
  onUploaded,
  notice,
  uploadPending = false,
}: {
  /** The Select's id. */
  id: string;
  /** The athlete's videos (`useMyVideos`, which the caller may poll while waiting for an upload). */
  videos: ReturnType<typeof useMyVideos>;
  /** The chosen video's id ('' for none). */
  value: string;
  onChange: (videoId: string) => void;
  /** An upload made here finished sending; the server processes it next. */
  onUploaded: (videoId: string) => void;
  /** Said above the choice: an upload processing, one that failed. */
  notice?: ReactNode;
  /** An upload made here is still processing: the uploader does not reopen by itself meanwhile. */
  uploadPending?: boolean;
}) {
  const [uploading, setUploading] = useState(false);
  const uploaded = useCallback(
    (videoId: string) => {
      setUploading(false);
      onUploaded(videoId);
    },
    [onUploaded],
  );
  if (videos.isPending) return <p className="muted">Loading your videos…</p>;
  const ready = (videos.data?.videos ?? []).filter((v) => v.status === 'ready');
  return (
    <>
      {videos.isError ? (
        <p className="error-text" role="alert">
          {videos.error.message}
        </p>
      ) : null}
      {notice}
      {ready.length ? (
        <Select
          id={id}
          label="Video"
          placeholder="Choose a video"
          options={ready.map((v) => ({ value: v.id, label: v.file_name }))}
          value={value}
          onChange={onChange}
        />
      ) : null}
      {uploading || (!ready.length && !uploadPending) ? (
        <Suspense
          fallback={
            <Pending>
              <p className="muted">Loading the uploader…</p>
            </Pending>
          }
        >
          <VideoUploader purpose="score" onUploaded={uploaded} />
        </Suspense>
      ) : (
        <Button size="sm" onClick={() => setUploading(true)}>
          Upload a new video
        </Button>
      )}
    </>
  );
}
