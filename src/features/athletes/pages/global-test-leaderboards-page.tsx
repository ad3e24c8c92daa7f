import { lazy, Suspense, useEffect, useMemo, useRef, useState } from 'react';
import { Link, useLocation, useSearch } from 'wouter';
import { AGE_GROUPS, BODYWEIGHT_CLASSES } from '#domain/athlete-groups.ts';
import { CATEGORY_NAMES, TEST_CATEGORIES } from '#domain/test-catalogue.ts';
import { useSessionView } from '#src/lib/session/session-view.ts';
import { useDebounced } from '#src/lib/use-debounced.ts';
import { useGlobalLeaderboard, useTestLeaderboard, type AgeGroupId, type BodyweightClassId, type RanksFind } from '../api/leaderboards.ts';
import { idFromSearch, useActiveTests, type AthleteSex, type Test } from '../api/tests.ts';
import { PaginationByPage } from '#src/components/ui/pagination.tsx';
import { FilterSelect, GymFilter, SEX_OPTIONS, type FilterOption } from '#src/components/board-filters.tsx';
import { BoardGlobalTable, BoardTestTable } from '../components/board-ranking-tables.tsx';
import { QueryState } from '#src/components/query-state.tsx';
import { Select } from '#src/components/ui/select.tsx';
import '../boards.css';
import { Pending } from '#src/lib/settled.tsx';

const RanksFinder = lazy(() => import('../components/ranks-finder.tsx').then((m) => ({ default: m.RanksFinder })));

const PAGE_SIZE = 50;
/** More tests than this and the switch becomes a select grouped by category. */
const MAX_BUTTONS = 6;
const AGE_IDS = AGE_GROUPS.map((g) => g.id);
const BW_IDS = BODYWEIGHT_CLASSES.map((c) => c.id);
const AGE_OPTIONS = AGE_GROUPS as readonly FilterOption<AgeGroupId>[];
const BODYWEIGHT_OPTIONS = BODYWEIGHT_CLASSES as readonly FilterOption<BodyweightClassId>[];

interface BoardState {
  test: number | null;
  sex: AthleteSex | null;
  age: AgeGroupId | null;
  bw: BodyweightClassId | null;
  gym: string;
  page: number;
  /** The athlete a search picked: their row is marked. */
  hl: number | null;
}

/** The board's state lives in the address, so a link shows the same board. */
function readState(search: string): BoardState {
  const q = new URLSearchParams(search);
  const sex = q.get('sex');
  const age = q.get('age');
  const bw = q.get('bw');
  const page = Number(q.get('page'));
  const hl = Number(q.get('hl'));
  return {
    test: idFromSearch(search, 'test'),
    sex: sex === 'male' || sex === 'female' ? sex : null,
    age: age && AGE_IDS.includes(age) ? (age as AgeGroupId) : null,
    bw: bw && BW_IDS.includes(bw) ? (bw as BodyweightClassId) : null,
    gym: (q.get('gym') ?? '').slice(0, 120),
    page: Number.isInteger(page) && page > 0 ? page : 1,
    hl: Number.isInteger(hl) && hl > 0 ? hl : null,
  };
}

function writeState(s: BoardState): string {
  const q = new URLSearchParams();
  if (s.test !== null) q.set('test', String(s.test));
  if (s.sex) q.set('sex', s.sex);
  if (s.age) q.set('age', s.age);
  if (s.bw && s.test !== null) q.set('bw', s.bw);
  if (s.gym.trim()) q.set('gym', s.gym.trim());
  if (s.page > 1) q.set('page', String(s.page));
  if (s.hl !== null) q.set('hl', String(s.hl));
  const text = q.toString();
  return text ? `?${text}` : '';
}

function TestSwitch({
  tests,
  current,
  onPick,
  loading = false,
}: {
  tests: Test[];
  current: number | null;
  onPick: (test: number | null) => void;
  /** While the tests load: the same control, disabled, so nothing below it moves when they arrive. */
  loading?: boolean;
}) {
  if (!loading && tests.length <= MAX_BUTTONS) {
    return (
      <div className="ranking-switch" role="group" aria-label="Which ranking">
        <button type="button" aria-pressed={current === null} onClick={() => onPick(null)}>
          Overall
        </button>
        {tests.map((t) => (
          <button key={t.id} type="button" aria-pressed={current === t.id} onClick={() => onPick(t.id)}>
            {t.name}
          </button>
        ))}
      </div>
    );
  }
  return (
    <div className="filters">
      <Select
        id="gr-test"
        label="Ranking"
        noneLabel="Overall (every test)"
        options={TEST_CATEGORIES.flatMap((category) =>
          tests
            .filter((t) => t.category === category)
            .map((t) => ({ value: String(t.id), label: t.name, group: CATEGORY_NAMES[category] })),
        )}
        value={current === null || current === undefined ? null : String(current)}
        onChange={(v) => onPick(v === null ? null : Number(v))}
        disabled={loading}
      />
    </div>
  );
}

