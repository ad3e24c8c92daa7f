import { lazy, Suspense, useState } from 'react';
import { useSelector } from '@xstate/react';
import { fromPromise } from 'xstate';
import { QueryState } from '#src/components/query-state.tsx';
import { Badge } from '#src/components/ui/badge.tsx';
import { Select } from '#src/components/ui/select.tsx';
import { Skeleton } from '#src/components/ui/skeleton.tsx';
import { CellLabel, Table } from '#src/components/ui/table.tsx';
import { useFlow } from '#src/lib/flow/use-flow.ts';
import { campaignPauseMachine } from '#machines/campaign-pause.ts';
import { CAMPAIGN_CPM_CENTS } from '#domain/campaigns.ts';
import { formatMoney } from '#domain/ledger.ts';
import { useCampaigns, useSetCampaignPaused, type CampaignStats, type CreatorDashboard } from '../api/creators.ts';
import { CampaignForm } from './campaign-form.tsx';
import type { CampaignDayTotal } from './campaign-chart.tsx';
import { Pending } from '#src/lib/settled.tsx';

const CampaignChart = lazy(() => import('./campaign-chart.tsx'));

type Campaign = CampaignStats['items'][number];
const RANGES = [
  { value: '7', label: 'Last 7 days' },
  { value: '30', label: 'Last 30 days' },
  { value: '90', label: 'Last 90 days' },
  { value: '365', label: 'Last 365 days' },
] as const;
type Range = (typeof RANGES)[number]['value'];

const STATUS = {
  scheduled: ['info', 'Scheduled'],
  running: ['success', 'Running'],
  paused: ['warning', 'Paused'],
  ended: ['neutral', 'Ended'],
} as const;
const TARGET = { story: 'Story', tier: 'Tier', challenge: 'Challenge' } as const;

const money = (c: Campaign, pick: 'gross_cents' | 'net_cents') =>
  c.revenue.length ? c.revenue.map((r) => formatMoney(r[pick], r.currency)).join(' · ') : formatMoney(0, 'usd');
const spent = (c: Campaign) =>
  c.budget_cents === null || c.spend_cents === null || c.currency === null
    ? 'No budget'
    : `${formatMoney(c.spend_cents, c.currency)} of ${formatMoney(c.budget_cents, c.currency)}`;
const perJoin = (c: Campaign) =>
  c.cost_per_join_cents === null || c.currency === null ? '—' : formatMoney(c.cost_per_join_cents, c.currency);

/** Pause or Resume for one campaign (machines/campaign-pause.ts); an ended campaign offers neither. */
function PauseButton({ campaign }: { campaign: Campaign }) {
  const setPaused = useSetCampaignPaused(campaign.id);
  const flow = useFlow(
    campaignPauseMachine.provide({
      actors: { setPaused: fromPromise(async ({ input }) => setPaused.mutateAsync(input.action)) },
    }),
    { input: { status: campaign.status } },
  );
  const status = useSelector(flow, (s) => s.context.status);
  const problem = useSelector(flow, (s) => s.context.problem);
  const busy = useSelector(flow, (s) => s.hasTag('busy'));
  if (status === 'ended') return null;
  const paused = status === 'paused';
  return (
    <span className="creators-campaign-actions">
      <button
        type="button"
        className="btn btn-secondary btn-small"
        disabled={busy}
        onClick={() => flow.send({ type: paused ? 'campaign.resume' : 'campaign.pause' })}
      >
        {paused ? `Resume ${campaign.name}` : `Pause ${campaign.name}`}
      </button>
      {problem ? (
        <span className="error-text" role="alert">
          {problem}
        </span>
      ) : null}
    </span>
  );
}

