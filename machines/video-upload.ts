import { assign, fromCallback, fromPromise, setup } from 'xstate';

/** The file being sent, as the chart sees it (the page keeps the File itself). */
export interface UploadFile {
  name: string;
  size: number;
  type: string;
}

/** Where the bytes go: a new upload from init, or one remembered from before a reload. */
export interface UploadTarget {
  videoId: string;
  uploadUrl: string;
  offset: number;
}

export interface VideoUploadContext {
  file: UploadFile | null;
  target: UploadTarget | null;
  /** Bytes the server holds. */
  sent: number;
  problem: string | null;
}

export type VideoUploadEvent =
  | { type: 'upload.choose'; file: UploadFile }
  | { type: 'upload.progress'; sent: number }
  | { type: 'upload.finished' }
  | { type: 'upload.failed'; message: string; retryable: boolean }
  | { type: 'upload.pause' }
  | { type: 'upload.resume' }
  | { type: 'upload.cancel' };

const messageOf = (error: unknown, fallback: string) => (error instanceof Error && error.message ? error.message : fallback);

/**
 * One video upload: choose a file → preparing (SHA-256, then init, or the remembered upload
 * URL after a reload) → sending chunks (tus) ⇄ paused; a dropped connection is `interrupted`
 * (resume continues at the server's offset); a refusal (not a video, checksum, size, quota) is
 * `refused`; the last chunk completes it and the video goes on to processing (`uploaded`).
 */
export const videoUploadMachine = setup({
  types: { context: {} as VideoUploadContext, events: {} as VideoUploadEvent },
  actors: {
    /** Hashes the file and declares it (or finds the upload it already started). */
    prepare: fromPromise<UploadTarget, UploadFile>(async () => {
      throw new Error('prepare not provided');
    }),
    /** Sends the chunks from the target's offset; reports upload.progress / finished / failed. Stopping it aborts the request. */
    transfer: fromCallback<VideoUploadEvent, { target: UploadTarget }>(() => {
      throw new Error('transfer not provided');
    }),
  },
  actions: {
    /** Provided by the page: forget a remembered upload that ended (done or refused). */
    forget: () => {},
  },
}).createMachine({
  id: 'videoUpload',
  context: { file: null, target: null, sent: 0, problem: null },
  initial: 'idle',
  on: {
    'upload.choose': {
      target: '.preparing',
      actions: assign(({ event }) => ({ file: event.file, target: null, sent: 0, problem: null })),
    },
  },
  states: {
    idle: {},
    preparing: {
      tags: ['busy'],
      on: { 'upload.choose': {} },
      invoke: {
        src: 'prepare',
        input: ({ context }) => context.file!,
        onDone: { target: 'sending', actions: assign(({ event }) => ({ target: event.output, sent: event.output.offset })) },
        onError: {
          target: 'refused',
          actions: assign(({ event }) => ({ problem: messageOf(event.error, 'Could not start the upload.') })),
        },
      },
    },
    sending: {
      tags: ['busy'],
      on: {
        'upload.choose': {},
        'upload.progress': { actions: assign(({ event }) => ({ sent: event.sent })) },
        'upload.finished': {
          target: 'uploaded',
          actions: ['forget', assign(({ context }) => ({ sent: context.file?.size ?? context.sent }))],
        },
        'upload.failed': [
          {
            guard: ({ event }) => event.retryable,
            target: 'interrupted',
            actions: assign(({ event }) => ({ problem: event.message })),
          },
          { target: 'refused', actions: ['forget', assign(({ event }) => ({ problem: event.message }))] },
        ],
        'upload.pause': 'paused',
      },
      invoke: { src: 'transfer', input: ({ context }) => ({ target: { ...context.target!, offset: context.sent } }) },
    },
    paused: {
      on: { 'upload.resume': 'sending', 'upload.cancel': { target: 'idle', actions: assign({ file: null, target: null, sent: 0 }) } },
    },
    interrupted: {
      on: {
        'upload.resume': { target: 'sending', actions: assign({ problem: null }) },
        'upload.cancel': { target: 'idle', actions: assign({ file: null, target: null, sent: 0, problem: null }) },
      },
    },
    refused: {
      on: { 'upload.cancel': { target: 'idle', actions: assign({ file: null, target: null, sent: 0, problem: null }) } },
    },
    uploaded: {},
  },
});

export const uploadedVideoId = (c: VideoUploadContext) => c.target?.videoId ?? null;
