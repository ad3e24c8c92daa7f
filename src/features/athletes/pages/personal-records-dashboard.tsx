import { Link } from 'wouter';
import { formatDate, formatDateTime } from '#src/lib/format.ts';
import { param, useQueryState } from '#src/lib/use-search-param.ts';
import { formatMeasure } from '#domain/measures.ts';
import { GLOBAL_BOARD, ordinal, placeRest } from '#domain/places.ts';
import { useViewerUnits, type GlobalStanding, type Units } from '../api/profile.ts';
import { useMyPersonalRecords, type PersonalRecord, type ReviewStatus } from '../api/records.ts';
import { RecordBestsTable } from '../components/record-bests-table.tsx';
import { RecordStatus } from '../components/record-status.tsx';
import { QueryState } from '#src/components/query-state.tsx';
import { DataTable, type Column } from '#src/components/data-table.tsx';
import '../athletes.css';

const number = new Intl.NumberFormat();

type Filter = ReviewStatus | 'all';
const FILTERS: { value: Filter; label: string; empty: string }[] = [
  { value: 'all', label: 'All', empty: 'No submissions yet.' },
  { value: 'pending', label: 'Pending', empty: 'Nothing is waiting for review.' },
  { value: 'approved', label: 'Approved', empty: 'No approved submissions yet.' },
  { value: 'rejected', label: 'Rejected', empty: 'None of your submissions were rejected.' },
];

function StandingCard({ standing }: { standing: GlobalStanding | null }) {
  return (
    <section className="card record-standing" aria-labelledby="pr-standing-title">
      <h2 id="pr-standing-title">Global standing</h2>
      {standing ? (
        <dl className="record-standing-figures">
          <div>
            <dt>Rank</dt>
            <dd>
              <span className="ath-stat-value">{ordinal(standing.rank)}</span>{' '}
              <span className="muted">{placeRest({ rank: standing.rank, of: standing.athletes, board: GLOBAL_BOARD })}</span>
            </dd>
          </div>
          <div>
            <dt>Total score</dt>
            <dd>
              <span className="ath-stat-value">{number.format(standing.total)}</span>
            </dd>
          </div>
          <div>
            <dt>Tests counted</dt>
            <dd>
              <span className="ath-stat-value">{standing.tests_count}</span>
            </dd>
          </div>
        </dl>
      ) : (
        <p className="muted">You are not ranked yet. Your first approved record puts you on the global board.</p>
      )}
      <p>
        <Link href="/global-test-leaderboards-page">See Global Ranks</Link>
      </p>
    </section>
  );
}

function RecordDetails({ r }: { r: PersonalRecord }) {
  return (
    <>
      {r.status === 'rejected' && (
        <p className="record-reason">
          <strong>Reason:</strong> {r.review_reason || 'No reason was given.'}
        </p>
      )}
      {r.challenge_title && (
        <p>
          Qualifying attempt for{' '}
          {r.challenge_id ? <Link href={`/challenge-detail-page?id=${r.challenge_id}`}>{r.challenge_title}</Link> : r.challenge_title}
        </p>
      )}
      {r.source === 'historical' && <p>Imported from past results</p>}
      {r.evidence_url && (
        <p>
          <a href={r.evidence_url} target="_blank" rel="noopener noreferrer">
            Evidence<span className="visually-hidden"> for {r.test_name} (opens in a new tab)</span>
          </a>
        </p>
      )}
      {r.note && <p className="muted">“{r.note}”</p>}
      <p className="muted">
        Submitted {formatDateTime(r.submitted_at)}
        {r.reviewed_at ? ` · reviewed ${formatDateTime(r.reviewed_at)}` : ''}
      </p>
    </>
  );
}

