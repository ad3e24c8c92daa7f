import { useEffect, useRef, useState } from 'react';
import { LIVE_SEGMENT_MS } from '#domain/live-stream.ts';
import { LIVE_RETRY_MS } from '#machines/live-attempt.ts';
import { Button } from '#src/components/ui/button.tsx';
import { fetchLiveStream, sendLiveSegment } from '../api/live-streaming.ts';
import { SegmentUploader, type Recorded, type UploaderStatus } from './segment-uploader.ts';

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

/** The athlete's camera on the live screen: a preview, and each segment sent as it is recorded. */
export function CameraStreamer({ attemptId, clockMs }: { attemptId: number; clockMs: () => number }) {
  const [phase, setPhase] = useState<'off' | 'asking' | 'on'>('off');
  const [problem, setProblem] = useState<string | null>(null);
  const [status, setStatus] = useState<UploaderStatus | null>(null);
  const preview = useRef<HTMLVideoElement>(null);
  const stopAll = useRef<() => void>(() => {});
  useEffect(() => () => stopAll.current(), []);

  const start = async () => {
    setProblem(null);
    if (typeof MediaRecorder === 'undefined' || !MediaRecorder.isTypeSupported(STREAM_MIME) || !navigator.mediaDevices?.getUserMedia) {
      setProblem('This browser cannot stream WebM video. Use Chrome, Edge or Firefox to stream your camera.');
      return;
    }
    setPhase('asking');
    let media: MediaStream;
    try {
      media = await navigator.mediaDevices.getUserMedia({ video: CAMERA, audio: true });
    } catch (error) {
      setProblem(cameraProblem(error));
      setPhase('off');
      return;
    }
    let lastSeq = 0;
    try {
      lastSeq = (await fetchLiveStream(attemptId)).last_seq;
    } catch {
      // Unknown: start at 1; a refusal resynchronises.
    }
    const uploader = new SegmentUploader(lastSeq, {
      send: (seq, r: Recorded) => sendLiveSegment(attemptId, seq, r.blob, { atMs: r.atMs, durationMs: r.durationMs }),
      resync: async () => {
        const s = await fetchLiveStream(attemptId);
        return { lastSeq: s.last_seq, live: s.status === 'live' };
      },
      onStatus: setStatus,
      retryMs: LIVE_RETRY_MS,
    });
    const offset = clockMs() - performance.now();
    const stopRecording = recordSegments(media, (blob, startedAt, durationMs) =>
      uploader.add({ blob, atMs: Math.max(0, Math.round(offset + startedAt)), durationMs: Math.max(1, Math.round(durationMs)) }),
    );
    stopAll.current = () => {
      stopRecording();
      media.getTracks().forEach((track) => track.stop());
      uploader.close();
    };
    if (preview.current) preview.current.srcObject = media;
    setPhase('on');
  };

  const stop = () => {
    stopAll.current();
    stopAll.current = () => {};
    if (preview.current) preview.current.srcObject = null;
    setPhase('off');
  };

  return (
    <section className="live-camera" aria-label="Your camera">
      <video
        ref={preview}
        className="live-camera-preview"
        muted
        autoPlay
        playsInline
        hidden={phase !== 'on'}
        aria-label="Your camera preview"
      />
      {phase === 'on' ? (
        <div className="live-camera-bar">
          <p role="status" aria-live="polite" className="live-camera-status">
            {status?.offline
              ? `Reconnecting: ${status.waiting} segment${status.waiting === 1 ? '' : 's'} waiting to send.`
              : `Streaming · ${status?.sent ?? 0} segment${status?.sent === 1 ? '' : 's'} sent`}
            {status?.dropped ? ` · ${status.dropped} dropped (a gap judges will see)` : ''}
          </p>
          <Button size="sm" variant="ghost" onClick={stop}>
            Stop the camera
          </Button>
        </div>
      ) : (
        <Button onClick={() => void start()} loading={phase === 'asking'}>
          Stream my camera
        </Button>
      )}
      {problem || status?.problem ? (
        <p className="error-text" role="alert">
          {problem ?? status?.problem}
        </p>
      ) : null}
    </section>
  );
}
