import { lazy, Suspense } from 'react';
import { Link } from 'wouter';
import { param, useQueryState } from '#src/lib/use-search-param.ts';
import { formatDate } from '#src/lib/format.ts';
import { formatMeasure, isBetter } from '#domain/measures.ts';
import { useSessionView } from '#src/lib/session/session-view.ts';
import { usePerformanceHistory, useViewerUnits, type PerformanceSeries, type Units } from '../api/profile.ts';
import { DataTable, type Column } from '#src/components/data-table.tsx';
import { QueryState } from '#src/components/query-state.tsx';
import { Select } from '#src/components/ui/select.tsx';
import '../athletes.css';
import { LoadingSkeleton } from '#src/components/loading-skeleton.tsx';
import { Pending } from '#src/lib/settled.tsx';

// uPlot and its styles load with the chart, not with the page.
const ProgressChart = lazy(() => import('../components/progress-chart.tsx'));

const percent = new Intl.NumberFormat(undefined, { maximumFractionDigits: 1, signDisplay: 'exceptZero' });

interface Summary {
  first: number;
  best: number;
  latest: number;
  /** How much better the best is than the first, in percent of the first (null when the first is 0). */
  improvement: number | null;
}

function summarize(s: PerformanceSeries): Summary | null {
  const values = s.points.map((p) => p.value);
  if (values.length === 0) return null;
  const first = values[0]!;
  const latest = values[values.length - 1]!;
  const best = values.reduce((b, v) => (isBetter(v, b, s.direction) ? v : b), first);
  const gain = s.direction === 'higher' ? best - first : first - best;
  return { first, best, latest, improvement: first === 0 ? null : (gain / first) * 100 };
}

function SummaryFigures({ s, units }: { s: PerformanceSeries; units: Units }) {
  const sum = summarize(s)!;
  const figures: [string, string, string?][] = [
    ['First', formatMeasure(sum.first, s.unit, units), formatDate(s.points[0]!.achieved_on)],
    ['Best', formatMeasure(sum.best, s.unit, units)],
    ['Latest', formatMeasure(sum.latest, s.unit, units), formatDate(s.points[s.points.length - 1]!.achieved_on)],
    [
      'Improvement',
      s.points.length < 2 ? '—' : sum.improvement === null ? '—' : `${percent.format(sum.improvement)}%`,
      s.points.length < 2 ? 'Needs a second result' : 'Best compared with first',
    ],
  ];
  return (
    <dl className="ath-stats progress-summary">
      {figures.map(([term, value, note]) => (
        <div key={term} className="card ath-stat">
          <dt className="ath-stat-label">{term}</dt>
          <dd className="ath-stat-value">{value}</dd>
          {note && <dd className="muted">{note}</dd>}
        </div>
      ))}
    </dl>
  );
}

function ResultsTable({ s, units }: { s: PerformanceSeries; units: Units }) {
  let bestSoFar: number | null = null;
  const rows = s.points.map((p, i) => {
    const prev = i > 0 ? s.points[i - 1]!.value : null;
    const isNewBest = bestSoFar === null || isBetter(p.value, bestSoFar, s.direction);
    if (isNewBest) bestSoFar = p.value;
    let change = '—';
    if (prev !== null) {
      if (p.value === prev) change = 'Same';
      else
        change = `${formatMeasure(Math.abs(p.value - prev), s.unit, units)} ${isBetter(p.value, prev, s.direction) ? 'better' : 'worse'}`;
    }
    return { key: `${p.achieved_on}-${i}`, p, change, isNewBest, first: i === 0 };
  });
  const columns: Column<(typeof rows)[number]>[] = [
    { id: 'date', header: 'Date', rowHeader: true, cell: (r) => formatDate(r.p.achieved_on) },
    {
      id: 'result',
      header: 'Result',
      className: 'ath-num',
      headerClassName: '',
      cell: (r) => (
        <>
          {formatMeasure(r.p.value, s.unit, units)}
          {r.isNewBest && !r.first && <span className="ath-chip record-best">New best</span>}
        </>
      ),
    },
    { id: 'score', header: 'Score (of 1000)', className: 'ath-num', headerClassName: '', cell: (r) => r.p.normalized_score ?? '—' },
    { id: 'change', header: 'Change from previous', cell: (r) => r.change },
  ];
  return (
    <DataTable
      className="ath-table"
      minWidth="34rem"
      caption={`${s.test_name}: every approved result, oldest first`}
      captionHidden={false}
      columns={columns}
      rows={rows}
      rowKey={(r) => r.key}
    />
  );
}

