import { cameraStreamMachine } from '#machines/camera-stream.ts';
import { defineSamples } from '../samples.ts';

/** The API client's errors: status 0 when the server was not reached. */
const unreachable = Object.assign(new Error('Network error. Please check your connection.'), { status: 0 });
const outOfStep = Object.assign(new Error('Segments go in order: send segment 4 next, not 6.'), { status: 409 });
const tooBig = Object.assign(new Error('A segment is at most 4 MB.'), { status: 413 });
const storageFull = Object.assign(new Error('This live video does not fit in your storage: 5120 MB of 5120 MB used.'), {
  status: 413,
  fieldErrors: { storage: 'This live video does not fit in your storage: 5120 MB of 5120 MB used.' },
});
const segment = { blob: new Blob(['webm']), atMs: 4000, durationMs: 2000 };

/** A browser that can stream and one that cannot; the camera opens, is refused, absent, busy or fails. */
export default defineSamples({
  machine: cameraStreamMachine,
  inputs: [
    { attemptId: 7, supported: true },
    { attemptId: 7, supported: false },
  ],
  events: {
    'camera.start': [{ type: 'camera.start' }],
    'camera.stop': [{ type: 'camera.stop' }],
    'segment.recorded': [{ type: 'segment.recorded', segment }],
  },
  actors: {
    openCamera: {
      output: { lastSeq: 2 },
      errors: [
        new DOMException('Permission denied', 'NotAllowedError'),
        new DOMException('Requested device not found', 'NotFoundError'),
        new DOMException('Could not start video source', 'NotReadableError'),
        new Error('Something else'),
      ],
    },
    sendSegment: { output: { seq: 3 }, errors: [unreachable, outOfStep, tooBig, storageFull] },
    loadStream: {
      outputs: [
        { lastSeq: 3, live: true },
        { lastSeq: 3, live: false },
      ],
      error: unreachable,
    },
  },
  stateContext: (c) => ({
    supported: c.supported,
    waiting: Math.min(c.queue.length, 2),
    numbered: c.queue[0]?.seq !== undefined,
    sent: c.sent > 0,
    dropped: c.dropped > 0,
    problem: c.problem !== null,
    ended: c.ended,
    offline: c.offline,
  }),
});
