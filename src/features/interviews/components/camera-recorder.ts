// The camera and MediaRecorder behind the video interview: plain words when the camera is refused or absent,
// the best WebM (or MP4) the browser records, and a take as a File ready for the shared tus uploader.

/** A take stops by itself after this long, so one answer stays a short clip. */
export const MAX_TAKE_SECONDS = 120;

const RECORDING_TYPES = ['video/webm;codecs=vp8,opus', 'video/webm;codecs=vp9,opus', 'video/webm', 'video/mp4'];

export function recordingType(): string | undefined {
  if (typeof MediaRecorder === 'undefined') return undefined;
  return RECORDING_TYPES.find((t) => MediaRecorder.isTypeSupported(t));
}

/** What to tell the athlete when the camera cannot be used, by the browser's error name. */
export function cameraProblem(error: unknown): string {
  const name = error instanceof DOMException || error instanceof Error ? error.name : '';
  if (name === 'NotAllowedError' || name === 'SecurityError')
    return 'You did not allow the camera. Allow camera and microphone for this site (the camera icon in the address bar), then try again.';
  if (name === 'NotFoundError' || name === 'OverconstrainedError')
    return 'No camera was found. Connect a camera (or use a phone or laptop that has one), then try again.';
  if (name === 'NotReadableError' || name === 'AbortError')
    return 'The camera is busy: another app or tab is using it. Close that, then try again.';
  return 'The camera could not be opened. Check that one is connected and allowed, then try again.';
}

/** Opens the camera with the microphone (or without, when there is none); throws an Error in plain words. */
export async function openCameraStream(): Promise<MediaStream> {
  if (!navigator.mediaDevices?.getUserMedia || !recordingType())
    throw new Error('This browser cannot record video. Try a current Chrome, Edge, Firefox or Safari.');
  try {
    return await navigator.mediaDevices.getUserMedia({ video: { width: { ideal: 1280 }, height: { ideal: 720 } }, audio: true });
  } catch (error) {
    if (error instanceof DOMException && error.name === 'NotFoundError') {
      try {
        return await navigator.mediaDevices.getUserMedia({ video: true });
      } catch (second) {
        throw new Error(cameraProblem(second));
      }
    }
    throw new Error(cameraProblem(error));
  }
}

/** One take: starts recording the stream at once; `stop()` resolves with what was recorded. */
export function startTake(stream: MediaStream): { stop: () => Promise<Blob> } {
  const type = recordingType();
  const recorder = new MediaRecorder(stream, type ? { mimeType: type } : undefined);
  const parts: Blob[] = [];
  recorder.ondataavailable = (e) => {
    if (e.data.size > 0) parts.push(e.data);
  };
  const stopped = new Promise<Blob>((resolve) => {
    recorder.onstop = () => resolve(new Blob(parts, { type: recorder.mimeType || type || 'video/webm' }));
  });
  recorder.start(1000);
  return {
    stop: () => {
      if (recorder.state !== 'inactive') recorder.stop();
      return stopped;
    },
  };
}

/** The take as a file for the uploader (the content type without codecs, as the upload call expects). */
export function takeFile(take: Blob, questionNumber: number): File {
  const type = take.type.split(';')[0] || 'video/webm';
  const extension = type === 'video/mp4' ? 'mp4' : 'webm';
  return new File([take], `interview-answer-${questionNumber}.${extension}`, { type });
}
