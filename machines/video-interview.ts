import { assertEvent, assign, fromPromise, setup } from 'xstate';

/**
 * An athlete's video interview, one clip per question: starting (a new one, or resuming one by id) →
 * camera (asking the browser for the camera; refused or absent → noCamera, with plain words and a retry) →
 * ready (the question and the live preview) → recording → preview (watch the take; re-take, or send it) →
 * uploading (tus, through the video pipeline) → attaching (the clip answers the question) → ready for the
 * next question … → finished (every question answered; private) → saving → onProfile, or private again.
 * A failed upload or attach keeps the take, with the server's reason, so sending again needs no re-take.
 */
export interface VideoInterviewView {
  id: number;
  status: 'open' | 'finished';
  visibility: 'private' | 'profile';
  current_question_id: number | null;
}

export interface VideoInterviewInput {
  /** The interview to resume; null starts a new one. */
  resumeId: number | null;
}

export interface VideoInterviewContext {
  resumeId: number | null;
  interview: VideoInterviewView | null;
  /** The take being previewed (its bytes stay with the page; the chart knows only that there is one). */
  takeBytes: number;
  /** The uploaded clip of the take, once tus has it (so a failed attach does not upload again). */
  clipId: string | null;
  problem: string | null;
}

export type VideoInterviewEvent =
  | { type: 'record.start' }
  | { type: 'record.done'; bytes: number }
  | { type: 'record.retake' }
  | { type: 'record.send' }
  | { type: 'camera.retry' }
  | { type: 'interview.retry' }
  | { type: 'interview.show' }
  | { type: 'interview.hide' };

export const EMPTY_TAKE = 'Nothing was recorded. Check the camera, then record the answer again.';

const failureText = (error: unknown, fallback: string) => (error instanceof Error && error.message ? error.message : fallback);
const isFinished = (i: VideoInterviewView) => i.status === 'finished' || i.current_question_id === null;

