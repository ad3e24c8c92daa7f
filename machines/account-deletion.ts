import { assertEvent, assign, fromPromise, setup } from 'xstate';

export interface DeletionScheduled {
  erase_after: string | null;
}

export interface AccountDeletionContext {
  /** The refusal or failure to show beside the current step, in the server's words. */
  error: string | null;
  /** When the account will be erased, once scheduled. */
  eraseAfter: string | null;
}

export type AccountDeletionEvent =
  | { type: 'deletion.begin' }
  | { type: 'deletion.password'; password: string }
  | { type: 'deletion.code'; code: string }
  | { type: 'deletion.back' }
  | { type: 'deletion.cancel' };

export const PASSWORD_MISSING_TEXT = 'Enter your password.';
export const CODE_FORMAT_TEXT = 'Enter the 6-digit code from the email.';

const messageOf = (error: unknown) => (error instanceof Error && error.message ? error.message : 'Something went wrong. Try again.');

/**
 * Deleting the account: the password again (a code is mailed) → the code → scheduled.
 * The app provides sendCode and confirmDeletion; the chart owns the steps and their errors.
 */
export const accountDeletionMachine = setup({
  types: {
    context: {} as AccountDeletionContext,
    events: {} as AccountDeletionEvent,
  },
  actors: {
    sendCode: fromPromise<unknown, { password: string }>(async () => {
      throw new Error('sendCode not provided');
    }),
    confirmDeletion: fromPromise<DeletionScheduled, { code: string }>(async () => {
      throw new Error('confirmDeletion not provided');
    }),
  },
  actions: {
    clearError: assign({ error: null }),
    flagPasswordMissing: assign({ error: PASSWORD_MISSING_TEXT }),
    flagCodeFormat: assign({ error: CODE_FORMAT_TEXT }),
    showError: assign((_, params: { error: unknown }) => ({ error: messageOf(params.error) })),
    keepSchedule: assign((_, params: { output: DeletionScheduled }) => ({ eraseAfter: params.output.erase_after, error: null })),
    /** Provided by the app: the server has ended every session. */
    notifyScheduled: () => {},
  },
  guards: {
    passwordGiven: ({ event }) => {
      assertEvent(event, 'deletion.password');
      return event.password.length > 0;
    },
    codeWellFormed: ({ event }) => {
      assertEvent(event, 'deletion.code');
      return /^\d{6}$/.test(event.code.trim());
    },
  },
}).createMachine({
  id: 'accountDeletion',
  context: { error: null, eraseAfter: null },
  initial: 'idle',
  states: {
    idle: {
      on: { 'deletion.begin': { target: 'enteringPassword', actions: 'clearError' } },
    },
    enteringPassword: {
      on: {
        'deletion.password': [{ guard: 'passwordGiven', target: 'sendingCode' }, { actions: 'flagPasswordMissing' }],
        'deletion.cancel': { target: 'idle', actions: 'clearError' },
      },
    },
    sendingCode: {
      tags: ['busy'],
      invoke: {
        id: 'sendCode',
        src: 'sendCode',
        input: ({ event }) => {
          assertEvent(event, 'deletion.password');
          return { password: event.password };
        },
        onDone: { target: 'enteringCode', actions: 'clearError' },
        onError: { target: 'enteringPassword', actions: { type: 'showError', params: ({ event }) => ({ error: event.error }) } },
      },
    },
    enteringCode: {
      on: {
        'deletion.code': [{ guard: 'codeWellFormed', target: 'confirming' }, { actions: 'flagCodeFormat' }],
        // A new code needs the password again.
        'deletion.back': { target: 'enteringPassword', actions: 'clearError' },
        'deletion.cancel': { target: 'idle', actions: 'clearError' },
      },
    },
    confirming: {
      tags: ['busy'],
      invoke: {
        id: 'confirmDeletion',
        src: 'confirmDeletion',
        input: ({ event }) => {
          assertEvent(event, 'deletion.code');
          return { code: event.code.trim() };
        },
        onDone: {
          target: 'scheduled',
          actions: [{ type: 'keepSchedule', params: ({ event }) => ({ output: event.output }) }, 'notifyScheduled'],
        },
        onError: { target: 'enteringCode', actions: { type: 'showError', params: ({ event }) => ({ error: event.error }) } },
      },
    },
    scheduled: { type: 'final' },
  },
});
