import { assertEvent, fromPromise, setup } from 'xstate';

export interface HandoffAnswer {
  success: boolean;
  handoff_url?: string | null;
  message?: string | null;
}

export type TimelineHandoffEvent = { type: 'timeline.open'; signedIn: boolean };

/**
 * Opening the community timeline: idle → requesting a signed handoff link →
 * idle, handing the link to the page (which opened the tab inside the click).
 */
export const timelineHandoffMachine = setup({
  types: {
    events: {} as TimelineHandoffEvent,
  },
  actors: {
    requestHandoff: fromPromise<HandoffAnswer, void>(async () => {
      throw new Error('requestHandoff not provided');
    }),
  },
  actions: {
    /** Provided by the page: */
    askToSignIn: () => {},
    openHandoff: (_: unknown, _params: { url: string }) => {},
    notifyRefused: (_: unknown, _params: { message: string | null }) => {},
    notifyFailed: () => {},
  },
  guards: {
    signedIn: ({ event }) => {
      assertEvent(event, 'timeline.open');
      return event.signedIn;
    },
    handoffReady: (_, params: { answer: HandoffAnswer }) => params.answer.success && !!params.answer.handoff_url,
  },
}).createMachine({
  id: 'timelineHandoff',
  initial: 'idle',
  states: {
    idle: {
      on: {
        'timeline.open': [{ guard: 'signedIn', target: 'requesting' }, { actions: 'askToSignIn' }],
      },
    },
    requesting: {
      tags: ['busy'],
      invoke: {
        id: 'requestHandoff',
        src: 'requestHandoff',
        onDone: [
          {
            guard: { type: 'handoffReady', params: ({ event }) => ({ answer: event.output }) },
            target: 'idle',
            actions: { type: 'openHandoff', params: ({ event }) => ({ url: event.output.handoff_url! }) },
          },
          { target: 'idle', actions: { type: 'notifyRefused', params: ({ event }) => ({ message: event.output.message ?? null }) } },
        ],
        onError: { target: 'idle', actions: 'notifyFailed' },
      },
    },
  },
});
