import { Link, useSearch } from 'wouter';
import { param, useQueryState } from '#src/lib/use-search-param.ts';
import { CATEGORY_NAMES, MOVEMENT_NAMES } from '#domain/test-catalogue.ts';
import { formatMeasure, type TestUnit } from '#domain/measures.ts';
import { isNotFound } from '#src/api/errors.ts';
import { QueryError } from '#src/components/query-state.tsx';
import { SEX_NAMES, idFromSearch, useTestDeepDive, type AthleteSex } from '../api/tests.ts';
import { formatCount } from '#src/lib/format-count.ts';
import { BoardHistogram, PERCENTILE_KEYS, PERCENTILE_LABELS } from '../components/board-histogram.tsx';
import { BoardTestTable } from '../components/board-ranking-tables.tsx';
import { BoardStandardsTable } from '../components/board-standards-table.tsx';
import '../boards.css';
import { LoadingSkeleton } from '#src/components/loading-skeleton.tsx';

const UNIT_NAMES: Record<TestUnit, string> = {
  kg: 'Kilograms (load)',
  reps: 'Repetitions',
  seconds: 'Time',
  meters: 'Distance (metres)',
  calories: 'Calories',
  points: 'Points',
};

function NoSuchTest() {
  return (
    <>
      <h1>No such test</h1>
      <p className="lead muted">This address does not name a test in the catalogue. It may have been removed.</p>
      <p>
        <Link href="/global-test-leaderboards-page" className="btn btn-primary">
          Browse the tests
        </Link>
      </p>
    </>
  );
}

function DeepDive({ id }: { id: number }) {
  // ?sex=female: the chosen field is in the address (shareable; Back returns to the previous one).
  const [{ sex }, setState] = useQueryState({ sex: param.optional<AthleteSex>(['female', 'male']) });
  const setSex = (next: AthleteSex | null) => setState({ sex: next }, { replace: false });
  const dive = useTestDeepDive(id, sex);
  if (dive.isPending) return <LoadingSkeleton label="Loading the test…" />;
  if (dive.isError) {
    if (isNotFound(dive.error)) return <NoSuchTest />;
    return (
      <>
        <h1>Test Deep Dive</h1>
        <QueryError error={dive.error} onRetry={dive.refetch} retrying={dive.isFetching} />
      </>
    );
  }
  const { test, athletes, histogram, percentiles, top } = dive.data;
  const fmt = (v: number) => formatMeasure(v, test.unit, 'metric');
  const who = sex ? SEX_NAMES[sex].toLowerCase() : 'athletes';
  return (
    <>
      <div className="ranking-head dive-head">
        <div>
          <p className="muted">
            {CATEGORY_NAMES[test.category]} · {MOVEMENT_NAMES[test.movement]}
            {test.status !== 'active' && ` · ${test.status === 'draft' ? 'Draft (not published)' : 'Retired'}`}
          </p>
          <h1>{test.name}</h1>
        </div>
        {test.status === 'active' && (
          <Link href={`/submit-pr-page?test=${test.id}`} className="btn btn-primary">
            Submit a PR on this test
          </Link>
        )}
      </div>
      <div className="dive-grid">
        <div>
          {test.description ? <p className="dive-description lead">{test.description}</p> : <p className="muted">No description yet.</p>}
        </div>
        <dl className="dive-facts card">
          <dt>Measured in</dt>
          <dd>{UNIT_NAMES[test.unit]}</dd>
          <dt>Better is</dt>
          <dd>{test.direction === 'lower' ? 'Lower is better' : 'Higher is better'}</dd>
          <dt>Accepted range</dt>
          <dd>
            {fmt(test.min_value)} to {fmt(test.max_value)}
          </dd>
          <dt>Athletes ranked</dt>
          <dd>{formatCount(test.athletes_count)}</dd>
        </dl>
      </div>

      <section className="dive-section" aria-labelledby="dd-standards">
        <h2 id="dd-standards">Standards</h2>
        <p className="muted">
          The result needed for each score. A result between two anchors is scored in proportion; at or beyond the top anchor it earns that
          anchor’s score. The standard used is the one for the athlete’s sex and bodyweight.
        </p>
        <BoardStandardsTable standards={test.standards} unit={test.unit} caption={`Standards for ${test.name}`} />
      </section>

      <section className="dive-section" aria-labelledby="dd-distribution" aria-busy={dive.isFetching}>
        <div className="ranking-head">
          <h2 id="dd-distribution">How {who} did</h2>
          <div className="ranking-switch" role="group" aria-label="Show results of" style={{ margin: 0 }}>
            {([null, 'female', 'male'] as const).map((value) => (
              <button key={value ?? 'all'} type="button" aria-pressed={sex === value} onClick={() => setSex(value)}>
                {value ? SEX_NAMES[value] : 'Everyone'}
              </button>
            ))}
          </div>
        </div>
        <p className="muted">
          The best result of each of {formatCount(athletes)} {athletes === 1 ? 'athlete' : 'athletes'}
          {sex ? ` (${SEX_NAMES[sex].toLowerCase()})` : ''}.
        </p>
        <BoardHistogram bins={histogram} percentiles={percentiles} unit={test.unit} direction={test.direction} testName={test.name} />
        {percentiles && (
          <dl className="percentiles" aria-label="Percentiles">
            {PERCENTILE_KEYS.map((key) => (
              <div key={key}>
                <dt>
                  {key} · {PERCENTILE_LABELS[key]}
                </dt>
                <dd>{fmt(percentiles[key])}</dd>
              </div>
            ))}
          </dl>
        )}
      </section>

      <section className="dive-section" aria-labelledby="dd-top">
        <div className="ranking-head">
          <h2 id="dd-top">Top 10{sex ? ` ${SEX_NAMES[sex].toLowerCase()}` : ''}</h2>
          <Link href={`/global-test-leaderboards-page?test=${test.id}${sex ? `&sex=${sex}` : ''}`}>See the whole leaderboard</Link>
        </div>
        {top.length === 0 ? (
          <p className="empty card">No approved results yet. Be the first: submit a PR on this test.</p>
        ) : (
          <BoardTestTable rows={top.slice(0, 10)} me={null} unit={test.unit} caption={`Top 10 on ${test.name}`} captionHidden />
        )}
      </section>
    </>
  );
}

export default function TestDeepDivePage() {
  const id = idFromSearch(useSearch());
  return <div className="container page">{id === null ? <NoSuchTest /> : <DeepDive key={id} id={id} />}</div>;
}
