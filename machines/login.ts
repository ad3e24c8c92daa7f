import { assertEvent, assign, fromPromise, setup, type DoneActorEvent } from 'xstate';
import type { SessionData } from './session.ts';
import { clockNow } from './clock.ts';

export interface CodeRequest {
  email: string;
  password: string;
}

export interface CodeSent {
  resend_after_seconds: number;
  code_ttl_seconds: number;
}

export interface LoginContext {
  email: string;
  password: string;
  error: string | null;
  /** Seconds before another code may be asked for (from the server). */
  resendAfterSeconds: number;
  /** When the latest code was sent (ms since the epoch, by the actor's clock), for the visible countdown. */
  codeSentAt: number | null;
  /** The resend countdown of the latest code has run out (set by the chart's timer, not by reading a clock in a guard). */
  resendUnlocked: boolean;
  session: SessionData | null;
}

export type LoginEvent =
  | { type: 'login.submitCredentials'; email: string; password: string }
  | { type: 'login.submitCode'; code: string }
  | { type: 'login.resend' }
  | { type: 'login.back' };

const DEFAULT_RESEND_AFTER_SECONDS = 60;

/** Why a call failed, in words; the app's actors reject with Error(detail). */
const messageOf = (error: unknown, fallback: string) => (error instanceof Error && error.message ? error.message : fallback);

/** How long until another code may be asked for. */
export function resendRemainingMs(context: Pick<LoginContext, 'codeSentAt' | 'resendAfterSeconds'>, now: number): number {
  if (context.codeSentAt === null) return 0;
  return Math.max(0, context.codeSentAt + context.resendAfterSeconds * 1000 - now);
}

const credentialsOf = ({ context }: { context: LoginContext }): CodeRequest => ({ email: context.email, password: context.password });

/** Sign-in with email and password, then the mailed one-time code. */
export const loginMachine = setup({
  types: {
    context: {} as LoginContext,
    events: {} as LoginEvent,
    output: {} as SessionData,
  },
  actors: {
    requestCode: fromPromise<CodeSent, CodeRequest>(async () => {
      throw new Error('requestCode not provided');
    }),
    verifyCode: fromPromise<SessionData, { email: string; code: string }>(async () => {
      throw new Error('verifyCode not provided');
    }),
  },
  actions: {
    assignCredentials: assign(({ event }) => {
      assertEvent(event, 'login.submitCredentials');
      return { email: event.email.trim(), password: event.password, error: null };
    }),
    /** A code went out: when, and how long until another may be asked for. */
    recordCodeSent: assign(({ event, system }) => {
      const resendAfterSeconds = (event as unknown as DoneActorEvent<CodeSent>).output.resend_after_seconds;
      return { resendAfterSeconds, codeSentAt: clockNow(system), resendUnlocked: resendAfterSeconds <= 0, error: null };
    }),
    unlockResend: assign({ resendUnlocked: true }),
  },
  guards: {
    credentialsComplete: ({ event }) => {
      assertEvent(event, 'login.submitCredentials');
      return event.email.trim().length > 0 && event.password.length > 0;
    },
    cooldownOver: ({ context }) => context.resendUnlocked,
    codeWellFormed: ({ event }) => {
      assertEvent(event, 'login.submitCode');
      return /^\d{6}$/.test(event.code.trim());
    },
  },
  delays: {
    RESEND_COOLDOWN: ({ context, system }) => resendRemainingMs(context, clockNow(system)),
  },
}).createMachine({
  id: 'login',
  context: {
    email: '',
    password: '',
    error: null,
    resendAfterSeconds: DEFAULT_RESEND_AFTER_SECONDS,
    codeSentAt: null,
    resendUnlocked: true,
    session: null,
  },
  initial: 'credentials',
  states: {
    credentials: {
      on: {
        'login.submitCredentials': [
          { guard: 'credentialsComplete', target: 'requestingCode', actions: 'assignCredentials' },
          { actions: assign({ error: 'Enter your email and password.' }) },
        ],
      },
    },
    requestingCode: {
      tags: ['busy'],
      invoke: {
        id: 'requestCode',
        src: 'requestCode',
        input: credentialsOf,
        onDone: {
          target: 'code',
          actions: 'recordCodeSent',
        },
        onError: {
          target: 'credentials',
          actions: assign(({ event }) => ({ error: messageOf(event.error, 'We could not send a code. Please try again.') })),
        },
      },
    },
    code: {
      initial: 'checkingCooldown',
      states: {
        // Coming back from a wrong code must not restart the resend countdown.
        checkingCooldown: {
          always: [{ guard: 'cooldownOver', target: 'resendReady' }, { target: 'resendLocked' }],
        },
        resendLocked: { after: { RESEND_COOLDOWN: { target: 'resendReady', actions: 'unlockResend' } } },
        resendReady: { on: { 'login.resend': '#login.resendingCode' } },
      },
      on: {
        'login.submitCode': [
          { guard: 'codeWellFormed', target: 'verifying' },
          { actions: assign({ error: 'The code is the 6 digits from the email.' }) },
        ],
        'login.back': { target: 'credentials', actions: assign({ password: '', error: null }) },
      },
    },
    resendingCode: {
      tags: ['busy'],
      invoke: {
        id: 'resendCode',
        src: 'requestCode',
        input: credentialsOf,
        onDone: {
          target: 'code',
          actions: 'recordCodeSent',
        },
        onError: {
          target: 'code',
          actions: assign(({ event }) => ({ error: messageOf(event.error, 'We could not send a new code. Please try again.') })),
        },
      },
    },
    verifying: {
      tags: ['busy'],
      invoke: {
        id: 'verifyCode',
        src: 'verifyCode',
        input: ({ context, event }) => {
          assertEvent(event, 'login.submitCode');
          return { email: context.email, code: event.code.trim() };
        },
        onDone: { target: 'signedIn', actions: assign(({ event }) => ({ session: event.output, password: '' })) },
        onError: {
          target: 'code',
          actions: assign(({ event }) => ({ error: messageOf(event.error, 'That code did not work. Please try again.') })),
        },
      },
    },
    signedIn: {
      type: 'final',
    },
  },
  output: ({ context }) => context.session!,
});
