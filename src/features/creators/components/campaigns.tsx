import { useState } from 'react';
import { QueryState } from '#src/components/query-state.tsx';
import { Badge } from '#src/components/ui/badge.tsx';
import { Select } from '#src/components/ui/select.tsx';
import { CellLabel, Table } from '#src/components/ui/table.tsx';
import { formatMoney } from '#domain/ledger.ts';
import { useCampaigns, type CampaignStats } from '../api/creators.ts';

type Campaign = CampaignStats['items'][number];
const RANGES = [
  { value: '7', label: 'Last 7 days' },
  { value: '30', label: 'Last 30 days' },
  { value: '90', label: 'Last 90 days' },
  { value: '365', label: 'Last 365 days' },
] as const;
type Range = (typeof RANGES)[number]['value'];

const STATUS = { scheduled: ['info', 'Scheduled'], running: ['success', 'Running'], ended: ['neutral', 'Ended'] } as const;

const money = (c: Campaign, pick: 'gross_cents' | 'net_cents') =>
  c.revenue.length ? c.revenue.map((r) => formatMoney(r[pick], r.currency)).join(' · ') : formatMoney(0, 'usd');

function CampaignTable({ data }: { data: CampaignStats }) {
  return (
    <Table label="Campaign figures" stackOnPhone>
      <thead>
        <tr>
          <th scope="col">Campaign</th>
          <th scope="col">Views</th>
          <th scope="col">Clicks</th>
          <th scope="col">Subscriptions</th>
          <th scope="col">Revenue</th>
          <th scope="col">Yours after fees</th>
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
                  {c.target.kind === 'story' ? 'Story' : 'Tier'}: {c.target.title} · {c.starts_on} to {c.ends_on}
                </span>
                <span className="creators-campaign-link">
                  Link: <code>{c.link}</code>
                </span>
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
            </tr>
          );
        })}
      </tbody>
    </Table>
  );
}

/** The creator's campaigns and their promotion figures over a chosen range of days. */
export function Campaigns() {
  const [range, setRange] = useState<Range>('30');
  const campaigns = useCampaigns(Number(range));
  return (
    <section aria-labelledby="campaigns">
      <h2 id="campaigns">Campaigns</h2>
      <p className="muted">
        Views count the promoted story opened or the promoted tier shown, once per person a day (bots and you left out); clicks count visits
        through the campaign’s link; subscriptions and revenue are those started through it.
      </p>
      <Select id="campaign-range" label="Figures for" options={RANGES} value={range} onChange={setRange} />
      <QueryState
        query={campaigns}
        loading="Loading your campaigns…"
        empty="No campaigns yet. A campaign promotes one of your stories or tiers for a period through a link you share."
        isEmpty={(d: CampaignStats) => d.items.length === 0}
      >
        {(data) => <CampaignTable data={data} />}
      </QueryState>
    </section>
  );
}
