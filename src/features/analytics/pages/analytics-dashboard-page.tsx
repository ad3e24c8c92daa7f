import { lazy, Suspense } from 'react';
import { QueryState } from '#src/components/query-state.tsx';
import { EmptyState } from '#src/components/ui/empty-state.tsx';
import { AppLink } from '#src/components/ui/link.tsx';
import { Skeleton, SkeletonLines } from '#src/components/ui/skeleton.tsx';
import { CellLabel, Table } from '#src/components/ui/table.tsx';
import { formatDate } from '#src/lib/format.ts';
import { hasNoNumbers, useMyAnalytics, type MyAnalytics } from '../api/analytics.ts';
import { overallText, placeText } from '#domain/places.ts';
import '../analytics.css';
import { Pending } from '#src/lib/settled.tsx';

const WeeklyChart = lazy(() => import('../components/weekly-chart.tsx'));

const number = new Intl.NumberFormat('en', { maximumFractionDigits: 1 });
const STREAK_NAMES: Record<string, string> = {
  daily_submissions: 'Days in a row',
  weekly_participation: 'Weeks in a row',
  consistency_streak: 'Consistent weeks',
  improvement_streak: 'Improvements in a row',
};
const weekLabel = (day: string) =>
  new Intl.DateTimeFormat('en', { month: 'short', day: 'numeric', timeZone: 'UTC' }).format(new Date(`${day}T00:00:00Z`));

function Loading() {
  return (
    <div className="analytics-grid" aria-busy="true" aria-label="Loading your numbers">
      <div className="card analytics-section">
        <Skeleton height="1.4em" width="40%" />
        <Skeleton height={220} />
      </div>
      <div className="card analytics-section">
        <SkeletonLines lines={4} />
      </div>
    </div>
  );
}

function Weeks({ weeks }: { weeks: MyAnalytics['weeks'] }) {
  const total = weeks.reduce((s, w) => s + w.submissions, 0);
  const label = `Submissions per week over the last ${weeks.length} weeks: ${total} in all.`;
  return (
    <section className="card analytics-section" aria-labelledby="analytics-weeks">
      <h2 id="analytics-weeks">Submissions per week</h2>
      <p className="muted">
        {total} {total === 1 ? 'submission' : 'submissions'} in the last {weeks.length} weeks (weeks start on Monday, UTC).
      </p>
      <Suspense
        fallback={
          <Pending>
            <Skeleton height={220} />
          </Pending>
        }
      >
        <WeeklyChart weeks={weeks} label={label} />
      </Suspense>
      <details className="analytics-details">
        <summary>Show the weeks as a table</summary>
        <Table label="Table of submissions per week">
          <thead>
            <tr>
              <th scope="col">Week of</th>
              <th scope="col">Submissions</th>
            </tr>
          </thead>
          <tbody>
            {weeks.map((w) => (
              <tr key={w.week_start}>
                <th scope="row">{weekLabel(w.week_start)}</th>
                <td>{w.submissions}</td>
              </tr>
            ))}
          </tbody>
        </Table>
      </details>
    </section>
  );
}

function Places({ challenges }: { challenges: MyAnalytics['challenges'] }) {
  return (
    <section className="card analytics-section" aria-labelledby="analytics-places">
      <h2 id="analytics-places">Places per challenge</h2>
      {challenges.length === 0 ? (
        <p className="muted">No ranked score yet: your places show here once a score of yours is on a board.</p>
      ) : (
        <Table label="Table of places per challenge" stackOnPhone>
          <thead>
            <tr>
              <th scope="col">Challenge</th>
              <th scope="col">Overall</th>
              <th scope="col">Percentile</th>
              <th scope="col">On your board</th>
            </tr>
          </thead>
          <tbody>
            {challenges.map((c) => (
              <tr key={c.challenge_id}>
                <th scope="row">
                  <AppLink href={`/challenge-detail-page?id=${c.challenge_id}`}>{c.title}</AppLink>
                </th>
                <td>
                  <CellLabel>Overall</CellLabel>
                  {overallText(c.place, c.field_size)}
                </td>
                <td>
                  <CellLabel>Percentile</CellLabel>
                  {number.format(c.percentile)}
                </td>
                <td>
                  <CellLabel>On your board</CellLabel>
                  {placeText({ rank: c.division_place, of: c.division_size, board: c.board })} ({number.format(c.division_percentile)})
                </td>
              </tr>
            ))}
          </tbody>
        </Table>
      )}
    </section>
  );
}

function Records({ records }: { records: MyAnalytics['records'] }) {
  return (
    <section className="card analytics-section" aria-labelledby="analytics-records">
      <h2 id="analytics-records">Record progress</h2>
      {records.length === 0 ? (
        <p className="muted">
          No approved personal record yet. <AppLink href="/submit-pr-page">Submit a test result</AppLink> to track your progress.
        </p>
      ) : (
        <Table label="Table of record progress" stackOnPhone>
          <thead>
            <tr>
              <th scope="col">Test</th>
              <th scope="col">Latest</th>
              <th scope="col">First</th>
              <th scope="col">Change</th>
            </tr>
          </thead>
          <tbody>
            {records.map((r) => (
              <tr key={r.test_id}>
                <th scope="row">{r.test_name}</th>
                <td>
                  <CellLabel>Latest</CellLabel>
                  {number.format(r.latest_value)} {r.unit} on {formatDate(r.latest_on)}
                </td>
                <td>
                  <CellLabel>First</CellLabel>
                  {number.format(r.first_value)} {r.unit} on {formatDate(r.first_on)}
                </td>
                <td>
                  <CellLabel>Change</CellLabel>
                  {r.records === 1
                    ? 'One record so far'
                    : r.improvement === 0
                      ? 'No change'
                      : `${r.improvement > 0 ? 'Better by' : 'Worse by'} ${number.format(Math.abs(r.improvement))} ${r.unit}`}
                </td>
              </tr>
            ))}
          </tbody>
        </Table>
      )}
    </section>
  );
}

function Streaks({ streaks }: { streaks: MyAnalytics['streaks'] }) {
  return (
    <section className="card analytics-section" aria-labelledby="analytics-streaks">
      <h2 id="analytics-streaks">Streaks</h2>
      <dl className="analytics-streaks">
        {streaks.map((s) => (
          <div key={s.type}>
            <dt>{STREAK_NAMES[s.type] ?? s.type}</dt>
            <dd>
              <strong>{s.current_count}</strong> now, best {s.best_count}
            </dd>
          </div>
        ))}
      </dl>
    </section>
  );
}

export default function AnalyticsDashboardPage() {
  const analytics = useMyAnalytics();
  return (
    <div className="container page analytics-page">
      <h1>Your analytics</h1>
      <p className="lead muted">
        Your own numbers over time: submissions, places against the field and your division, records and streaks.
      </p>
      <QueryState
        query={analytics}
        loading={<Loading />}
        isEmpty={hasNoNumbers}
        empty={
          <EmptyState
            title="No numbers yet"
            action={
              <AppLink href="/challenge-discovery-page" look="primary">
                Find a challenge
              </AppLink>
            }
          >
            Submit your first score to see your numbers here.
          </EmptyState>
        }
      >
        {(data) => (
          <div className="analytics-grid">
            <Weeks weeks={data.weeks} />
            <Places challenges={data.challenges} />
            <Records records={data.records} />
            <Streaks streaks={data.streaks} />
          </div>
        )}
      </QueryState>
    </div>
  );
}