function SubmissionsTable({ items, units }: { items: PersonalRecord[]; units: Units }) {
  const columns: Column<PersonalRecord>[] = [
    { id: 'test', header: 'Test', rowHeader: true, cell: (r) => r.test_name },
    {
      id: 'result',
      header: 'Result',
      className: 'ath-num',
      headerClassName: '',
      cell: (r) => (
        <>
          {formatMeasure(r.value, r.unit, units)}
          {r.is_best && <span className="ath-chip record-best">Current best</span>}
        </>
      ),
    },
    { id: 'achieved', header: 'Achieved', className: 'ath-date', headerClassName: '', cell: (r) => formatDate(r.achieved_on) },
    { id: 'status', header: 'Status', cell: (r) => <RecordStatus status={r.status} /> },
    { id: 'details', header: 'Details', className: 'record-details', headerClassName: '', cell: (r) => <RecordDetails r={r} /> },
  ];
  return (
    <DataTable
      className="ath-table"
      minWidth="34rem"
      caption="Your submissions, newest first"
      columns={columns}
      rows={items}
      rowKey={(r) => r.id}
    />
  );
}

export default function PersonalRecordsDashboard() {
  // ?show=pending: the filter is in the address, so Back returns to the previous one.
  const [{ show: filter }, setState] = useQueryState({
    show: param.oneOf(
      FILTERS.map((f) => f.value),
      'all',
    ),
  });
  const setFilter = (show: Filter) => setState({ show }, { replace: false });
  const records = useMyPersonalRecords(filter === 'all' ? {} : { status: filter });
  const units = useViewerUnits();

  const body = (d: NonNullable<typeof records.data>) => {
    const nothingYet = filter === 'all' && d.items.length === 0 && d.bests.length === 0;
    return nothingYet ? (
      <div className="card ath-empty">
        <h2>No personal records yet</h2>
        <p className="muted">
          Record a result on a standard test (a 1-mile run, max pull-ups, a back squat) and it shows up here once a reviewer approves it.
        </p>
        <p className="ath-actions">
          <Link href="/submit-pr-page" className="btn btn-primary">
            Submit your first PR
          </Link>
          <Link href="/claim-performances" className="btn btn-secondary">
            Claim past results
          </Link>
        </p>
      </div>
    ) : (
      <>
        <StandingCard standing={d.global} />
        <section aria-labelledby="pr-bests-title">
          <h2 id="pr-bests-title">Your bests</h2>
          {d.bests.length === 0 ? (
            <p className="empty card">No approved results yet. Bests appear here once a reviewer approves a submission.</p>
          ) : (
            <RecordBestsTable bests={d.bests} units={units} caption="Your best approved result on each test" />
          )}
        </section>
        <section aria-labelledby="pr-submissions-title">
          <h2 id="pr-submissions-title">Submissions</h2>
          <div className="record-filters" role="group" aria-label="Show submissions">
            {FILTERS.map((f) => (
              <button
                key={f.value}
                type="button"
                className="record-filter"
                aria-pressed={filter === f.value}
                onClick={() => setFilter(f.value)}
              >
                {f.label}
              </button>
            ))}
          </div>
          <div aria-live="polite" aria-busy={records.isFetching}>
            {d.items.length === 0 ? (
              <p className="empty card">{FILTERS.find((f) => f.value === filter)!.empty}</p>
            ) : (
              <SubmissionsTable items={d.items} units={units} />
            )}
          </div>
        </section>
      </>
    );
  };

  return (
    <div className="container page ath-page">
      <div className="ath-page-head">
        <div>
          <h1>Personal Records</h1>
          <p className="lead muted">Your best result on every test, your global standing, and every submission with its review.</p>
        </div>
        <p className="ath-actions">
          <Link href="/submit-pr-page" className="btn btn-primary">
            Submit a PR
          </Link>
          <Link href="/performance-stats-page" className="btn btn-secondary">
            Progress charts
          </Link>
          <Link href="/claim-performances" className="btn btn-secondary">
            Claim past results
          </Link>
        </p>
      </div>
      <QueryState query={records} loading="Loading your personal records…">
        {body}
      </QueryState>
    </div>
  );
}