function CampaignTable({ data }: { data: CampaignStats }) {
  return (
    <Table label="Campaign figures" stackOnPhone>
      <thead>
        <tr>
          <th scope="col">Campaign</th>
          <th scope="col">Views</th>
          <th scope="col">Clicks</th>
          <th scope="col">Joins</th>
          <th scope="col">Subscriptions</th>
          <th scope="col">Revenue</th>
          <th scope="col">Yours after fees</th>
          <th scope="col">Spent</th>
          <th scope="col">Cost per join</th>
        </tr>
      </thead>
      <tbody>
        {data.items.map((c) => {
          const [tone, word] = STATUS[c.status];
          return (
            <tr key={c.id}>
              <th scope="row">
                {c.name} <Badge tone={tone}>{word}</Badge>
                <span className="muted creators-campaign-about">
                  {TARGET[c.target.kind]}: {c.target.title} · {c.starts_on} to {c.ends_on}
                </span>
                <span className="creators-campaign-link">
                  Link: <code>{c.link}</code>
                </span>
                <PauseButton key={`${c.id}:${c.status}`} campaign={c} />
              </th>
              <td>
                <CellLabel>Views</CellLabel>
                {c.views}
              </td>
              <td>
                <CellLabel>Clicks</CellLabel>
                {c.clicks}
              </td>
              <td>
                <CellLabel>Joins</CellLabel>
                {c.joins}
              </td>
              <td>
                <CellLabel>Subscriptions</CellLabel>
                {c.subscriptions}
              </td>
              <td>
                <CellLabel>Revenue</CellLabel>
                {money(c, 'gross_cents')}
              </td>
              <td>
                <CellLabel>Yours after fees</CellLabel>
                {money(c, 'net_cents')}
              </td>
              <td>
                <CellLabel>Spent</CellLabel>
                {spent(c)}
              </td>
              <td>
                <CellLabel>Cost per join</CellLabel>
                {perJoin(c)}
              </td>
            </tr>
          );
        })}
      </tbody>
    </Table>
  );
}

/** Every campaign's days added up, for each day of the range (a day with nothing counted is a zero). */
function dayTotals(data: CampaignStats): CampaignDayTotal[] {
  const counted = data.items.flatMap((c) => c.days);
  if (counted.length === 0) return [];
  const byDay = new Map<string, CampaignDayTotal>();
  for (let t = Date.parse(`${data.from}T00:00:00Z`); t <= Date.parse(`${data.to}T00:00:00Z`); t += 86_400_000) {
    const day = new Date(t).toISOString().slice(0, 10);
    byDay.set(day, { day, views: 0, clicks: 0, joins: 0 });
  }
  for (const d of counted) {
    const t = byDay.get(d.day) ?? { day: d.day, views: 0, clicks: 0, joins: 0 };
    byDay.set(d.day, { day: d.day, views: t.views + d.views, clicks: t.clicks + d.clicks, joins: t.joins + d.joins });
  }
  return [...byDay.values()].sort((a, b) => a.day.localeCompare(b.day));
}

function CampaignFigures({ data }: { data: CampaignStats }) {
  const days = dayTotals(data);
  return (
    <>
      {days.length ? (
        <Suspense
          fallback={
            <Pending>
              <Skeleton height={200} />
            </Pending>
          }
        >
          <CampaignChart days={days} label={`Views, clicks and joins per day from ${data.from} to ${data.to}`} />
        </Suspense>
      ) : null}
      <CampaignTable data={data} />
    </>
  );
}

/** The creator's campaigns, a form to start one, and their promotion figures over a chosen range of days. */
export function Campaigns({ tiers }: { tiers: CreatorDashboard['tiers'] }) {
  const [range, setRange] = useState<Range>('30');
  const campaigns = useCampaigns(Number(range));
  return (
    <section aria-labelledby="campaigns">
      <h2 id="campaigns">Campaigns</h2>
      <p className="muted">
        Views count the promoted story opened, the promoted tier shown or the promoted challenge shown in Challenges (marked “Promoted”),
        once per person a day (bots and you left out); clicks count visits through the campaign’s link or the promoted challenge; joins
        count athletes who joined the challenge through it; subscriptions and revenue are those started through it. A budget is spent at{' '}
        {formatMoney(CAMPAIGN_CPM_CENTS, 'usd')} per thousand views and never exceeded; a paused campaign shows, counts and spends nothing.
      </p>
      <CampaignForm tiers={tiers} />
      <Select id="campaign-range" label="Figures for" options={RANGES} value={range} onChange={setRange} />
      <QueryState
        query={campaigns}
        loading="Loading your campaigns…"
        empty="No campaigns yet. A campaign promotes one of your challenges, stories or tiers for a period."
        isEmpty={(d: CampaignStats) => d.items.length === 0}
      >
        {(data) => <CampaignFigures data={data} />}
      </QueryState>
    </section>
  );
}
