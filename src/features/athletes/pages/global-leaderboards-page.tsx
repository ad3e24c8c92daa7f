import { Link } from 'wouter';
import { useViewerUnits, type Units } from '../api/profile.ts';
import { CATEGORY_NAMES, TEST_CATEGORIES } from '#domain/test-catalogue.ts';
import { formatMeasure } from '#domain/measures.ts';
import { useGlobalLeaderboard, useTestLeader, type GlobalLeaderboardRow } from '../api/leaderboards.ts';
import { useActiveTests, type Test } from '../api/tests.ts';
import { formatCount } from '#src/lib/format-count.ts';
import { BoardGlobalTable } from '../components/board-ranking-tables.tsx';
import { profileHref } from '#src/lib/links.ts';
import { QueryState } from '#src/components/query-state.tsx';
import { useDeferredQuery } from '#src/lib/use-deferred-query.ts';
import '../boards.css';

const TOP = 100;
const PLACES = ['First', 'Second', 'Third'];

function Podium({ rows }: { rows: GlobalLeaderboardRow[] }) {
  return (
    <ol className="podium" aria-label="Top three">
      {rows.map((r, i) => (
        <li key={r.user_id} className={`card card-linked podium-card podium-${i + 1}`}>
          <p className="podium-place">
            {PLACES[i]} place{r.rank !== i + 1 ? ` (rank ${r.rank}, tied)` : ''}
          </p>
          <h3>
            <Link className="card-title-link" href={profileHref(r.user_id)}>
              {r.display_name}
            </Link>
          </h3>
          <p className="podium-total">
            {formatCount(r.total)} <span className="muted">points</span>
          </p>
          <p className="muted">
            {r.tests_count} {r.tests_count === 1 ? 'test' : 'tests'}
            {r.gym ? ` · ${r.gym}` : ''}
          </p>
        </li>
      ))}
    </ol>
  );
}

function LeaderCard({ test, units }: { test: Test; units: Units }) {
  const q = useTestLeader(test);
  return (
    <li>
      <div className="card">
        <h4>
          <Link className="card-title-link" href={`/global-test-leaderboards-page?test=${test.id}`}>
            {test.name}
          </Link>
        </h4>
        <QueryState
          query={q}
          loading={<p className="muted">Loading the leader…</p>}
          empty={<p className="muted">No approved results yet.</p>}
        >
          {({ items: [leader], total }) =>
            leader && (
              <>
                <p>
                  <Link href={profileHref(leader.user_id)}>{leader.display_name}</Link>
                </p>
                <p className="ranking-score">
                  {formatMeasure(leader.value, test.unit, units)}{' '}
                  <span className="muted">· {formatCount(leader.normalized_score)} pts</span>
                </p>
                <p className="hint">
                  {formatCount(total)} {total === 1 ? 'athlete' : 'athletes'} ranked
                </p>
              </>
            )
          }
        </QueryState>
      </div>
    </li>
  );
}

function TestLeaders({ tests }: { tests: Test[] }) {
  const units = useViewerUnits();
  return (
    <>
      {TEST_CATEGORIES.map((category) => {
        const inCategory = tests.filter((t) => t.category === category);
        if (inCategory.length === 0) return null;
        return (
          <section key={category} aria-labelledby={`gl-cat-${category}`}>
            <h3 id={`gl-cat-${category}`}>{CATEGORY_NAMES[category]}</h3>
            <ul className="leaders">
              {inCategory.map((t) => (
                <LeaderCard key={t.id} test={t} units={units} />
              ))}
            </ul>
          </section>
        );
      })}
    </>
  );
}

export default function GlobalLeaderboardsPage() {
  // Both answers render in slices (a hundred rows, then a card per test), not in one long task each.
  const board = useDeferredQuery(useGlobalLeaderboard({ offset: 0, limit: TOP }));
  const tests = useDeferredQuery(useActiveTests());
  return (
    <div className="container page">
      <h1>Global Leaderboards</h1>
      <p className="lead muted">The best athletes across every test: the overall top {TOP}, and who leads each test.</p>
      <p className="ranking-actions">
        <Link href="/global-test-leaderboards-page" className="btn btn-secondary">
          Filter and search the full ranking
        </Link>
      </p>

      <section aria-labelledby="gl-overall" className="dive-section">
        <h2 id="gl-overall">Overall top {TOP}</h2>
        <QueryState
          query={board}
          loading="Loading the global ranking…"
          empty={
            <p className="empty card">
              No one is ranked yet: the ranking fills as personal records are approved.{' '}
              <Link href="/submit-pr-page">Submit a personal record</Link>
            </p>
          }
        >
          {({ items: rows, me, total }) => (
            <>
              <Podium rows={rows.slice(0, 3)} />
              {rows.length > 3 && (
                <BoardGlobalTable
                  rows={rows.slice(3)}
                  me={me && rows.slice(0, 3).some((r) => r.user_id === me.user_id) ? null : me}
                  caption={`Ranks 4 to ${rows.length} of ${formatCount(total)}`}
                />
              )}
              {rows.length <= 3 && me && !rows.some((r) => r.user_id === me.user_id) && (
                <BoardGlobalTable rows={[]} me={me} caption="Your place in the global ranking" />
              )}
            </>
          )}
        </QueryState>
      </section>

      {/* Shown once the ranking above has its height: placed under a one-line "Loading", it was pushed down a screen. */}
      {!board.isPending && (
        <section aria-labelledby="gl-leaders" className="dive-section">
          <h2 id="gl-leaders">Leaders of each test</h2>
          <QueryState query={tests} loading="Loading the tests…" empty="No tests are published yet.">
            {(data) => <TestLeaders tests={data.items} />}
          </QueryState>
        </section>
      )}
    </div>
  );
}
