import { assertEvent, assign, fromPromise, setup } from 'xstate';
import { budgetProblem, type Currency } from '#domain/campaigns.ts';
import { campaignProblem, parsePriceText } from '#domain/creators.ts';

export type CampaignTargetKind = 'challenge' | 'tier';

export interface CampaignDraft {
  targetKind: CampaignTargetKind;
  /** The promoted challenge or tier; null until one is chosen. */
  targetId: number | null;
  name: string;
  /** The budget as typed ("50", "49.99"). */
  budgetText: string;
  currency: Currency;
  startsOn: string;
  endsOn: string;
}

/** What the create call sends. */
export interface CampaignRequest {
  name: string;
  target_kind: CampaignTargetKind;
  target_id: number;
  starts_on: string;
  ends_on: string;
  budget_cents: number | null;
  currency: Currency | null;
}

export interface CampaignCreateContext {
  draft: CampaignDraft;
  /** The creator's current UTC day (YYYY-MM-DD), for "the last day has already passed". */
  today: string;
  problem: string | null;
  created: string | null;
}

export type CampaignCreateEvent =
  | { type: 'campaign.change'; draft: Partial<CampaignDraft> }
  | { type: 'campaign.next' }
  | { type: 'campaign.back' }
  | { type: 'campaign.create' }
  | { type: 'campaign.another' };

/** Step 1: why the chosen target cannot go on, or null. */
export function targetProblem(d: CampaignDraft): string | null {
  return d.targetId === null ? (d.targetKind === 'challenge' ? 'Choose one of your challenges.' : 'Choose one of your tiers.') : null;
}

/** The budget typed, in cents: null when left empty, NaN when it cannot be read. */
export function budgetCentsOf(text: string): number | null {
  if (!text.trim()) return null;
  return parsePriceText(text) ?? Number.NaN;
}

/** Step 2 (name, budget, dates): why the campaign cannot be reviewed, or null; the same rules the server applies. */
export function detailsProblem(d: CampaignDraft, today: string): string | null {
  const dates = campaignProblem({ name: d.name, starts_on: d.startsOn, ends_on: d.endsOn }, today);
  if (dates) return dates.detail;
  const budget = budgetCentsOf(d.budgetText);
  if (Number.isNaN(budget)) return 'Enter the budget as an amount such as 50 or 49.99.';
  return budgetProblem({ target_kind: d.targetKind, budget_cents: budget, currency: budget === null ? null : d.currency })?.detail ?? null;
}

export function requestOf(d: CampaignDraft): CampaignRequest {
  const budget = budgetCentsOf(d.budgetText);
  return {
    name: d.name.trim(),
    target_kind: d.targetKind,
    target_id: d.targetId ?? 0,
    starts_on: d.startsOn,
    ends_on: d.endsOn,
    budget_cents: budget,
    currency: budget === null ? null : d.currency,
  };
}

/**
 * A creator starts a campaign in steps: choose what to promote (one of their challenges or tiers), then name,
 * budget and dates (checked as the server checks them), then review and create; the server's refusal comes back
 * on the review step. Once created, the form can start another.
 */
export const campaignCreateMachine = setup({
  types: {
    context: {} as CampaignCreateContext,
    events: {} as CampaignCreateEvent,
    input: {} as { draft: CampaignDraft; today: string },
  },
  actors: {
    createCampaign: fromPromise<{ name: string }, CampaignRequest>(async () => {
      throw new Error('createCampaign not provided');
    }),
  },
  actions: {
    change: assign(({ context, event }) => {
      assertEvent(event, 'campaign.change');
      return { draft: { ...context.draft, ...event.draft }, problem: null };
    }),
    flagTarget: assign(({ context }) => ({ problem: targetProblem(context.draft) })),
    flagDetails: assign(({ context }) => ({ problem: detailsProblem(context.draft, context.today) })),
    clearProblem: assign({ problem: null }),
    keepCreated: assign((_, params: { name: string }) => ({ created: params.name })),
    startOver: assign(({ context }) => ({
      draft: { ...context.draft, targetId: null, name: '', budgetText: '' },
      created: null,
      problem: null,
    })),
    showFailure: assign((_, params: { error: unknown }) => ({
      problem: params.error instanceof Error && params.error.message ? params.error.message : 'Could not create the campaign.',
    })),
  },
  guards: {
    targetReady: ({ context }) => targetProblem(context.draft) === null,
    detailsReady: ({ context }) => detailsProblem(context.draft, context.today) === null,
  },
}).createMachine({
  id: 'campaignCreate',
  context: ({ input }) => ({ draft: input.draft, today: input.today, problem: null, created: null }),
  initial: 'target',
  states: {
    target: {
      on: {
        'campaign.change': { actions: 'change' },
        'campaign.next': [{ guard: 'targetReady', target: 'details', actions: 'clearProblem' }, { actions: 'flagTarget' }],
      },
    },
    details: {
      on: {
        'campaign.change': { actions: 'change' },
        'campaign.back': { target: 'target', actions: 'clearProblem' },
        'campaign.next': [{ guard: 'detailsReady', target: 'review', actions: 'clearProblem' }, { actions: 'flagDetails' }],
      },
    },
    review: {
      on: {
        'campaign.back': { target: 'details', actions: 'clearProblem' },
        'campaign.create': { target: 'creating' },
      },
    },
    creating: {
      tags: ['busy'],
      invoke: {
        id: 'createCampaign',
        src: 'createCampaign',
        input: ({ context }) => requestOf(context.draft),
        onDone: { target: 'created', actions: { type: 'keepCreated', params: ({ event }) => ({ name: event.output.name }) } },
        onError: { target: 'review', actions: { type: 'showFailure', params: ({ event }) => ({ error: event.error }) } },
      },
    },
    created: {
      on: { 'campaign.another': { target: 'target', actions: 'startOver' } },
    },
  },
});
