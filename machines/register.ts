import { assertEvent, assign, fromPromise, setup } from 'xstate';
import { MIN_PASSWORD_LENGTH } from '../domain/constants.ts';

export interface RegisterFields {
  email: string;
  display_name: string;
  password: string;
}

export interface RegisterContext {
  fields: RegisterFields;
  /** The box accepting the terms and the privacy policy (signing up records that acceptance). */
  agreed: boolean;
  problem: string | null;
  /** The server's words once the account exists. */
  message: string | null;
}

export type RegisterEvent =
  | { type: 'register.update'; field: keyof RegisterFields; value: string }
  | { type: 'register.agree'; agreed: boolean }
  | { type: 'register.submit' };

export const REGISTER_MISSING_TEXT = 'Fill in your email, name and a password.';
export const REGISTER_CONSENT_TEXT = 'Accept the Terms of Service and the Privacy Policy to create an account.';
export const REGISTER_SHORT_PASSWORD_TEXT = `Use a password of at least ${MIN_PASSWORD_LENGTH} characters.`;

const messageOf = (error: unknown, fallback: string) => (error instanceof Error && error.message ? error.message : fallback);

/** What is sent: email and name trimmed, the password as typed. */
export const registerPayload = (f: RegisterFields): RegisterFields => ({
  email: f.email.trim(),
  display_name: f.display_name.trim(),
  password: f.password,
});

/** Creating an account: editing → submitting → registered, or back with the server's reason. */
export const registerMachine = setup({
  types: {
    context: {} as RegisterContext,
    events: {} as RegisterEvent,
  },
  actors: {
    registerAccount: fromPromise<string, RegisterFields>(async () => {
      throw new Error('registerAccount not provided');
    }),
  },
  actions: {
    update: assign(({ context, event }) => {
      assertEvent(event, 'register.update');
      return { fields: { ...context.fields, [event.field]: event.value } };
    }),
    agree: assign(({ event }) => {
      assertEvent(event, 'register.agree');
      return { agreed: event.agreed };
    }),
    flagNotAgreed: assign({ problem: REGISTER_CONSENT_TEXT }),
    flagMissing: assign({ problem: REGISTER_MISSING_TEXT }),
    flagShortPassword: assign({ problem: REGISTER_SHORT_PASSWORD_TEXT }),
    clearProblem: assign({ problem: null }),
    keepMessage: assign((_, params: { message: string }) => ({ message: params.message })),
    showFailure: assign((_, params: { error: unknown }) => ({
      problem: messageOf(params.error, 'We could not create the account. Please try again.'),
    })),
    /** Provided by the page, which goes straight on to the sign-in code with these credentials: */
    notifyRegistered: (_: unknown, _params: { email: string; password: string; message: string }) => {},
  },
  guards: {
    missing: ({ context: { fields } }) => !fields.email.trim() || !fields.display_name.trim() || !fields.password,
    shortPassword: ({ context }) => context.fields.password.length < MIN_PASSWORD_LENGTH,
    notAgreed: ({ context }) => !context.agreed,
  },
}).createMachine({
  id: 'register',
  context: { fields: { email: '', display_name: '', password: '' }, agreed: false, problem: null, message: null },
  initial: 'editing',
  states: {
    editing: {
      on: {
        'register.update': { actions: 'update' },
        'register.agree': { actions: 'agree' },
        'register.submit': [
          { guard: 'missing', actions: 'flagMissing' },
          { guard: 'shortPassword', actions: 'flagShortPassword' },
          { guard: 'notAgreed', actions: 'flagNotAgreed' },
          { target: 'submitting', actions: 'clearProblem' },
        ],
      },
    },
    submitting: {
      tags: ['busy'],
      invoke: {
        id: 'registerAccount',
        src: 'registerAccount',
        input: ({ context }) => registerPayload(context.fields),
        onDone: {
          target: 'registered',
          actions: [
            { type: 'keepMessage', params: ({ event }) => ({ message: event.output }) },
            {
              type: 'notifyRegistered',
              params: ({ context, event }) => ({
                email: context.fields.email.trim(),
                password: context.fields.password,
                message: event.output,
              }),
            },
          ],
        },
        onError: { target: 'editing', actions: { type: 'showFailure', params: ({ event }) => ({ error: event.error }) } },
      },
    },
    registered: { type: 'final' },
  },
});
