import { assertEvent, assign, fromPromise, setup } from 'xstate';
import { WAIVER_AGREE_PROBLEM, WAIVER_NAME_PROBLEM } from '../domain/legal.ts';

export interface WaiverSigningContext {
  version: number;
  fullName: string;
  agreed: boolean;
  problem: string | null;
}

export type WaiverSigningEvent =
  { type: 'waiver.setName'; name: string } | { type: 'waiver.setAgreed'; agreed: boolean } | { type: 'waiver.submit' };

/** The body of POST /api/legal/waiver/signatures, or what is missing in words. */
export function signingRequest(
  c: WaiverSigningContext,
): { body: { version: number; full_name: string; agreed: true } } | { problem: string } {
  const name = c.fullName.trim();
  if (!name) return { problem: WAIVER_NAME_PROBLEM };
  if (!c.agreed) return { problem: WAIVER_AGREE_PROBLEM };
  return { body: { version: c.version, full_name: name, agreed: true } };
}

const messageOf = (error: unknown, fallback: string) => (error instanceof Error && error.message ? error.message : fallback);

/** Signing the current liability waiver on its page: editing → signing → signed (or back with the server's reason). */
export const waiverSigningMachine = setup({
  types: {
    context: {} as WaiverSigningContext,
    events: {} as WaiverSigningEvent,
    input: {} as { version: number },
  },
  actors: {
    signWaiver: fromPromise<unknown, { version: number; full_name: string; agreed: true }>(async () => {
      throw new Error('signWaiver not provided');
    }),
  },
  actions: {
    setName: assign(({ event }) => {
      assertEvent(event, 'waiver.setName');
      return { fullName: event.name };
    }),
    setAgreed: assign(({ event }) => {
      assertEvent(event, 'waiver.setAgreed');
      return { agreed: event.agreed };
    }),
    flagIncomplete: assign(({ context }) => {
      const request = signingRequest(context);
      return { problem: 'problem' in request ? request.problem : null };
    }),
    clearProblem: assign({ problem: null }),
    /** Provided by the page (a toast). */
    notifySigned: () => {},
  },
  guards: {
    complete: ({ context }) => 'body' in signingRequest(context),
  },
}).createMachine({
  id: 'waiverSigning',
  context: ({ input }) => ({ version: input.version, fullName: '', agreed: false, problem: null }),
  initial: 'editing',
  states: {
    editing: {
      on: {
        'waiver.setName': { actions: 'setName' },
        'waiver.setAgreed': { actions: 'setAgreed' },
        'waiver.submit': [{ guard: 'complete', target: 'signing', actions: 'clearProblem' }, { actions: 'flagIncomplete' }],
      },
    },
    signing: {
      tags: ['busy'],
      invoke: {
        id: 'signWaiver',
        src: 'signWaiver',
        input: ({ context }) => {
          const request = signingRequest(context);
          return 'body' in request ? request.body : { version: context.version, full_name: '', agreed: true as const };
        },
        onDone: { target: 'signed', actions: 'notifySigned' },
        onError: { target: 'editing', actions: assign(({ event }) => ({ problem: messageOf(event.error, 'Could not sign the waiver.') })) },
      },
    },
    signed: { type: 'final' },
  },
});