function HowItWorks() {
  return (
    <details className="ranking-about">
      <summary>How the global score works</summary>
      <p>
        Each test turns a result into a score from 0 to 1000 using its standards for the athlete’s sex and bodyweight: a result at a
        standard’s top anchor earns its full score, and results in between are scored in proportion.
      </p>
      <ul>
        <li>Only an athlete’s best approved result on each test counts.</li>
        <li>The global score is the sum of those best scores, one per test, so trying more tests can only raise it.</li>
        <li>Ties share a rank. Filters show fewer athletes but never change anyone’s rank.</li>
      </ul>
    </details>
  );
}

function EmptyBoard({ filtered, overall }: { filtered: boolean; overall: boolean }) {
  if (filtered) return <p className="empty card">No athletes match these filters. Clear a filter to see more.</p>;
  return (
    <p className="empty card">
      {overall
        ? 'No one is ranked yet: the ranking fills as personal records are approved.'
        : 'No one has an approved result on this test yet.'}{' '}
      <Link href="/submit-pr-page">Submit a personal record</Link>
    </p>
  );
}

function PastTheEnd({ onFirst }: { onFirst: () => void }) {
  return (
    <p className="empty card">
      This page is past the end of the ranking.{' '}
      <button type="button" className="link-button" onClick={onFirst}>
        Go to the first page
      </button>
    </p>
  );
}

interface BoardProps {
  state: BoardState;
  onPage: (page: number) => void;
  /** A finder's pick: the page holding the row, and the row to mark. */
  onPick: (page: number, hl: number) => void;
}

/** The finder above a board, loaded when the board is shown (the space it takes is kept meanwhile). */
function Finder({ find, canFindMe, onPick }: { find: RanksFind; canFindMe: boolean; onPick: BoardProps['onPick'] }) {
  return (
    <Suspense
      fallback={
        <Pending>
          <div className="board-find-slot" aria-hidden="true" />
        </Pending>
      }
    >
      <RanksFinder find={find} canFindMe={canFindMe} onPick={(m) => onPick(m.page, m.user_id)} />
    </Suspense>
  );
}

function OverallBoard({ state, onPage, onPick }: BoardProps) {
  const offset = (state.page - 1) * PAGE_SIZE;
  const find: RanksFind = { sex: state.sex ?? undefined, age_group: state.age ?? undefined, gym: state.gym, limit: PAGE_SIZE };
  const board = useGlobalLeaderboard({ ...find, offset });
  const filtered = !!(state.sex || state.age || state.gym.trim());
  return (
    <section aria-labelledby="gr-board-title" aria-busy={board.isFetching}>
      <div className="ranking-head">
        <div>
          <h2 id="gr-board-title">Overall</h2>
          <p className="muted">Every athlete’s best score on each test, added up.</p>
        </div>
      </div>
      <Finder find={find} canFindMe={!!board.data?.me} onPick={onPick} />
      <QueryState query={board} loading="Loading the global ranking…">
        {({ items, me, total }) =>
          items.length === 0 ? (
            offset > 0 && total > 0 ? (
              <PastTheEnd onFirst={() => onPage(1)} />
            ) : (
              <>
                <EmptyBoard filtered={filtered} overall />
                {me && <BoardGlobalTable rows={[]} me={me} caption="Your place in the global ranking" captionHidden />}
              </>
            )
          ) : (
            <>
              <BoardGlobalTable rows={items} me={me} caption="Global ranking, all tests" captionHidden highlight={state.hl} />
              <PaginationByPage page={state.page} shown={items.length} total={total} pageSize={PAGE_SIZE} onPage={onPage} />
            </>
          )
        }
      </QueryState>
      <MeHint present={!!board.data?.me} loaded={board.isSuccess} />
    </section>
  );
}

