import { Link } from 'wouter';
import { DataTable, type Column } from '#src/components/data-table.tsx';
import { LoadingSkeleton } from '#src/components/loading-skeleton.tsx';
import { isNotFound } from '#src/api/errors.ts';
import { NotFoundState } from '#src/components/not-found-state.tsx';
import { QueryError, QueryState } from '#src/components/query-state.tsx';
import { Pagination } from '#src/components/ui/pagination.tsx';
import { Select } from '#src/components/ui/select.tsx';
import { profileHref } from '#src/lib/links.ts';
import { useSessionView } from '#src/lib/session/session-view.ts';
import { param, useQueryState } from '#src/lib/use-search-param.ts';
import { EVENT_RULE_NAMES, type EventRule } from '#domain/events.ts';
import { useEvent, useEventStandings, type EventStandingRow, type EventView } from '../api/events.ts';
import '../events.css';

const PAGE_SIZE = 50;
const PUSH = { replace: false };
const SORTS = ['overall', ...Array.from({ length: 10 }, (_, i) => `w${i + 1}`)] as const;

/** ?event=3&cat=female&sort=w2&order=desc&page=2: the view lives in the address. */
const STATE = {
  cat: param.string(),
  sort: param.oneOf(SORTS, 'overall'),
  order: param.oneOf(['asc', 'desc'] as const, 'asc'),
  page: param.int(1, 1, 100_000),
};

const RULE_HINTS: Record<EventRule, string> = {
  sum_of_places: 'Each workout’s place is added up; the lowest total wins.',
  points_table: 'Each workout’s place earns points from the table; the highest total wins.',
  p_score: 'Each workout scores 100 for first down to 0 for last in the division; the highest total wins.',
};

function ordinal(n: number): string {
  const s = n % 100 >= 11 && n % 100 <= 13 ? 'th' : (['th', 'st', 'nd', 'rd'][n % 10] ?? 'th');
  return `${n}${s}`;
}

function SortHeader({
  label,
  sort,
  current,
  order,
  onSort,
}: {
  label: string;
  sort: string;
  current: string;
  order: 'asc' | 'desc';
  onSort: (sort: string) => void;
}) {
  const active = current === sort;
  return (
    <button
      type="button"
      className="event-sort"
      onClick={() => onSort(sort)}
      aria-label={`Sort by ${label}${active ? (order === 'asc' ? ', now best first' : ', now worst first') : ''}`}
    >
      {label}
      <span aria-hidden="true">{active ? (order === 'asc' ? ' ▲' : ' ▼') : ''}</span>
    </button>
  );
}

