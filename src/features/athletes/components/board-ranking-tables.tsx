import { Link } from 'wouter';
import { useViewerUnits } from '../api/profile.ts';
import { formatDate } from '#src/lib/format.ts';
import { formatCount } from '#src/lib/format-count.ts';
import { formatMeasure, type TestUnit } from '#domain/measures.ts';
import type { GlobalLeaderboardRow, TestLeaderboardRow } from '../api/leaderboards.ts';
import { profileHref } from '#src/lib/links.ts';
import { GymName } from '#src/components/gym-name.tsx';
import { DataTable, type Column } from '#src/components/data-table.tsx';

type RankedRow = { user_id: number; display_name: string; rank: number };

/**
 * Rank and athlete, the first two columns of every ranking; the viewer's row says "(you)". On a
 * phone the columns marked `ranking-wide` are hidden and `sub` shows their gist under the name, so
 * the ranking fits the screen without scrolling sideways.
 */
function rankedColumns<Row extends RankedRow>(me: Row | null, sub?: (r: Row) => React.ReactNode): Column<Row>[] {
  return [
    { id: 'rank', header: 'Rank', className: 'ranking-rank', headerClassName: '', cell: (r) => r.rank },
    {
      id: 'athlete',
      header: 'Athlete',
      rowHeader: true,
      cell: (r) => {
        const below = sub?.(r);
        return (
          <>
            <Link href={profileHref(r.user_id)}>{r.display_name}</Link>
            {me?.user_id === r.user_id && <span className="ranking-you"> (you)</span>}
            {below ? <span className="ranking-sub">{below}</span> : null}
          </>
        );
      },
    },
  ];
}

/**
 * A ranking in the shared data table: the viewer's row highlighted, and when it is not
 * on this page, pinned below it under "Your rank".
 */
function RankingTable<Row extends RankedRow>({
  rows,
  me,
  caption,
  captionHidden,
  columns,
  sub,
  minWidth,
  highlight,
}: {
  rows: Row[];
  me: Row | null;
  caption: string;
  captionHidden: boolean;
  columns: Column<Row>[];
  /** What a phone shows under the name in place of the `ranking-wide` columns. */
  sub?: (r: Row) => React.ReactNode;
  /** The athlete a search picked: their row is marked and scrolled into view. */
  highlight?: number | null;
  /** Lets long text (a gym's name) wrap instead of widening the table past its frame. */
  minWidth?: string;
}) {
  const mine = (r: Row) => me?.user_id === r.user_id;
  const meOnPage = rows.some(mine);
  return (
    <DataTable
      className={sub ? 'ranking ranking-fits' : 'ranking'}
      caption={caption}
      captionHidden={captionHidden}
      columns={[...rankedColumns(me, sub), ...columns]}
      rows={rows}
      rowKey={(r) => r.user_id}
      rowCurrent={mine}
      rowPicked={(r) => highlight === r.user_id}
      rowClassName={(r) => (mine(r) ? 'ranking-me' : undefined)}
      pinned={me && !meOnPage ? { label: 'Your rank', rows: [me] } : null}
      empty={null}
      minWidth={minWidth}
    />
  );
}

const globalColumns: Column<GlobalLeaderboardRow>[] = [
  { id: 'total', header: 'Total score', className: 'num ranking-score', headerClassName: 'num', cell: (r) => formatCount(r.total) },
  { id: 'tests', header: 'Tests counted', className: 'num ranking-wide', cell: (r) => r.tests_count },
  {
    id: 'gym',
    header: 'Gym',
    className: 'ranking-wide',
    cell: (r) => <GymName gym={r.gym} gymId={r.gym_id} empty={<span className="muted">—</span>} />,
  },
];

/** A phone's line under the name: the gym, and how many tests the total counts. */
const globalSub = (r: GlobalLeaderboardRow) => (
  <>
    {r.gym ? (
      <>
        <GymName gym={r.gym} gymId={r.gym_id} />
        {' · '}
      </>
    ) : null}
    {r.tests_count === 1 ? '1 test' : `${r.tests_count} tests`}
  </>
);

/** The overall ranking: the sum of each athlete's best normalized score per test. */
export function BoardGlobalTable({
  rows,
  me,
  caption,
  captionHidden = false,
  highlight = null,
}: {
  rows: GlobalLeaderboardRow[];
  me: GlobalLeaderboardRow | null;
  caption: string;
  captionHidden?: boolean;
  highlight?: number | null;
}) {
  return (
    <RankingTable
      rows={rows}
      me={me}
      caption={caption}
      captionHidden={captionHidden}
      columns={globalColumns}
      sub={globalSub}
      minWidth="40rem"
      highlight={highlight}
    />
  );
}

/** One test's board: each athlete's best approved result, ranked. */
export function BoardTestTable({
  rows,
  me,
  unit,
  caption,
  captionHidden = false,
  highlight = null,
}: {
  rows: TestLeaderboardRow[];
  me: TestLeaderboardRow | null;
  unit: TestUnit;
  caption: string;
  captionHidden?: boolean;
  highlight?: number | null;
}) {
  const units = useViewerUnits();
  const columns: Column<TestLeaderboardRow>[] = [
    { id: 'result', header: 'Result', className: 'ranking-score', headerClassName: '', cell: (r) => formatMeasure(r.value, unit, units) },
    { id: 'score', header: 'Score (0–1000)', className: 'num ranking-wide', cell: (r) => formatCount(r.normalized_score) },
    {
      id: 'date',
      header: 'Date',
      className: 'nowrap ranking-wide',
      headerClassName: 'ranking-wide',
      cell: (r) => formatDate(r.achieved_on),
    },
  ];
  // A phone shows the score and date under the name.
  const sub = (r: TestLeaderboardRow) => `${formatCount(r.normalized_score)} pts · ${formatDate(r.achieved_on)}`;
  return (
    <RankingTable rows={rows} me={me} caption={caption} captionHidden={captionHidden} columns={columns} sub={sub} highlight={highlight} />
  );
}