export const videoInterviewMachine = setup({
  types: {
    context: {} as VideoInterviewContext,
    events: {} as VideoInterviewEvent,
    input: {} as VideoInterviewInput,
  },
  actors: {
    startInterview: fromPromise<VideoInterviewView, { resumeId: number | null }>(async () => {
      throw new Error('startInterview not provided');
    }),
    /** Asks for the camera and microphone; rejects with the words to show when refused or absent. */
    openCamera: fromPromise<void, void>(async () => {
      throw new Error('openCamera not provided');
    }),
    /** Uploads the current take over tus; resolves with the video's id. */
    uploadTake: fromPromise<string, { interviewId: number; questionId: number }>(async () => {
      throw new Error('uploadTake not provided');
    }),
    attachClip: fromPromise<VideoInterviewView, { interviewId: number; questionId: number; videoId: string }>(async () => {
      throw new Error('attachClip not provided');
    }),
    setVisibility: fromPromise<VideoInterviewView, { interviewId: number; visibility: 'private' | 'profile' }>(async () => {
      throw new Error('setVisibility not provided');
    }),
  },
  actions: {
    keepInterview: assign((_, params: { interview: VideoInterviewView }) => ({
      interview: params.interview,
      resumeId: params.interview.id,
      problem: null,
    })),
    nextQuestion: assign((_, params: { interview: VideoInterviewView }) => ({
      interview: params.interview,
      takeBytes: 0,
      clipId: null,
      problem: null,
    })),
    keepTake: assign(({ event }) => {
      assertEvent(event, 'record.done');
      return { takeBytes: event.bytes, clipId: null, problem: null };
    }),
    dropTake: assign({ takeBytes: 0, clipId: null, problem: null }),
    emptyTake: assign({ takeBytes: 0, clipId: null, problem: EMPTY_TAKE }),
    keepClip: assign((_, params: { clipId: string }) => ({ clipId: params.clipId })),
    clearProblem: assign({ problem: null }),
    showFailure: assign((_, params: { error: unknown; fallback: string }) => ({ problem: failureText(params.error, params.fallback) })),
  },
  guards: {
    finishedNow: (_, params: { interview: VideoInterviewView }) => isFinished(params.interview),
    onProfile: (_, params: { interview: VideoInterviewView }) => params.interview.visibility === 'profile',
    tookSomething: ({ event }) => event.type === 'record.done' && event.bytes > 0,
    uploaded: ({ context }) => context.clipId !== null,
  },
}).createMachine({
  id: 'videoInterview',
  context: ({ input }) => ({ resumeId: input.resumeId, interview: null, takeBytes: 0, clipId: null, problem: null }),
  initial: 'starting',
  states: {
    starting: {
      tags: ['busy'],
      invoke: {
        id: 'startInterview',
        src: 'startInterview',
        input: ({ context }) => ({ resumeId: context.resumeId }),
        onDone: [
          {
            guard: { type: 'onProfile', params: ({ event }) => ({ interview: event.output }) },
            target: 'onProfile',
            actions: { type: 'keepInterview', params: ({ event }) => ({ interview: event.output }) },
          },
          {
            guard: { type: 'finishedNow', params: ({ event }) => ({ interview: event.output }) },
            target: 'finished',
            actions: { type: 'keepInterview', params: ({ event }) => ({ interview: event.output }) },
          },
          { target: 'camera', actions: { type: 'keepInterview', params: ({ event }) => ({ interview: event.output }) } },
        ],
        onError: {
          target: 'failed',
          actions: { type: 'showFailure', params: ({ event }) => ({ error: event.error, fallback: 'Could not start the interview.' }) },
        },
      },
    },
    failed: {
      on: { 'interview.retry': { target: 'starting', actions: 'clearProblem' } },
    },
    camera: {
      tags: ['busy'],
      invoke: {
        id: 'openCamera',
        src: 'openCamera',
        onDone: { target: 'ready', actions: 'clearProblem' },
        onError: {
          target: 'noCamera',
          actions: { type: 'showFailure', params: ({ event }) => ({ error: event.error, fallback: 'The camera could not be opened.' }) },
        },
      },
    },
    noCamera: {
      on: { 'camera.retry': { target: 'camera', actions: 'clearProblem' } },
    },
    ready: {
      on: { 'record.start': { target: 'recording', actions: 'clearProblem' } },
    },
    recording: {
      tags: ['recording'],
      on: {
        'record.done': [
          { guard: 'tookSomething', target: 'preview', actions: 'keepTake' },
          { target: 'ready', actions: 'emptyTake' },
        ],
      },
    },
    preview: {
      on: {
        'record.retake': { target: 'ready', actions: 'dropTake' },
        'record.send': [
          { guard: 'uploaded', target: 'attaching', actions: 'clearProblem' },
          { target: 'uploading', actions: 'clearProblem' },
        ],
      },
    },
    uploading: {
      tags: ['busy'],
      invoke: {
        id: 'uploadTake',
        src: 'uploadTake',
        input: ({ context }) => ({ interviewId: context.interview!.id, questionId: context.interview!.current_question_id! }),
        onDone: { target: 'attaching', actions: { type: 'keepClip', params: ({ event }) => ({ clipId: event.output }) } },
        onError: {
          target: 'preview',
          actions: { type: 'showFailure', params: ({ event }) => ({ error: event.error, fallback: 'The upload stopped.' }) },
        },
      },
    },
    attaching: {
      tags: ['busy'],
      invoke: {
        id: 'attachClip',
        src: 'attachClip',
        input: ({ context }) => ({
          interviewId: context.interview!.id,
          questionId: context.interview!.current_question_id!,
          videoId: context.clipId!,
        }),
        onDone: [
          {
            guard: { type: 'finishedNow', params: ({ event }) => ({ interview: event.output }) },
            target: 'finished',
            actions: { type: 'nextQuestion', params: ({ event }) => ({ interview: event.output }) },
          },
          { target: 'ready', actions: { type: 'nextQuestion', params: ({ event }) => ({ interview: event.output }) } },
        ],
        onError: {
          target: 'preview',
          actions: { type: 'showFailure', params: ({ event }) => ({ error: event.error, fallback: 'Could not save the answer.' }) },
        },
      },
    },
    finished: {
      on: { 'interview.show': { target: 'showing', actions: 'clearProblem' } },
    },
    showing: {
      tags: ['busy'],
      invoke: {
        id: 'setVisibility',
        src: 'setVisibility',
        input: ({ context }) => ({ interviewId: context.interview!.id, visibility: 'profile' as const }),
        onDone: { target: 'onProfile', actions: { type: 'keepInterview', params: ({ event }) => ({ interview: event.output }) } },
        onError: {
          target: 'finished',
          actions: { type: 'showFailure', params: ({ event }) => ({ error: event.error, fallback: 'Could not publish the interview.' }) },
        },
      },
    },
    onProfile: {
      on: { 'interview.hide': { target: 'hiding', actions: 'clearProblem' } },
    },
    hiding: {
      tags: ['busy'],
      invoke: {
        id: 'hideInterview',
        src: 'setVisibility',
        input: ({ context }) => ({ interviewId: context.interview!.id, visibility: 'private' as const }),
        onDone: { target: 'finished', actions: { type: 'keepInterview', params: ({ event }) => ({ interview: event.output }) } },
        onError: {
          target: 'onProfile',
          actions: {
            type: 'showFailure',
            params: ({ event }) => ({ error: event.error, fallback: 'Could not make the interview private.' }),
          },
        },
      },
    },
  },
});
