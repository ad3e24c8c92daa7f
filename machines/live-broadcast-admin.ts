import { assertEvent, assign, fromPromise, setup } from 'xstate';
import { broadcastFormProblem, type BroadcastForm } from '../domain/live-broadcasts.ts';

// The administrator's broadcast dashboard: fill the form and schedule a broadcast, then start it, stop the
// live one, or cancel a scheduled one. One call at a time; a refusal is shown in plain words.

export interface BroadcastAdminContext extends BroadcastForm {
  /** Why the form was not scheduled. */
  problem: string | null;
  /** Why a start, stop or cancel was refused. */
  actionProblem: string | null;
  /** The broadcast a start, stop or cancel is running for (its row shows the busy button). */
  acting: number | null;
}

export type BroadcastAdminEvent =
  | { type: 'form.setTitle'; title: string }
  | { type: 'form.setSource'; source: BroadcastForm['source'] }
  | { type: 'form.pickAttempt'; attemptId: number | null }
  | { type: 'form.setStreamUrl'; url: string }
  | { type: 'form.setWhen'; when: string }
  | { type: 'form.submit' }
  | { type: 'broadcast.start'; id: number }
  | { type: 'broadcast.stop'; id: number }
  | { type: 'broadcast.cancel'; id: number };

export interface ScheduleRequest {
  title: string;
  featured_attempt_id: number | null;
  stream_url: string | null;
  scheduled_for: string | null;
}

export type BroadcastAction = 'scheduled' | 'started' | 'stopped' | 'cancelled';

/** What is sent: the trimmed title, exactly one source, the start time in UTC (or none). */
export const scheduleRequest = (c: BroadcastForm): ScheduleRequest => ({
  title: c.title.trim(),
  featured_attempt_id: c.source === 'attempt' ? c.attemptId : null,
  stream_url: c.source === 'stream' ? c.streamUrl.trim() : null,
  scheduled_for: c.scheduledFor ? new Date(c.scheduledFor).toISOString() : null,
});

const EMPTY_FORM: BroadcastForm = { title: '', source: 'attempt', attemptId: null, streamUrl: '', scheduledFor: '' };

const messageOf = (error: unknown, fallback: string) => (error instanceof Error && error.message ? error.message : fallback);

export const broadcastAdminMachine = setup({
  types: {
    context: {} as BroadcastAdminContext,
    events: {} as BroadcastAdminEvent,
  },
  actors: {
    scheduleBroadcast: fromPromise<{ id: number }, ScheduleRequest>(async () => {
      throw new Error('scheduleBroadcast not provided');
    }),
    startBroadcast: fromPromise<unknown, { id: number }>(async () => {
      throw new Error('startBroadcast not provided');
    }),
    stopBroadcast: fromPromise<unknown, { id: number }>(async () => {
      throw new Error('stopBroadcast not provided');
    }),
    cancelBroadcast: fromPromise<unknown, { id: number }>(async () => {
      throw new Error('cancelBroadcast not provided');
    }),
  },
  actions: {
    /** Provided by the page (a toast and a refresh of the lists). */
    notify: (_: unknown, _params: { action: BroadcastAction; id: number }) => {},
  },
  guards: {
    formReady: ({ context }) => broadcastFormProblem(context, Date.now()) === null,
  },
}).createMachine({
  id: 'broadcastAdmin',
  context: { ...EMPTY_FORM, problem: null, actionProblem: null, acting: null },
  initial: 'editing',
  states: {
    editing: {
      on: {
        'form.setTitle': {
          actions: assign(({ event }) => {
            assertEvent(event, 'form.setTitle');
            return { title: event.title };
          }),
        },
        'form.setSource': {
          actions: assign(({ event }) => {
            assertEvent(event, 'form.setSource');
            return { source: event.source, problem: null };
          }),
        },
        'form.pickAttempt': {
          actions: assign(({ event }) => {
            assertEvent(event, 'form.pickAttempt');
            return { attemptId: event.attemptId, problem: null };
          }),
        },
        'form.setStreamUrl': {
          actions: assign(({ event }) => {
            assertEvent(event, 'form.setStreamUrl');
            return { streamUrl: event.url };
          }),
        },
        'form.setWhen': {
          actions: assign(({ event }) => {
            assertEvent(event, 'form.setWhen');
            return { scheduledFor: event.when };
          }),
        },
        'form.submit': [
          { guard: 'formReady', target: 'scheduling', actions: assign({ problem: null }) },
          { actions: assign(({ context }) => ({ problem: broadcastFormProblem(context, Date.now()) })) },
        ],
        'broadcast.start': { target: 'starting', actions: assign(({ event }) => ({ acting: event.id, actionProblem: null })) },
        'broadcast.stop': { target: 'stopping', actions: assign(({ event }) => ({ acting: event.id, actionProblem: null })) },
        'broadcast.cancel': { target: 'cancelling', actions: assign(({ event }) => ({ acting: event.id, actionProblem: null })) },
      },
    },
    scheduling: {
      tags: ['busy'],
      invoke: {
        id: 'scheduleBroadcast',
        src: 'scheduleBroadcast',
        input: ({ context }) => scheduleRequest(context),
        onDone: {
          target: 'editing',
          actions: [{ type: 'notify', params: ({ event }) => ({ action: 'scheduled' as const, id: event.output.id }) }, assign(EMPTY_FORM)],
        },
        onError: {
          target: 'editing',
          actions: assign(({ event }) => ({ problem: messageOf(event.error, 'Could not schedule the broadcast.') })),
        },
      },
    },
    starting: {
      tags: ['busy'],
      invoke: {
        id: 'startBroadcast',
        src: 'startBroadcast',
        input: ({ context }) => ({ id: context.acting! }),
        onDone: {
          target: 'editing',
          actions: [
            { type: 'notify', params: ({ context }) => ({ action: 'started' as const, id: context.acting! }) },
            assign({ acting: null }),
          ],
        },
        onError: {
          target: 'editing',
          actions: assign(({ event }) => ({ actionProblem: messageOf(event.error, 'Could not start the broadcast.'), acting: null })),
        },
      },
    },
    stopping: {
      tags: ['busy'],
      invoke: {
        id: 'stopBroadcast',
        src: 'stopBroadcast',
        input: ({ context }) => ({ id: context.acting! }),
        onDone: {
          target: 'editing',
          actions: [
            { type: 'notify', params: ({ context }) => ({ action: 'stopped' as const, id: context.acting! }) },
            assign({ acting: null }),
          ],
        },
        onError: {
          target: 'editing',
          actions: assign(({ event }) => ({ actionProblem: messageOf(event.error, 'Could not stop the broadcast.'), acting: null })),
        },
      },
    },
    cancelling: {
      tags: ['busy'],
      invoke: {
        id: 'cancelBroadcast',
        src: 'cancelBroadcast',
        input: ({ context }) => ({ id: context.acting! }),
        onDone: {
          target: 'editing',
          actions: [
            { type: 'notify', params: ({ context }) => ({ action: 'cancelled' as const, id: context.acting! }) },
            assign({ acting: null }),
          ],
        },
        onError: {
          target: 'editing',
          actions: assign(({ event }) => ({ actionProblem: messageOf(event.error, 'Could not cancel the broadcast.'), acting: null })),
        },
      },
    },
  },
});
