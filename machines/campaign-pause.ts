import { assign, fromPromise, setup } from 'xstate';
import { pauseProblem, type CampaignStatus } from '#domain/campaigns.ts';

export interface CampaignPauseContext {
  status: CampaignStatus;
  problem: string | null;
}

export type CampaignPauseEvent = { type: 'campaign.pause' } | { type: 'campaign.resume' };

/**
 * A creator pauses a running (or scheduled) campaign, or resumes a paused one; an ended one takes neither. The
 * server's answer (its status now) or its refusal is shown in the campaign's row.
 */
export const campaignPauseMachine = setup({
  types: { input: {} as { status: CampaignStatus }, context: {} as CampaignPauseContext, events: {} as CampaignPauseEvent },
  actors: {
    setPaused: fromPromise<{ status: CampaignStatus }, { action: 'pause' | 'resume' }>(async () => {
      throw new Error('setPaused not provided');
    }),
  },
  guards: {
    canPause: ({ context }) => pauseProblem(context.status, 'pause') === null,
    canResume: ({ context }) => pauseProblem(context.status, 'resume') === null,
  },
  actions: {
    takeStatus: assign((_, params: { status: CampaignStatus }) => ({ status: params.status, problem: null })),
    showFailure: assign((_, params: { error: unknown }) => ({
      problem: params.error instanceof Error && params.error.message ? params.error.message : 'Could not change the campaign.',
    })),
  },
}).createMachine({
  id: 'campaignPause',
  context: ({ input }) => ({ status: input.status, problem: null }),
  initial: 'ready',
  states: {
    ready: {
      on: {
        'campaign.pause': { guard: 'canPause', target: 'pausing' },
        'campaign.resume': { guard: 'canResume', target: 'resuming' },
      },
    },
    pausing: {
      tags: ['busy'],
      invoke: {
        src: 'setPaused',
        input: () => ({ action: 'pause' as const }),
        onDone: { target: 'ready', actions: { type: 'takeStatus', params: ({ event }) => ({ status: event.output.status }) } },
        onError: { target: 'ready', actions: { type: 'showFailure', params: ({ event }) => ({ error: event.error }) } },
      },
    },
    resuming: {
      tags: ['busy'],
      invoke: {
        src: 'setPaused',
        input: () => ({ action: 'resume' as const }),
        onDone: { target: 'ready', actions: { type: 'takeStatus', params: ({ event }) => ({ status: event.output.status }) } },
        onError: { target: 'ready', actions: { type: 'showFailure', params: ({ event }) => ({ error: event.error }) } },
      },
    },
  },
});
