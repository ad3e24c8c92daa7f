import { lazy, Suspense, type ReactNode } from 'react';
import { RefreshCw } from 'lucide-react';
import { QueryState } from '#src/components/query-state.tsx';
import { Button } from '#src/components/ui/button.tsx';
import { RadioGroup } from '#src/components/ui/radio-group.tsx';
import { Skeleton, SkeletonLines } from '#src/components/ui/skeleton.tsx';
import { Table } from '#src/components/ui/table.tsx';
import { formatDateTime } from '#src/lib/format.ts';
import { param, useQueryState } from '#src/lib/use-search-param.ts';
import { BI_RANGES, DEFAULT_BI_RANGE, type BiRange, type BiTable } from '#domain/business-intelligence.ts';
import { useBusinessReport, useRefreshRollups, type BusinessReport } from '../api/business-intelligence.ts';
import { BiCsvButton } from '../components/bi-csv-button.tsx';
import { BiCohortTable } from '../components/bi-cohort-table.tsx';
import { BiCreatorEconomy } from '../components/bi-creator-economy.tsx';
import { BiFunnel } from '../components/bi-funnel.tsx';
import { count, weekLabel } from '../components/bi-format.ts';
import '../admin.css';
import { Pending } from '#src/lib/settled.tsx';

const BiActivityChart = lazy(() => import('../components/bi-activity-chart.tsx'));

const RANGE_VALUES = BI_RANGES.map(String) as ['30', '90', '365'];
const RANGE_OPTIONS = BI_RANGES.map((r) => ({ value: String(r) as (typeof RANGE_VALUES)[number], label: `Last ${r} days` }));

function Section({
  id,
  title,
  table,
  range,
  csvLabel,
  children,
}: {
  id: string;
  title: string;
  table: BiTable;
  range: BiRange;
  csvLabel: string;
  children: ReactNode;
}) {
  return (
    <section className="card bi-section" aria-labelledby={id}>
      <div className="bi-section-head">
        <h2 id={id}>{title}</h2>
        <BiCsvButton table={table} range={range} label={csvLabel} />
      </div>
      {children}
    </section>
  );
}

function Loading() {
  return (
    <div className="bi-grid" aria-busy="true" aria-label="Loading the figures">
      <div className="card bi-section">
        <Skeleton height="1.4em" width="40%" />
        <Skeleton height={240} />
      </div>
      <div className="card bi-section">
        <SkeletonLines lines={5} />
      </div>
    </div>
  );
}

function Totals({ report }: { report: BusinessReport }) {
  const t = report.totals;
  const figures = [
    { id: 'signups', value: t.signups, label: `Signups in ${report.range_days} days` },
    { id: 'daily', value: t.daily_active, label: 'Active on the last day' },
    { id: 'weekly', value: t.weekly_active, label: 'Active in the last 7 days' },
    { id: 'monthly', value: t.monthly_active, label: 'Active in the last 30 days' },
  ];
  return (
    <ul className="dash-grid bi-totals">
      {figures.map((f) => (
        <li key={f.id} className="card dash-figure">
          <span className="dash-value" data-testid={`bi-${f.id}`}>
            {count.format(f.value)}
          </span>
          <span>{f.label}</span>
        </li>
      ))}
    </ul>
  );
}

