import { assign, fromPromise, setup } from 'xstate';
import type { ConsentKind } from '../domain/legal.ts';

export interface PendingDocument {
  kind: ConsentKind;
  version: number;
}

export interface ConsentContext {
  documents: PendingDocument[];
  problem: string | null;
}

export type ConsentEvent = { type: 'consent.accept' } | { type: 'consent.signOut' };

/** The body of POST /api/legal/consents: every version waiting, accepted together. */
export const acceptanceBody = (c: Pick<ConsentContext, 'documents'>) => ({
  accept: c.documents.map((d) => ({ kind: d.kind, version: d.version })),
});

const messageOf = (error: unknown, fallback: string) => (error instanceof Error && error.message ? error.message : fallback);

/**
 * The blocking dialog shown when the terms or privacy policy changed since the signed-in account
 * accepted them: reviewing → accepting → accepted, or signing out instead. Nothing else can be done meanwhile.
 */
export const consentMachine = setup({
  types: {
    context: {} as ConsentContext,
    events: {} as ConsentEvent,
    input: {} as { documents: PendingDocument[] },
  },
  actors: {
    acceptConsents: fromPromise<unknown, ReturnType<typeof acceptanceBody>>(async () => {
      throw new Error('acceptConsents not provided');
    }),
  },
  actions: {
    /** Provided by the app: the pending list is asked again (the dialog closes). */
    notifyAccepted: () => {},
    /** Provided by the app: the session signs out. */
    requestSignOut: () => {},
  },
}).createMachine({
  id: 'consent',
  context: ({ input }) => ({ documents: input.documents, problem: null }),
  initial: 'reviewing',
  states: {
    reviewing: {
      on: {
        'consent.accept': { target: 'accepting', actions: assign({ problem: null }) },
        'consent.signOut': { target: 'signingOut' },
      },
    },
    accepting: {
      tags: ['busy'],
      invoke: {
        id: 'acceptConsents',
        src: 'acceptConsents',
        input: ({ context }) => acceptanceBody(context),
        onDone: { target: 'accepted', actions: 'notifyAccepted' },
        onError: {
          target: 'reviewing',
          actions: assign(({ event }) => ({ problem: messageOf(event.error, 'Could not record your acceptance. Please try again.') })),
        },
      },
    },
    accepted: { type: 'final' },
    signingOut: { type: 'final', entry: 'requestSignOut' },
  },
});
