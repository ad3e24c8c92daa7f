import { useSelector } from '@xstate/react';
import { useEffect, useRef } from 'react';
import { fromCallback, fromPromise } from 'xstate';
import { LIVE_SEGMENT_MS } from '#domain/live-stream.ts';
import { cameraStreamMachine } from '#machines/camera-stream.ts';
import { Button } from '#src/components/ui/button.tsx';
import { useFlow } from '#src/lib/flow/use-flow.ts';
import { fetchLiveStream, sendLiveSegment } from '../api/live-streaming.ts';

/** WebM with VP8 and Opus: what spectators' players are told to expect. */
export const STREAM_MIME = 'video/webm;codecs=vp8,opus';
const KEY_FRAME_MS = 500;
/** 640×360 at up to 24 frames a second: enough for a judge, light for a phone to encode and send as it records. */
const CAMERA: MediaTrackConstraints = { width: { ideal: 640 }, height: { ideal: 360 }, frameRate: { ideal: 24, max: 30 } };

/** Words for why the camera could not be opened. */
export function cameraProblem(error: unknown): string {
  const name = error instanceof DOMException ? error.name : '';
  if (name === 'NotAllowedError' || name === 'SecurityError')
    return 'Camera permission was refused. Allow the camera and microphone for this site in your browser’s settings, then try again.';
  if (name === 'NotFoundError' || name === 'OverconstrainedError') return 'No camera was found on this device.';
  if (name === 'NotReadableError') return 'The camera is in use by another app. Close it and try again.';
  return 'The camera could not be started. Check your browser allows it and try again.';
}

/**
 * Records the camera in segments of LIVE_SEGMENT_MS, each a whole WebM file: the next recorder starts just
 * before the current one stops, so a spectator can start at any segment. Returns a stop function.
 */
function recordSegments(stream: MediaStream, onSegment: (blob: Blob, startedAt: number, durationMs: number) => void) {
  let stopped = false;
  let current: MediaRecorder | null = null;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const begin = () => {
    // A key frame every half second: a spectator's browser drops the video after a hole (a frame the
    // encoder skipped on a busy phone) until the next key frame, and a segment holds only its first otherwise.
    const recorder = new MediaRecorder(stream, {
      mimeType: STREAM_MIME,
      videoKeyFrameIntervalDuration: KEY_FRAME_MS,
    } as MediaRecorderOptions);
    const chunks: Blob[] = [];
    const startedAt = performance.now();
    recorder.ondataavailable = (e) => {
      if (e.data.size) chunks.push(e.data);
    };
    recorder.onstop = () => {
      if (chunks.length) onSegment(new Blob(chunks, { type: 'video/webm' }), startedAt, performance.now() - startedAt);
    };
    recorder.start();
    current = recorder;
    timer = setTimeout(() => {
      if (stopped) return;
      begin();
      recorder.stop();
    }, LIVE_SEGMENT_MS);
  };
  begin();
  return () => {
    stopped = true;
    clearTimeout(timer);
    if (current && current.state !== 'inactive') current.stop();
  };
}

/** Words for each state the chart can leave the camera in. */
const FAULT_WORDS: Record<string, string> = {
  unsupported: 'This browser cannot stream WebM video. Use Chrome, Edge or Firefox to stream your camera.',
  refused: cameraProblem(new DOMException('', 'NotAllowedError')),
  absent: cameraProblem(new DOMException('', 'NotFoundError')),
  busy: cameraProblem(new DOMException('', 'NotReadableError')),
  failed: cameraProblem(null),
};

const canStream = () =>
  typeof MediaRecorder !== 'undefined' && MediaRecorder.isTypeSupported(STREAM_MIME) && !!navigator.mediaDevices?.getUserMedia;

