import { assertEvent, assign, fromPromise, setup } from 'xstate';
import type { LegalKind } from '../domain/legal.ts';

export interface LegalPublishContext {
  kind: LegalKind;
  body: string;
  summary: string;
  problem: string | null;
}

export type LegalPublishEvent =
  | { type: 'publish.setKind'; kind: LegalKind }
  | { type: 'publish.setBody'; body: string }
  | { type: 'publish.setSummary'; summary: string }
  | { type: 'publish.submit' };

export interface PublishRequest {
  kind: LegalKind;
  body: { body: string; summary: string };
}

export const PUBLISH_BODY_PROBLEM = 'Write the text of the new version.';

/** What is sent: the text and the summary trimmed. */
export const publishRequest = (c: LegalPublishContext): PublishRequest => ({
  kind: c.kind,
  body: { body: c.body.trim(), summary: c.summary.trim() },
});

const messageOf = (error: unknown, fallback: string) => (error instanceof Error && error.message ? error.message : fallback);

/** An administrator publishing a new version of a legal document: editing → publishing → editing (cleared after a success). */
export const legalPublishMachine = setup({
  types: {
    context: {} as LegalPublishContext,
    events: {} as LegalPublishEvent,
    input: {} as { kind: LegalKind },
  },
  actors: {
    publishDocument: fromPromise<{ version: number }, PublishRequest>(async () => {
      throw new Error('publishDocument not provided');
    }),
  },
  actions: {
    setKind: assign(({ event }) => {
      assertEvent(event, 'publish.setKind');
      return { kind: event.kind, problem: null };
    }),
    setBody: assign(({ event }) => {
      assertEvent(event, 'publish.setBody');
      return { body: event.body };
    }),
    setSummary: assign(({ event }) => {
      assertEvent(event, 'publish.setSummary');
      return { summary: event.summary };
    }),
    /** Provided by the page (a toast). */
    notifyPublished: (_: unknown, _params: { kind: LegalKind; version: number }) => {},
  },
  guards: {
    hasBody: ({ context }) => context.body.trim() !== '',
  },
}).createMachine({
  id: 'legalPublish',
  context: ({ input }) => ({ kind: input.kind, body: '', summary: '', problem: null }),
  initial: 'editing',
  states: {
    editing: {
      on: {
        'publish.setKind': { actions: 'setKind' },
        'publish.setBody': { actions: 'setBody' },
        'publish.setSummary': { actions: 'setSummary' },
        'publish.submit': [
          { guard: 'hasBody', target: 'publishing', actions: assign({ problem: null }) },
          { actions: assign({ problem: PUBLISH_BODY_PROBLEM }) },
        ],
      },
    },
    publishing: {
      tags: ['busy'],
      invoke: {
        id: 'publishDocument',
        src: 'publishDocument',
        input: ({ context }) => publishRequest(context),
        onDone: {
          target: 'editing',
          actions: [
            { type: 'notifyPublished', params: ({ context, event }) => ({ kind: context.kind, version: event.output.version }) },
            assign({ body: '', summary: '' }),
          ],
        },
        onError: { target: 'editing', actions: assign(({ event }) => ({ problem: messageOf(event.error, 'Could not publish.') })) },
      },
    },
  },
});