function TestBoard({ testId, state, onPage, onPick }: BoardProps & { testId: number }) {
  const offset = (state.page - 1) * PAGE_SIZE;
  const filters = {
    sex: state.sex ?? undefined,
    age_group: state.age ?? undefined,
    bodyweight_class: state.bw ?? undefined,
    gym: state.gym,
    limit: PAGE_SIZE,
  };
  const find: RanksFind = { ...filters, test_id: testId };
  const board = useTestLeaderboard(testId, { ...filters, offset });
  const test = board.data?.test;
  const filtered = !!(state.sex || state.age || state.bw || state.gym.trim());
  return (
    <section aria-labelledby="gr-board-title" aria-busy={board.isFetching}>
      <div className="ranking-head">
        <div>
          <h2 id="gr-board-title">{test?.name ?? 'Test leaderboard'}</h2>
          {test && (
            <p className="muted">
              {CATEGORY_NAMES[test.category]} · {test.direction === 'lower' ? 'lower is better' : 'higher is better'}
            </p>
          )}
        </div>
        {test && (
          <p className="ranking-actions">
            <Link href={`/test-deep-dive-page?id=${test.id}`} className="btn btn-secondary btn-small">
              About this test
            </Link>
            <Link href={`/submit-pr-page?test=${test.id}`} className="btn btn-primary btn-small">
              Submit a PR
            </Link>
          </p>
        )}
      </div>
      <Finder find={find} canFindMe={!!board.data?.me} onPick={onPick} />
      <QueryState query={board} loading="Loading the leaderboard…">
        {({ items, me, total, test }) =>
          items.length === 0 ? (
            offset > 0 && total > 0 ? (
              <PastTheEnd onFirst={() => onPage(1)} />
            ) : (
              <>
                <EmptyBoard filtered={filtered} overall={false} />
                {me && <BoardTestTable rows={[]} me={me} unit={test.unit} caption={`Your place on ${test.name}`} captionHidden />}
              </>
            )
          ) : (
            <>
              <BoardTestTable
                rows={items}
                me={me}
                unit={test.unit}
                caption={`${test.name} leaderboard`}
                captionHidden
                highlight={state.hl}
              />
              <PaginationByPage page={state.page} shown={items.length} total={total} pageSize={PAGE_SIZE} onPage={onPage} />
            </>
          )
        }
      </QueryState>
      <MeHint present={!!board.data?.me} loaded={board.isSuccess} />
    </section>
  );
}

function MeHint({ present, loaded }: { present: boolean; loaded: boolean }) {
  const { user } = useSessionView();
  if (!loaded || present) return null;
  if (!user) {
    return (
      <p className="hint">
        <Link href="/login-page?next=%2Fglobal-test-leaderboards-page">Sign in</Link> to see your own rank.
      </p>
    );
  }
  return <p className="hint">You are not ranked here yet: an approved personal record puts you on the board.</p>;
}

export default function GlobalTestLeaderboardsPage() {
  const search = useSearch();
  const [location, navigate] = useLocation();
  const state = useMemo(() => readState(search), [search]);
  const tests = useActiveTests();

  const go = (next: Partial<BoardState>, replace = false) => {
    // Any change but paging starts again at page 1, and forgets the row a search picked.
    const merged: BoardState = { ...state, page: 1, hl: null, ...next };
    navigate(`${location}${writeState(merged)}`, { replace });
  };

  // The gym box asks the server once per pause, and the address follows.
  const [gymInput, setGymInput] = useState(state.gym);
  const gym = useDebounced(gymInput, 350);
  const written = useRef(state.gym);
  useEffect(() => {
    if (gym.trim() === written.current.trim()) return;
    written.current = gym;
    go({ gym }, true);
    // Runs on the debounced text only: go is rebuilt every render and would re-fire it.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [gym]);
  // Back/forward: the box shows what the address says.
  useEffect(() => {
    if (state.gym.trim() !== written.current.trim()) {
      written.current = state.gym;
      setGymInput(state.gym);
    }
  }, [state.gym]);

  return (
    <div className="container page">
      <h1>Global Ranks</h1>
      <p className="lead muted">Where every athlete stands on each standard test, and overall across all of them.</p>
      <HowItWorks />
      <QueryState query={tests} loading={<TestSwitch tests={[]} current={state.test} loading onPick={() => undefined} />}>
        {({ items }) => (
          <TestSwitch tests={items} current={state.test} onPick={(test) => go({ test, bw: test === null ? null : state.bw })} />
        )}
      </QueryState>
      <form className="filters" role="search" aria-label="Filter the ranking" onSubmit={(e) => e.preventDefault()}>
        <FilterSelect id="gr-sex" label="Sex" all="Everyone" options={SEX_OPTIONS} value={state.sex} onChange={(sex) => go({ sex })} />
        <FilterSelect
          id="gr-age"
          label="Age group"
          all="All ages"
          options={AGE_OPTIONS}
          value={state.age}
          onChange={(age) => go({ age })}
        />
        {state.test !== null && (
          <FilterSelect
            id="gr-bw"
            label="Bodyweight class"
            all="All bodyweights"
            options={BODYWEIGHT_OPTIONS}
            value={state.bw}
            onChange={(bw) => go({ bw })}
          />
        )}
        <GymFilter id="gr-gym" value={gymInput} onChange={setGymInput} describedBy="gr-gym-hint" />
      </form>
      <p className="hint" id="gr-gym-hint">
        Filters narrow the list without re-ranking: everyone keeps their place on the whole board. Start typing a gym’s name and pick it
        from the list.
      </p>
      {state.test === null ? (
        <OverallBoard state={state} onPage={(page) => go({ page })} onPick={(page, hl) => go({ page, hl })} />
      ) : (
        <TestBoard
          key={state.test}
          testId={state.test}
          state={state}
          onPage={(page) => go({ page })}
          onPick={(page, hl) => go({ page, hl })}
        />
      )}
      <p>
        <Link href="/global-leaderboards-page">See the best athletes across every test</Link>
      </p>
    </div>
  );
}
