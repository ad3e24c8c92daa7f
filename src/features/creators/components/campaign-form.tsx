import { useSelector } from '@xstate/react';
import { fromPromise } from 'xstate';
import type { FormEvent } from 'react';
import { campaignCreateMachine, requestOf, type CampaignDraft } from '#machines/campaign-create.ts';
import { useFlow } from '#src/lib/flow/use-flow.ts';
import { FormFooter } from '#src/components/form-footer.tsx';
import { TextInput } from '#src/components/ui/text-field.tsx';
import { Select } from '#src/components/ui/select.tsx';
import { CAMPAIGN_BUDGET, CAMPAIGN_CPM_CENTS } from '#domain/campaigns.ts';
import { CAMPAIGN_LIMITS, CURRENCIES } from '#domain/creators.ts';
import { formatMoney } from '#domain/ledger.ts';
import { useCreateCampaign, useMyChallenges, type CreatorDashboard, type Currency } from '../api/creators.ts';

const CURRENCY_OPTIONS = CURRENCIES.map((c) => ({ value: c, label: c.toUpperCase() }));
const dayOf = (d: Date) => d.toISOString().slice(0, 10);

export interface PromotableTarget {
  value: string;
  label: string;
}

/** What a creator may promote from here: their open or upcoming public challenges, and their offered tiers. */
function useTargets(tiers: CreatorDashboard['tiers']): { targets: PromotableTarget[]; loading: boolean } {
  const challenges = useMyChallenges();
  const fromChallenges = (challenges.data?.items ?? [])
    .filter((c) => c.visibility === 'public' && c.status !== 'closed' && c.status !== 'deleted')
    .map((c) => ({ value: `challenge:${c.id}`, label: `Challenge: ${c.title}` }));
  const fromTiers = tiers.filter((t) => !t.archived).map((t) => ({ value: `tier:${t.id}`, label: `Tier: ${t.name}` }));
  return { targets: [...fromChallenges, ...fromTiers], loading: challenges.isPending };
}

function Review({ draft, targetLabel }: { draft: CampaignDraft; targetLabel: string }) {
  const request = requestOf(draft);
  return (
    <dl className="creators-review" aria-label="Your campaign">
      <dt>Promotes</dt>
      <dd>{targetLabel}</dd>
      <dt>Name</dt>
      <dd>{request.name}</dd>
      <dt>Budget</dt>
      <dd>{request.budget_cents === null ? 'None' : formatMoney(request.budget_cents, request.currency ?? 'usd')}</dd>
      <dt>Runs</dt>
      <dd>
        {request.starts_on} to {request.ends_on} (UTC days)
      </dd>
    </dl>
  );
}

/** "New campaign": choose what to promote, then name, budget and dates, then review and create (machines/campaign-create.ts). */
export function CampaignForm({ tiers }: { tiers: CreatorDashboard['tiers'] }) {
  const create = useCreateCampaign();
  const { targets, loading } = useTargets(tiers);
  const today = dayOf(new Date());
  const flow = useFlow(
    campaignCreateMachine.provide({
      actors: {
        createCampaign: fromPromise(async ({ input }) => {
          const made = await create.mutateAsync(input);
          return { name: made.name };
        }),
      },
    }),
    {
      input: {
        today,
        draft: {
          targetKind: 'challenge',
          targetId: null,
          name: '',
          budgetText: '',
          currency: 'usd',
          startsOn: today,
          endsOn: dayOf(new Date(Date.now() + 6 * 86_400_000)),
        },
      },
    },
  );
  const step = useSelector(flow, (s) => s.value as string);
  const draft = useSelector(flow, (s) => s.context.draft);
  const problem = useSelector(flow, (s) => s.context.problem);
  const created = useSelector(flow, (s) => s.context.created);
  const busy = useSelector(flow, (s) => s.hasTag('busy'));
  const change = (d: Partial<CampaignDraft>) => flow.send({ type: 'campaign.change', draft: d });
  const chosen = draft.targetId === null ? '' : `${draft.targetKind}:${draft.targetId}`;
  const targetLabel = targets.find((t) => t.value === chosen)?.label ?? '';
  const next = (e: FormEvent) => {
    e.preventDefault();
    flow.send({ type: step === 'review' ? 'campaign.create' : 'campaign.next' });
  };
  const back = { label: 'Back', onClick: () => flow.send({ type: 'campaign.back' }), disableWhilePending: true };

  if (created)
    return (
      <div className="creators-form card">
        <p className="success-text" role="status">
          Campaign “{created}” created. Its figures appear below.
        </p>
        <button type="button" className="btn btn-secondary" onClick={() => flow.send({ type: 'campaign.another' })}>
          Start another campaign
        </button>
      </div>
    );
  return (
    <form className="creators-form card" aria-labelledby="new-campaign" onSubmit={next} noValidate>
      <h3 id="new-campaign">New campaign</h3>
      {step === 'target' ? (
        loading ? (
          <p className="muted">Loading what you can promote…</p>
        ) : targets.length === 0 ? (
          <p className="muted">Create a public challenge or offer a tier first: a campaign promotes one of them.</p>
        ) : (
          <Select
            id="campaign-target"
            label="What to promote"
            placeholder="Choose a challenge or tier"
            options={targets}
            value={chosen || null}
            onChange={(v: string) => {
              const [kind, id] = v.split(':');
              change({ targetKind: kind as CampaignDraft['targetKind'], targetId: Number(id) });
            }}
          />
        )
      ) : null}
      {step === 'details' ? (
        <>
          <p className="muted">Promoting {targetLabel}.</p>
          <TextInput
            label="Campaign name"
            value={draft.name}
            onChange={(e) => change({ name: e.target.value })}
            maxLength={CAMPAIGN_LIMITS.nameMax}
          />
          <TextInput
            label="Budget"
            hint={`${draft.targetKind === 'challenge' ? 'Required' : 'Optional'}: ${CAMPAIGN_BUDGET.minCents / 100} to ${
              CAMPAIGN_BUDGET.maxCents / 100
            }. Each impression in discovery costs ${formatMoney(CAMPAIGN_CPM_CENTS / 1000, draft.currency)}; the budget is never exceeded.`}
            inputMode="decimal"
            value={draft.budgetText}
            onChange={(e) => change({ budgetText: e.target.value })}
            maxLength={12}
            autoComplete="off"
          />
          <Select
            id="campaign-currency"
            label="Currency"
            value={draft.currency}
            onChange={(v: Currency) => change({ currency: v })}
            options={CURRENCY_OPTIONS}
          />
          <TextInput label="First day" type="date" value={draft.startsOn} onChange={(e) => change({ startsOn: e.target.value })} />
          <TextInput
            label="Last day"
            type="date"
            hint={`At most ${CAMPAIGN_LIMITS.maxDays} days.`}
            value={draft.endsOn}
            onChange={(e) => change({ endsOn: e.target.value })}
          />
        </>
      ) : null}
      {step === 'review' || step === 'creating' ? <Review draft={draft} targetLabel={targetLabel} /> : null}
      {targets.length > 0 ? (
        <FormFooter
          submitLabel={step === 'review' || step === 'creating' ? 'Create the campaign' : 'Next'}
          pendingLabel="Creating…"
          pending={busy}
          error={problem}
          cancel={step === 'target' ? undefined : back}
        />
      ) : null}
    </form>
  );
}
