import { assertEvent, assign, fromPromise, setup } from 'xstate';

export interface ForgotPasswordContext {
  email: string;
  problem: string | null;
  /** The server's words once the link is on its way. */
  message: string | null;
}

export type ForgotPasswordEvent = { type: 'forgot.update'; email: string } | { type: 'forgot.submit' };

export const FORGOT_MISSING_EMAIL_TEXT = 'Enter the email you signed up with.';

const messageOf = (error: unknown, fallback: string) => (error instanceof Error && error.message ? error.message : fallback);

/** Asking for a reset link: editing → sending → sent, or back with the reason. */
export const forgotPasswordMachine = setup({
  types: {
    context: {} as ForgotPasswordContext,
    events: {} as ForgotPasswordEvent,
  },
  actors: {
    requestPasswordReset: fromPromise<string, string>(async () => {
      throw new Error('requestPasswordReset not provided');
    }),
  },
  actions: {
    update: assign(({ event }) => {
      assertEvent(event, 'forgot.update');
      return { email: event.email };
    }),
    flagMissing: assign({ problem: FORGOT_MISSING_EMAIL_TEXT }),
    clearProblem: assign({ problem: null }),
    keepMessage: assign((_, params: { message: string }) => ({ message: params.message })),
    showFailure: assign((_, params: { error: unknown }) => ({
      problem: messageOf(params.error, 'We could not send the link. Please try again.'),
    })),
  },
  guards: {
    missing: ({ context }) => !context.email.trim(),
  },
}).createMachine({
  id: 'forgotPassword',
  context: { email: '', problem: null, message: null },
  initial: 'editing',
  states: {
    editing: {
      on: {
        'forgot.update': { actions: 'update' },
        'forgot.submit': [
          { guard: 'missing', actions: 'flagMissing' },
          { target: 'sending', actions: 'clearProblem' },
        ],
      },
    },
    sending: {
      tags: ['busy'],
      invoke: {
        id: 'requestPasswordReset',
        src: 'requestPasswordReset',
        input: ({ context }) => context.email.trim(),
        onDone: { target: 'sent', actions: { type: 'keepMessage', params: ({ event }) => ({ message: event.output }) } },
        onError: { target: 'editing', actions: { type: 'showFailure', params: ({ event }) => ({ error: event.error }) } },
      },
    },
    sent: { type: 'final' },
  },
});
