import { assertEvent, assign, setup } from 'xstate';

export type LoginMode = 'signIn' | 'register';

export interface LoginModeContext {
  /** Which face the page opened on. */
  openedOn: LoginMode;
  /** The email a new account signed up with, filled in for its first sign-in. */
  prefillEmail: string;
  /** What registering said (check the inbox…), shown above the sign-in form. */
  notice: string | null;
}

export type LoginModeEvent =
  { type: 'loginMode.register' } | { type: 'loginMode.signIn' } | { type: 'loginMode.registered'; email: string; message: string };

/**
 * The login page's two faces: signing in (the login chart runs inside it) or creating an
 * account; an account just created comes back to signing in with its email and the
 * server's words.
 */
export const loginModeMachine = setup({
  types: {
    context: {} as LoginModeContext,
    events: {} as LoginModeEvent,
    /** `mode`: the page's ?mode=register opens on the registration form. */
    input: {} as { mode: LoginMode },
  },
  actions: {
    rememberRegistration: assign(({ event }) => {
      assertEvent(event, 'loginMode.registered');
      return { prefillEmail: event.email, notice: event.message };
    }),
  },
  guards: {
    opensOnRegister: ({ context }) => context.openedOn === 'register',
  },
}).createMachine({
  id: 'loginMode',
  context: ({ input }) => ({ openedOn: input.mode, prefillEmail: '', notice: null }),
  initial: 'opening',
  states: {
    opening: {
      always: [{ guard: 'opensOnRegister', target: 'register' }, { target: 'signIn' }],
    },
    signIn: { on: { 'loginMode.register': 'register' } },
    register: {
      on: {
        'loginMode.signIn': 'signIn',
        'loginMode.registered': { target: 'signIn', actions: 'rememberRegistration' },
      },
    },
  },
});
