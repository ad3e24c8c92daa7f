import { campaignCreateMachine, type CampaignDraft } from '#machines/campaign-create.ts';
import { defineSamples } from '../samples.ts';

export const TODAY = '2026-12-01';
export const draft: CampaignDraft = {
  targetKind: 'challenge',
  targetId: null,
  name: '',
  budgetText: '',
  currency: 'usd',
  startsOn: TODAY,
  endsOn: '2026-12-07',
};

/**
 * A challenge chosen (or not yet), a name, a budget that reads, one that is negative and one left empty (a challenge
 * needs one), dates the wrong way round, and the server creating the campaign or refusing it.
 */
export default defineSamples({
  machine: campaignCreateMachine,
  input: { draft, today: TODAY },
  events: {
    'campaign.change': [
      { type: 'campaign.change', draft: { targetId: 7 } },
      { type: 'campaign.change', draft: { name: 'Winter push', budgetText: '50' } },
      { type: 'campaign.change', draft: { budgetText: '-5' } },
      { type: 'campaign.change', draft: { endsOn: '2026-11-20' } },
    ],
    'campaign.next': [{ type: 'campaign.next' }],
    'campaign.back': [{ type: 'campaign.back' }],
    'campaign.create': [{ type: 'campaign.create' }],
    'campaign.another': [{ type: 'campaign.another' }],
  },
  actors: { createCampaign: { output: { name: 'Winter push' }, error: new Error('Promote one of your own public challenges.') } },
  stateContext: (c) => ({
    target: c.draft.targetId !== null,
    named: c.draft.name !== '',
    budget: c.draft.budgetText,
    inOrder: c.draft.endsOn >= c.draft.startsOn,
    problem: c.problem !== null,
    created: c.created !== null,
  }),
});
