import { assertEvent, assign, fromPromise, setup } from 'xstate';
import { APPEAL_REASON } from '../domain/judging.ts';

export interface VerdictAppealContext {
  reason: string;
  problem: string | null;
}

export type VerdictAppealEvent =
  { type: 'appeal.open' } | { type: 'appeal.edit'; value: string } | { type: 'appeal.submit' } | { type: 'appeal.cancel' };

export const APPEAL_TOO_SHORT_TEXT = `Say what the judge got wrong (at least ${APPEAL_REASON.min} characters).`;

const messageOf = (error: unknown, fallback: string) => (error instanceof Error && error.message ? error.message : fallback);

/**
 * An athlete appeals a judge's verdict on their video, once: closed → open with a
 * reason → sending → sent, or back to open with the server's words. Closing keeps
 * what was typed; the page takes the form away once the score shows as appealed.
 */
export const verdictAppealMachine = setup({
  types: {
    context: {} as VerdictAppealContext,
    events: {} as VerdictAppealEvent,
  },
  actors: {
    sendAppeal: fromPromise<unknown, { reason: string }>(async () => {
      throw new Error('sendAppeal not provided');
    }),
  },
  actions: {
    edit: assign(({ event }) => {
      assertEvent(event, 'appeal.edit');
      return { reason: event.value.slice(0, APPEAL_REASON.max) };
    }),
    flagTooShort: assign({ problem: APPEAL_TOO_SHORT_TEXT }),
    clearProblem: assign({ problem: null }),
    showFailure: assign((_, params: { error: unknown }) => ({ problem: messageOf(params.error, 'Could not send the appeal.') })),
    /** Provided by the page: say it went, and refresh the verdicts. */
    notifySent: () => {},
  },
  guards: {
    reasonLongEnough: ({ context }) => context.reason.trim().length >= APPEAL_REASON.min,
  },
}).createMachine({
  id: 'verdictAppeal',
  context: { reason: '', problem: null },
  initial: 'closed',
  states: {
    closed: { on: { 'appeal.open': 'open' } },
    open: {
      on: {
        'appeal.edit': { actions: 'edit' },
        'appeal.submit': [{ guard: 'reasonLongEnough', target: 'sending', actions: 'clearProblem' }, { actions: 'flagTooShort' }],
        'appeal.cancel': 'closed',
      },
    },
    sending: {
      tags: ['busy'],
      invoke: {
        id: 'sendAppeal',
        src: 'sendAppeal',
        input: ({ context }) => ({ reason: context.reason.trim() }),
        onDone: { target: 'sent', actions: 'notifySent' },
        onError: { target: 'open', actions: { type: 'showFailure', params: ({ event }) => ({ error: event.error }) } },
      },
    },
    sent: { type: 'final' },
  },
});
