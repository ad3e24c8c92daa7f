import { assertEvent, assign, fromCallback, fromPromise, setup } from 'xstate';
import { LIVE_SEGMENT_QUEUE_MAX } from '#domain/live-stream.ts';

// The athlete's camera on the live screen: off → asking (the browser's camera prompt, then the server's newest
// segment) → streaming → stopped; a camera refused, absent or busy, or a browser that cannot record WebM,
// each has its own state and words. While streaming, recorded segments wait in a queue and go out one at a
// time, in order (sending); a dropped connection waits and tries again (retrying) with the queue kept. A
// segment's number is given when it is first sent, so segments dropped while the server was out of reach
// (past LIVE_SEGMENT_QUEUE_MAX waiting) leave no hole in the numbers: the server marks the gap from their
// times. A lost answer is simply sent again (the server answers a replay of the last segment unchanged).
// A segment that does not fit in the athlete's video storage (413, field `storage`) stops the camera (full):
// the page says so in words, and the tap counter, a chart of its own, keeps counting without video.

/** One recorded segment: a whole WebM file and where it sits on the attempt's clock. */
export interface RecordedSegment {
  blob: Blob;
  atMs: number;
  durationMs: number;
}

export interface QueuedSegment extends RecordedSegment {
  /** Given when first sent. */
  seq?: number;
}

export type CameraFault = 'refused' | 'absent' | 'busy' | 'failed';

export interface CameraStreamContext {
  attemptId: number;
  /** MediaRecorder can record WebM (VP8 + Opus) and getUserMedia exists. */
  supported: boolean;
  queue: QueuedSegment[];
  nextSeq: number;
  sent: number;
  dropped: number;
  /** Why the last segment was refused (too large, not a video), or why streaming stopped. */
  problem: string | null;
  /** The attempt ended while streaming (another tab, the cap): nothing more is taken. */
  ended: boolean;
  /** The last send did not reach the server (kept until one does, so the words do not flicker between tries). */
  offline: boolean;
}

export type CameraStreamEvent =
  | { type: 'camera.start' }
  | { type: 'camera.stop' }
  /** From the recorder: one more segment. */
  | { type: 'segment.recorded'; segment: RecordedSegment };

/** How long the streamer waits before sending again after the connection dropped. */
export const CAMERA_RETRY_MS = 2000;

/** The API client's errors carry the HTTP status; 0 when the server was not reached. */
const statusOf = (error: unknown) => (error && typeof error === 'object' && 'status' in error ? Number(error.status) : -1);
const messageOf = (error: unknown) => (error instanceof Error && error.message ? error.message : 'The segment was refused.');
/** The server's refusal names the field `storage`: the athlete's video storage is full. */
const storageFull = (error: unknown) =>
  statusOf(error) === 413 &&
  !!error &&
  typeof error === 'object' &&
  'fieldErrors' in error &&
  !!(error.fieldErrors as Record<string, string> | undefined)?.storage;
/** Out of reach or the server failing: worth sending again. */
const transient = (error: unknown) => {
  const status = statusOf(error);
  return status === 0 || status >= 500 || status === -1;
};
const faultOf = (error: unknown): CameraFault => {
  const name = error && typeof error === 'object' && 'name' in error ? String(error.name) : '';
  if (name === 'NotAllowedError' || name === 'SecurityError') return 'refused';
  if (name === 'NotFoundError' || name === 'OverconstrainedError') return 'absent';
  if (name === 'NotReadableError') return 'busy';
  return 'failed';
};

/** Adds a segment; past the limit the oldest not yet numbered go (the server records the gap). */
export function enqueue(queue: readonly QueuedSegment[], segment: RecordedSegment): { queue: QueuedSegment[]; dropped: number } {
  const next: QueuedSegment[] = [...queue, segment];
  let dropped = 0;
  while (next.length > LIVE_SEGMENT_QUEUE_MAX) {
    const at = next.findIndex((q) => q.seq === undefined);
    if (at < 0) break;
    next.splice(at, 1);
    dropped += 1;
  }
  return { queue: next, dropped };
}