/** The athlete's camera on the live screen (chart `machines/camera-stream.ts`): a preview, and each segment sent as it is recorded. */
export function CameraStreamer({ attemptId, clockMs }: { attemptId: number; clockMs: () => number }) {
  const preview = useRef<HTMLVideoElement>(null);
  const media = useRef<MediaStream | null>(null);
  const clock = useRef(clockMs);
  clock.current = clockMs;
  const flow = useFlow(
    cameraStreamMachine.provide({
      actors: {
        openCamera: fromPromise(async ({ input }) => {
          const stream = await navigator.mediaDevices.getUserMedia({ video: CAMERA, audio: true });
          media.current = stream;
          // Unknown: start at 1; a refusal resynchronises.
          const lastSeq = await fetchLiveStream(input.attemptId).then(
            (s) => s.last_seq,
            () => 0,
          );
          return { lastSeq };
        }),
        recorder: fromCallback(({ sendBack }) => {
          const stream = media.current;
          if (!stream) return () => {};
          if (preview.current) preview.current.srcObject = stream;
          const offset = clock.current() - performance.now();
          const stopRecording = recordSegments(stream, (blob, startedAt, durationMs) =>
            sendBack({
              type: 'segment.recorded',
              segment: { blob, atMs: Math.max(0, Math.round(offset + startedAt)), durationMs: Math.max(1, Math.round(durationMs)) },
            }),
          );
          return () => {
            stopRecording();
            stream.getTracks().forEach((track) => track.stop());
            media.current = null;
            if (preview.current) preview.current.srcObject = null;
          };
        }),
        sendSegment: fromPromise(async ({ input }) =>
          sendLiveSegment(input.attemptId, input.seq, input.segment.blob, {
            atMs: input.segment.atMs,
            durationMs: input.segment.durationMs,
          }),
        ),
        loadStream: fromPromise(async ({ input }) => {
          const s = await fetchLiveStream(input.attemptId);
          return { lastSeq: s.last_seq, live: s.status === 'live' };
        }),
      },
    }),
    { input: { attemptId, supported: canStream() } },
  );
  // A camera opened while the page was left (the prompt answered late) is closed too.
  useEffect(() => () => media.current?.getTracks().forEach((track) => track.stop()), []);
  const state = useSelector(flow, (s) => (typeof s.value === 'string' ? s.value : 'streaming'));
  const asking = useSelector(flow, (s) => s.hasTag('busy'));
  const offline = useSelector(flow, (s) => s.context.offline);
  const { sent, dropped, problem } = useSelector(flow, (s) => s.context, shallowCounts);
  const waiting = useSelector(flow, (s) => s.context.queue.length);
  const streaming = state === 'streaming';
  const fault = FAULT_WORDS[state] ?? null;

  return (
    <section className="live-camera" aria-label="Your camera">
      <video
        ref={preview}
        className="live-camera-preview"
        muted
        autoPlay
        playsInline
        hidden={!streaming}
        aria-label="Your camera preview"
      />
      {streaming ? (
        <div className="live-camera-bar">
          <p role="status" aria-live="polite" className="live-camera-status">
            {offline
              ? `Connection lost: your video is kept and sent when it returns (${waiting} segment${waiting === 1 ? '' : 's'} waiting).`
              : `Streaming · ${sent} segment${sent === 1 ? '' : 's'} sent`}
            {dropped ? ` · ${dropped} dropped (a gap judges will see)` : ''}
          </p>
          <Button size="sm" variant="ghost" onClick={() => flow.send({ type: 'camera.stop' })}>
            Stop the camera
          </Button>
        </div>
      ) : state === 'unsupported' ? null : (
        <Button onClick={() => flow.send({ type: 'camera.start' })} loading={asking}>
          {state === 'full' ? 'Try the camera again' : 'Stream my camera'}
        </Button>
      )}
      {state === 'full' ? (
        <p role="status">Your video storage is full, so the camera stopped. Keep going: every rep you tap still counts.</p>
      ) : null}
      {fault || problem ? (
        <p className="error-text" role="alert">
          {fault ?? problem}
        </p>
      ) : null}
    </section>
  );
}

/** Re-render on the counts and the problem only, not on every queued blob. */
function shallowCounts(
  a: { sent: number; dropped: number; problem: string | null },
  b: { sent: number; dropped: number; problem: string | null },
) {
  return a.sent === b.sent && a.dropped === b.dropped && a.problem === b.problem;
}
