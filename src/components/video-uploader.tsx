import { useEffect, useRef } from 'react';
import { useSelector } from '@xstate/react';
import { useFlow } from '#src/lib/flow/use-flow.ts';
import { useQueryClient } from '@tanstack/react-query';
import { Button } from '#src/components/ui/button.tsx';
import { FileDropZone } from '#src/components/ui/file-drop-zone.tsx';
import { formatBytes } from '#domain/videos.ts';
import { videoUploadMachine } from '#machines/video-upload.ts';
import { type VideoPurpose } from '#src/api/video-uploads.ts';
import { MY_VIDEOS_KEY } from '#src/api/my-videos.ts';
import { forgetUpload, prepareActor, transferActor } from '#src/lib/upload/tus-transfer.ts';
import { ProgressBar } from '#src/components/ui/progress-bar.tsx';
import './video-uploader.css';

const STATE_WORDS: Record<string, string> = {
  preparing: 'Checking the file…',
  sending: 'Uploading…',
  paused: 'Paused. Resume whenever you like; what was sent is kept.',
  interrupted: 'Interrupted.',
  uploaded: 'Uploaded. Processing starts now.',
};

/**
 * Upload one video, resumably: progress, pause and resume, and a dropped connection or a
 * reload continue where they stopped (choose the same file again). Loaded lazily with tus.
 */
export default function VideoUploader({ purpose, onUploaded }: { purpose: VideoPurpose; onUploaded: (videoId: string) => void }) {
  const fileRef = useRef<File | null>(null);
  const qc = useQueryClient();
  const flow = useFlow(
    videoUploadMachine.provide({
      actors: { prepare: prepareActor(() => fileRef.current, purpose), transfer: transferActor(() => fileRef.current) },
      actions: {
        forget: () => {
          forgetUpload(fileRef.current);
          void qc.invalidateQueries({ queryKey: MY_VIDEOS_KEY });
        },
      },
    }),
  );
  const state = useSelector(flow, (s) => s.value as string);
  const context = useSelector(flow, (s) => s.context);
  const busy = useSelector(flow, (s) => s.hasTag('busy'));
  const uploadedId = state === 'uploaded' ? context.target?.videoId : null;
  useEffect(() => {
    if (uploadedId) onUploaded(uploadedId);
  }, [uploadedId, onUploaded]);
  const size = context.file?.size ?? 0;
  const percent = size ? Math.floor((100 * context.sent) / size) : 0;
  const choose = (file: File | null) => {
    if (!file) return;
    fileRef.current = file;
    flow.send({ type: 'upload.choose', file: { name: file.name, size: file.size, type: file.type } });
  };
  return (
    <section className="video-uploader" aria-label="Upload a video">
      <FileDropZone
        label="Choose a video"
        accept="video/*"
        dropText="Drop a video here, or"
        onFile={choose}
        file={context.file}
        disabled={busy}
        hint="MP4, MOV, WebM and other video files. An interrupted upload resumes when you choose the same file again."
        error={state === 'refused' ? context.problem : undefined}
      />
      {context.file && state !== 'idle' && state !== 'refused' ? (
        <div className="video-upload-status" aria-live="polite">
          <ProgressBar value={percent} label="Upload progress" showValue />
          <p className="muted">
            {STATE_WORDS[state]} {state === 'interrupted' ? context.problem : null} {formatBytes(context.sent)} of {formatBytes(size)}
          </p>
          <div className="video-upload-actions">
            {state === 'sending' ? <Button onClick={() => flow.send({ type: 'upload.pause' })}>Pause</Button> : null}
            {state === 'paused' || state === 'interrupted' ? (
              <Button variant="primary" onClick={() => flow.send({ type: 'upload.resume' })}>
                Resume
              </Button>
            ) : null}
            {state === 'paused' || state === 'interrupted' ? (
              <Button variant="ghost" onClick={() => flow.send({ type: 'upload.cancel' })}>
                Cancel
              </Button>
            ) : null}
          </div>
        </div>
      ) : null}
    </section>
  );
}