function Report({ report, range }: { report: BusinessReport; range: BiRange }) {
  const label = `Active users per day over the last ${report.days.length} days: ${report.totals.daily_active} on the last day, ${report.totals.weekly_active} in its week, ${report.totals.monthly_active} in its 30 days.`;
  return (
    <div className="bi-grid">
      <Totals report={report} />
      <Section id="bi-active" title="Active users" table="daily" range={range} csvLabel="signups and active users per day">
        <p className="muted">Accounts that used the app signed in: on each day, in the 7 days and in the 30 days up to it (UTC).</p>
        <Suspense
          fallback={
            <Pending>
              <Skeleton height={240} />
            </Pending>
          }
        >
          <BiActivityChart days={report.days} label={label} />
        </Suspense>
        <ul className="bi-chart-legend" aria-hidden="true">
          <li className="bi-line-daily">Daily</li>
          <li className="bi-line-weekly">Weekly</li>
          <li className="bi-line-monthly">Monthly (dashed)</li>
        </ul>
        <details className="bi-details">
          <summary>Show the days as a table</summary>
          <Table label="Signups and active users per day">
            <thead>
              <tr>
                <th scope="col">Day</th>
                <th scope="col">Signups</th>
                <th scope="col">Daily active</th>
                <th scope="col">Weekly active</th>
                <th scope="col">Monthly active</th>
              </tr>
            </thead>
            <tbody>
              {[...report.days].reverse().map((d) => (
                <tr key={d.day}>
                  <th scope="row">{d.day}</th>
                  <td>{d.signups}</td>
                  <td>{d.daily_active}</td>
                  <td>{d.weekly_active}</td>
                  <td>{d.monthly_active}</td>
                </tr>
              ))}
            </tbody>
          </Table>
        </details>
      </Section>
      <Section id="bi-signups" title="Signups per week" table="signup-weeks" range={range} csvLabel="signups per week">
        <p className="muted">
          New accounts per week (weeks start on Monday, UTC; the first week may be part of one). Per day: the table above.
        </p>
        <Table label="Table of signups per week">
          <thead>
            <tr>
              <th scope="col">Week of</th>
              <th scope="col">Signups</th>
            </tr>
          </thead>
          <tbody>
            {[...report.signup_weeks].reverse().map((w) => (
              <tr key={w.week_start}>
                <th scope="row">{weekLabel(w.week_start)}</th>
                <td>{w.signups}</td>
              </tr>
            ))}
          </tbody>
        </Table>
      </Section>
      <Section id="bi-cohorts" title="Retention by signup week" table="cohorts" range={range} csvLabel="retention cohorts">
        <p className="muted">Of the accounts made each week, the share active in each week after (up to 12).</p>
        {report.cohorts.length === 0 ? (
          <p className="muted">No account was made in this range.</p>
        ) : (
          <BiCohortTable cohorts={report.cohorts} />
        )}
      </Section>
      <Section id="bi-funnel" title="Challenge funnel" table="funnel" range={range} csvLabel="challenge funnel">
        <p className="muted">
          Distinct people who opened a challenge’s page, joined it and submitted a score in the range (a visitor without an account counts
          once a day).
        </p>
        <BiFunnel funnel={report.funnel} />
      </Section>
    </div>
  );
}

export default function AdminBusinessIntelligencePage() {
  const [state, setState] = useQueryState({ range: param.oneOf(RANGE_VALUES, String(DEFAULT_BI_RANGE) as '30') });
  const range = Number(state.range) as BiRange;
  const report = useBusinessReport(range);
  const refresh = useRefreshRollups(range);
  const data = report.data;
  return (
    <div className="container page admin-ops bi-page">
      <h1>Business intelligence</h1>
      <p className="lead muted">
        Signups, active users, retention and the challenge funnel, from figures rebuilt every 10 minutes; the creator economy from the
        ledger as it stands.
      </p>
      <div className="bi-controls">
        <RadioGroup
          label="Range"
          orientation="horizontal"
          options={RANGE_OPTIONS}
          value={state.range}
          onChange={(v) => setState({ range: v }, { replace: false })}
        />
        <div className="bi-refresh">
          <Button icon={<RefreshCw size={16} aria-hidden="true" />} loading={refresh.isPending} onClick={() => refresh.mutate()}>
            Refresh now
          </Button>
          <p className="ops-muted" role="status" data-testid="bi-refreshed">
            {data?.refreshed_at
              ? `Figures as of ${formatDateTime(data.refreshed_at)} (rebuilt in ${count.format(Math.round(data.refresh_duration_ms ?? 0))} ms)${data.refresh_pending ? '; a rebuild is running…' : '.'}`
              : data
                ? 'The figures have not been built yet. Refresh now, or wait for the next rebuild.'
                : ''}
          </p>
          {refresh.isError && (
            <p className="error-text" role="alert">
              {refresh.error.message}
            </p>
          )}
        </div>
      </div>
      <QueryState query={report} loading={<Loading />}>
        {(r) => (r.refreshed_at ? <Report report={r} range={range} /> : null)}
      </QueryState>
      <BiCreatorEconomy range={range} />
    </div>
  );
}