export function EventBoard({ id }: { id: number }) {
  const event = useEvent(id);
  const { user } = useSessionView();
  const [state, setState] = useQueryState(STATE);
  const e = event.data;
  const category = e ? (e.categories.some((k) => k.id === state.cat) ? state.cat : e.categories[0]!.id) : undefined;
  const offset = (state.page - 1) * PAGE_SIZE;
  const board = useEventStandings({ eventId: id, category, sort: state.sort, order: state.order, offset, limit: PAGE_SIZE });
  if (event.isError && isNotFound(event.error))
    return <NotFoundState what="This event" back={{ href: '/challenge-discovery-page#events-title', label: 'See the events' }} />;
  if (event.isError) return <QueryError error={event.error} onRetry={event.refetch} retrying={event.isFetching} />;
  if (!e) return <LoadingSkeleton label="Loading the event…" rows={6} />;
  const onSort = (sort: string) =>
    setState({ sort: sort as (typeof SORTS)[number], order: state.sort === sort && state.order === 'asc' ? 'desc' : 'asc', page: 1 }, PUSH);
  const columns: Column<EventStandingRow>[] = [
    {
      id: 'place',
      header: <SortHeader label="Place" sort="overall" current={state.sort} order={state.order} onSort={onSort} />,
      label: 'Place',
      className: 'event-rank',
      cell: (r) => r.place,
    },
    {
      id: 'athlete',
      header: 'Athlete',
      rowHeader: true,
      className: 'event-athlete',
      cell: (r) => (
        <span className="event-name-line">
          <Link href={profileHref(r.athlete.wp_user_id)} title={r.athlete.display_name}>
            {r.athlete.display_name}
          </Link>
          {user?.wp_user_id === r.athlete.wp_user_id && <span className="you"> (you)</span>}
        </span>
      ),
    },
    { id: 'points', header: 'Points', cell: (r) => <strong>{r.points_display}</strong> },
    ...e.workouts.map((w): Column<EventStandingRow> => ({
      id: `w${w.position}`,
      header: (
        <SortHeader label={`${w.position}. ${w.title}`} sort={`w${w.position}`} current={state.sort} order={state.order} onSort={onSort} />
      ),
      label: `${w.position}. ${w.title}`,
      cell: (r) => {
        const x = r.workouts.find((y) => y.position === w.position);
        if (!x) return null;
        return (
          <span className="event-cell">
            <span className="event-place">{ordinal(x.place)}</span> <span className="muted">{x.missing ? 'no score' : x.score}</span>
          </span>
        );
      },
    })),
  ];
  const mine = (r: EventStandingRow) => user?.wp_user_id === r.athlete.wp_user_id;
  return (
    <>
      <div className="page-head">
        <div>
          <p className="muted">
            Event · {e.workouts.length} workouts · {e.status === 'open' ? 'running now' : e.status === 'upcoming' ? 'starts soon' : 'ended'}
          </p>
          <h2 className="event-title">{e.name}</h2>
          <p className="hint">
            {EVENT_RULE_NAMES[e.rule]}. {RULE_HINTS[e.rule]} Ties: more first places, then the best single-workout place. A missing workout
            counts one place below everyone with a score in it.
          </p>
        </div>
      </div>
      <div className="filters">
        {/* The column headers sort too; on a phone the rows stack and the headers are gone, so this stays. */}
        <Select<string>
          id="ev-sort"
          label="Sort by"
          options={[
            { value: 'overall:asc', label: 'Overall place' },
            ...e.workouts.flatMap((w) => [
              { value: `w${w.position}:asc`, label: `${w.position}. ${w.title}: best first` },
              { value: `w${w.position}:desc`, label: `${w.position}. ${w.title}: worst first` },
            ]),
            { value: 'overall:desc', label: 'Overall place, last first' },
          ]}
          value={`${state.sort}:${state.order}`}
          onChange={(v) => {
            const [sort, order] = v.split(':') as [(typeof SORTS)[number], 'asc' | 'desc'];
            setState({ sort, order, page: 1 }, PUSH);
          }}
        />
        {e.categories.length > 1 && (
          <Select<string>
            id="ev-category"
            label="Division"
            options={e.categories.map((k) => ({ value: k.id, label: k.label }))}
            value={category!}
            onChange={(v) => setState({ cat: v, page: 1 }, PUSH)}
          />
        )}
      </div>
      <div aria-busy={board.isFetching}>
        <QueryState query={board} loading="Loading the event board…" empty="No scores in this division yet.">
          {(page) => (
            <>
              <DataTable
                caption={`${e.name} overall standing`}
                columns={columns}
                rows={page.items}
                rowKey={(r) => r.athlete.wp_user_id}
                rowCurrent={mine}
                rowClassName={(r) => (mine(r) ? 'event-me' : undefined)}
                pinned={page.me && !page.items.some(mine) ? { label: 'Your place', rows: [page.me] } : null}
                empty="No scores in this division yet."
                stackOnPhone
                className="event-board"
              />
              <Pagination
                offset={offset}
                shown={page.items.length}
                total={page.total}
                pageSize={PAGE_SIZE}
                onPage={(o) => setState({ page: Math.floor(o / PAGE_SIZE) + 1 }, PUSH)}
              />
            </>
          )}
        </QueryState>
      </div>
      <h3>Workouts</h3>
      <ol className="event-workouts">
        {e.workouts.map((w) => (
          <li key={w.position}>
            <Link href={`/challenge-detail-page?id=${w.challenge_id}`}>{w.title}</Link> ·{' '}
            <Link href={`/challenge-leaderboard-page?id=${w.challenge_id}`}>its board</Link>
          </li>
        ))}
      </ol>
      {user?.wp_user_id === e.creator.wp_user_id && (
        <p>
          <Link href={`/edit-challenge-page?event=${e.id}`} className="btn btn-secondary">
            Edit the event
          </Link>
        </p>
      )}
    </>
  );
}

export function eventIdFrom(search: string): number | null {
  const raw = new URLSearchParams(search).get('event');
  return raw && /^\d{1,9}$/.test(raw) && Number(raw) > 0 ? Number(raw) : null;
}

export type { EventView };

export default function EventBoardPage({ id }: { id: number }) {
  return (
    <div className="container page">
      <h1>Leaderboard</h1>
      <EventBoard key={id} id={id} />
    </div>
  );
}