export const cameraStreamMachine = setup({
  types: {
    context: {} as CameraStreamContext,
    events: {} as CameraStreamEvent,
    input: {} as { attemptId: number; supported: boolean },
  },
  actors: {
    /** Opens the camera (the browser may ask) and reads the newest segment the server has. */
    openCamera: fromPromise<{ lastSeq: number }, { attemptId: number }>(async () => {
      throw new Error('openCamera not provided');
    }),
    /** Records segments while streaming and sends each as `segment.recorded`; stops the camera on exit. */
    recorder: fromCallback(() => () => {}),
    sendSegment: fromPromise<unknown, { attemptId: number; seq: number; segment: RecordedSegment }>(async () => {
      throw new Error('sendSegment not provided');
    }),
    /** After a refusal: the newest segment the server has and whether the attempt is still live. */
    loadStream: fromPromise<{ lastSeq: number; live: boolean }, { attemptId: number }>(async () => {
      throw new Error('loadStream not provided');
    }),
  },
  delays: { CAMERA_RETRY_MS },
  actions: {
    begin: assign((_, params: { lastSeq: number }) => ({
      nextSeq: Math.max(0, Math.floor(params.lastSeq)) + 1,
      queue: [],
      sent: 0,
      dropped: 0,
      problem: null,
      ended: false,
      offline: false,
    })),
    enqueue: assign(({ context, event }) => {
      assertEvent(event, 'segment.recorded');
      const { queue, dropped } = enqueue(context.queue, event.segment);
      return { queue, dropped: context.dropped + dropped };
    }),
    number: assign(({ context }) => {
      const [head, ...rest] = context.queue;
      if (!head || head.seq !== undefined) return {};
      return { queue: [{ ...head, seq: context.nextSeq }, ...rest], nextSeq: context.nextSeq + 1 };
    }),
    sent: assign(({ context }) => ({ queue: context.queue.slice(1), sent: context.sent + 1, problem: null, offline: false })),
    lost: assign({ offline: true }),
    // This segment cannot be taken (too large, not a video): it goes, its number is reused, the rest go on.
    refused: assign(({ context }, params: { error: unknown }) => ({
      queue: context.queue.slice(1),
      nextSeq: context.nextSeq - 1,
      dropped: context.dropped + 1,
      problem: messageOf(params.error),
    })),
    // Out of step with the server: take its numbering. A head it already has goes; otherwise it is numbered again.
    resync: assign(({ context }, params: { lastSeq: number }) => {
      const [head, ...rest] = context.queue;
      const nextSeq = params.lastSeq + 1;
      if (!head) return { nextSeq };
      if (head.seq !== undefined && head.seq <= params.lastSeq) return { nextSeq, queue: rest };
      return { nextSeq, queue: [{ ...head, seq: undefined }, ...rest] };
    }),
    over: assign({ queue: [], ended: true, problem: 'The attempt has ended: the camera stopped streaming.' }),
    // Storage full: nothing more can be kept, so nothing waits; the server's words say how full and what to do.
    full: assign((_, params: { error: unknown }) => ({ queue: [], offline: false, problem: messageOf(params.error) })),
    clear: assign({ queue: [] }),
  },
  guards: {
    supported: ({ context }) => context.supported,
    hasQueue: ({ context }) => context.queue.length > 0,
    transient: (_, params: { error: unknown }) => transient(params.error),
    outOfStep: (_, params: { error: unknown }) => statusOf(params.error) === 409,
    storageFull: (_, params: { error: unknown }) => storageFull(params.error),
    notLive: (_, params: { live: boolean }) => !params.live,
    isFault: (_, params: { error: unknown; fault: CameraFault }) => faultOf(params.error) === params.fault,
  },
}).createMachine({
  id: 'cameraStream',
  context: ({ input }) => ({
    attemptId: input.attemptId,
    supported: input.supported,
    queue: [],
    nextSeq: 1,
    sent: 0,
    dropped: 0,
    problem: null,
    ended: false,
    offline: false,
  }),
  initial: 'off',
  states: {
    off: { on: { 'camera.start': [{ guard: 'supported', target: 'asking' }, { target: 'unsupported' }] } },
    unsupported: {},
    asking: {
      tags: ['busy'],
      invoke: {
        src: 'openCamera',
        input: ({ context }) => ({ attemptId: context.attemptId }),
        onDone: { target: 'streaming', actions: { type: 'begin', params: ({ event }) => ({ lastSeq: event.output.lastSeq }) } },
        onError: [
          { guard: { type: 'isFault', params: ({ event }) => ({ error: event.error, fault: 'refused' }) }, target: 'refused' },
          { guard: { type: 'isFault', params: ({ event }) => ({ error: event.error, fault: 'absent' }) }, target: 'absent' },
          { guard: { type: 'isFault', params: ({ event }) => ({ error: event.error, fault: 'busy' }) }, target: 'busy' },
          { target: 'failed' },
        ],
      },
    },
    refused: { on: { 'camera.start': 'asking' } },
    absent: { on: { 'camera.start': 'asking' } },
    busy: { on: { 'camera.start': 'asking' } },
    failed: { on: { 'camera.start': 'asking' } },
    streaming: {
      tags: ['live'],
      invoke: { src: 'recorder' },
      initial: 'idle',
      on: {
        'segment.recorded': { actions: 'enqueue' },
        'camera.stop': { target: 'stopped', actions: 'clear' },
      },
      states: {
        idle: { always: { guard: 'hasQueue', target: 'sending', actions: 'number' } },
        sending: {
          invoke: {
            id: 'sendSegment',
            src: 'sendSegment',
            input: ({ context }) => ({ attemptId: context.attemptId, seq: context.queue[0]!.seq!, segment: context.queue[0]! }),
            onDone: { target: 'idle', actions: 'sent' },
            onError: [
              { guard: { type: 'transient', params: ({ event }) => ({ error: event.error }) }, target: 'retrying' },
              { guard: { type: 'outOfStep', params: ({ event }) => ({ error: event.error }) }, target: 'resyncing' },
              {
                guard: { type: 'storageFull', params: ({ event }) => ({ error: event.error }) },
                target: '#cameraStream.full',
                actions: { type: 'full', params: ({ event }) => ({ error: event.error }) },
              },
              { target: 'idle', actions: { type: 'refused', params: ({ event }) => ({ error: event.error }) } },
            ],
          },
        },
        retrying: {
          tags: ['offline'],
          entry: 'lost',
          after: { CAMERA_RETRY_MS: { target: 'sending', actions: 'number' } },
        },
        resyncing: {
          invoke: {
            src: 'loadStream',
            input: ({ context }) => ({ attemptId: context.attemptId }),
            onDone: [
              {
                guard: { type: 'notLive', params: ({ event }) => ({ live: event.output.live }) },
                target: '#cameraStream.stopped',
                actions: 'over',
              },
              { target: 'idle', actions: { type: 'resync', params: ({ event }) => ({ lastSeq: event.output.lastSeq }) } },
            ],
            onError: 'retrying',
          },
        },
      },
    },
    stopped: { on: { 'camera.start': 'asking' } },
    /** The athlete's video storage is full: the camera is off; after deleting a video they may start it again. */
    full: { on: { 'camera.start': 'asking' } },
  },
});