export default function PerformanceStatsPage() {
  const { user } = useSessionView();
  const history = usePerformanceHistory(user?.wp_user_id ?? null);
  const units = useViewerUnits();
  // ?test=ID: the chart shown is in the address (shareable; Back returns to the previous one).
  const [{ test: asked }, setState] = useQueryState({ test: param.int(0, 1) });
  const chosen = asked || null;
  const setChosen = (test: number) => setState({ test }, { replace: false });

  const body = (data: NonNullable<typeof history.data>) => {
    const series = data.series.filter((s) => s.points.length > 0).sort((a, b) => a.test_name.localeCompare(b.test_name));
    if (series.length === 0) {
      return (
        <div className="card ath-empty">
          <h2>No approved results yet</h2>
          <p className="muted">
            Your progress appears here once a reviewer approves your personal records. Submissions waiting for review are on your dashboard.
          </p>
          <p className="ath-actions">
            <Link href="/submit-pr-page" className="btn btn-primary">
              Submit a PR
            </Link>
            <Link href="/personal-records-dashboard" className="btn btn-secondary">
              Your personal records
            </Link>
          </p>
        </div>
      );
    } else {
      const mostResults = series.reduce((m, s) => (s.points.length > m.points.length ? s : m), series[0]!);
      const s = series.find((x) => x.test_id === chosen) ?? mostResults;
      const range = `${formatDate(s.points[0]!.achieved_on)} to ${formatDate(s.points[s.points.length - 1]!.achieved_on)}`;
      const chartLabel = `Chart of your ${s.points.length} ${s.test_name} ${s.points.length === 1 ? 'result' : 'results'} from ${range}. The same results are in the table below.`;
      return (
        <>
          <Select
            id="progress-test"
            className="field progress-select"
            label="Test"
            options={series.map((x) => ({
              value: String(x.test_id),
              label: `${x.test_name} (${x.points.length} ${x.points.length === 1 ? 'result' : 'results'})`,
            }))}
            value={String(s.test_id)}
            onChange={(v) => setChosen(Number(v))}
          />
          <section aria-labelledby="progress-title">
            <h2 id="progress-title">{s.test_name}</h2>
            <SummaryFigures s={s} units={units} />
            <figure className="card progress-figure">
              <Suspense
                fallback={
                  <Pending>
                    <LoadingSkeleton label="Loading the chart…" />
                  </Pending>
                }
              >
                <ProgressChart series={s} units={units} label={chartLabel} />
              </Suspense>
              <figcaption className="hint">
                {s.direction === 'lower'
                  ? 'Lower is better on this test, so the value axis is flipped: a line going up means you got faster.'
                  : 'Higher is better on this test: a line going up means you got stronger or fitter.'}{' '}
                <Link href={`/test-deep-dive-page?id=${s.test_id}`}>How others do on {s.test_name}</Link>
              </figcaption>
            </figure>
            <ResultsTable s={s} units={units} />
          </section>
        </>
      );
    }
  };

  return (
    <div className="container page ath-page">
      <div className="ath-page-head">
        <div>
          <h1>Performance Stats</h1>
          <p className="lead muted">Your approved results on each test over time.</p>
        </div>
        <p className="ath-actions">
          <Link href="/personal-records-dashboard" className="btn btn-secondary">
            Personal records
          </Link>
        </p>
      </div>
      <QueryState query={history} loading="Loading your results…">
        {body}
      </QueryState>
    </div>
  );
}
