import { assertEvent, assign, fromPromise, setup } from 'xstate';
import { MIN_PASSWORD_LENGTH, RESET_TOKEN_MIN_LENGTH } from '../domain/constants.ts';

export interface PasswordResetInput {
  /** The token from the emailed link. */
  token: string;
}

export interface PasswordResetContext extends PasswordResetInput {
  /** Whose password it is, from the token check. */
  email: string | null;
  password: string;
  confirm: string;
  problem: string | null;
  message: string | null;
}

export type PasswordResetEvent =
  { type: 'reset.update'; field: 'password' | 'confirm'; value: string } | { type: 'reset.submit' } | { type: 'reset.retryCheck' };

export const RESET_SHORT_PASSWORD_TEXT = `Use a password of at least ${MIN_PASSWORD_LENGTH} characters.`;
export const RESET_MISMATCH_TEXT = 'The two passwords are not the same.';

const messageOf = (error: unknown, fallback: string) => (error instanceof Error && error.message ? error.message : fallback);

/**
 * Choosing a new password from an emailed link: the link is checked first
 * (invalid, could not check, or good), then editing → saving → saved.
 */
export const passwordResetMachine = setup({
  types: {
    context: {} as PasswordResetContext,
    events: {} as PasswordResetEvent,
    input: {} as PasswordResetInput,
  },
  actors: {
    checkResetToken: fromPromise<{ valid: boolean; email?: string }, string>(async () => {
      throw new Error('checkResetToken not provided');
    }),
    resetPassword: fromPromise<string, { token: string; password: string }>(async () => {
      throw new Error('resetPassword not provided');
    }),
  },
  actions: {
    update: assign(({ event }) => {
      assertEvent(event, 'reset.update');
      return event.field === 'password' ? { password: event.value } : { confirm: event.value };
    }),
    keepEmail: assign((_, params: { email: string | null }) => ({ email: params.email })),
    flagShort: assign({ problem: RESET_SHORT_PASSWORD_TEXT }),
    flagMismatch: assign({ problem: RESET_MISMATCH_TEXT }),
    clearProblem: assign({ problem: null }),
    keepMessage: assign((_, params: { message: string }) => ({ message: params.message })),
    showFailure: assign((_, params: { error: unknown }) => ({
      problem: messageOf(params.error, 'We could not set the new password. Please try again.'),
    })),
  },
  guards: {
    tokenMalformed: ({ context }) => context.token.length < RESET_TOKEN_MIN_LENGTH,
    tokenValid: (_, params: { valid: boolean }) => params.valid,
    shortPassword: ({ context }) => context.password.length < MIN_PASSWORD_LENGTH,
    mismatch: ({ context }) => context.password !== context.confirm,
  },
}).createMachine({
  id: 'passwordReset',
  context: ({ input }) => ({ token: input.token, email: null, password: '', confirm: '', problem: null, message: null }),
  initial: 'start',
  states: {
    start: {
      always: [{ guard: 'tokenMalformed', target: 'invalid' }, { target: 'checking' }],
    },
    checking: {
      invoke: {
        id: 'checkResetToken',
        src: 'checkResetToken',
        input: ({ context }) => context.token,
        onDone: [
          {
            guard: { type: 'tokenValid', params: ({ event }) => ({ valid: event.output.valid }) },
            target: 'editing',
            actions: { type: 'keepEmail', params: ({ event }) => ({ email: event.output.email ?? null }) },
          },
          { target: 'invalid' },
        ],
        onError: 'checkFailed',
      },
    },
    checkFailed: {
      on: { 'reset.retryCheck': 'checking' },
    },
    invalid: { type: 'final' },
    editing: {
      on: {
        'reset.update': { actions: 'update' },
        'reset.submit': [
          { guard: 'shortPassword', actions: 'flagShort' },
          { guard: 'mismatch', actions: 'flagMismatch' },
          { target: 'saving', actions: 'clearProblem' },
        ],
      },
    },
    saving: {
      tags: ['busy'],
      invoke: {
        id: 'resetPassword',
        src: 'resetPassword',
        input: ({ context }) => ({ token: context.token, password: context.password }),
        onDone: { target: 'saved', actions: { type: 'keepMessage', params: ({ event }) => ({ message: event.output }) } },
        onError: { target: 'editing', actions: { type: 'showFailure', params: ({ event }) => ({ error: event.error }) } },
      },
    },
    saved: { type: 'final' },
  },
});
