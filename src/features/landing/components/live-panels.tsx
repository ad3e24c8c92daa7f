import { useEffect, useRef, type ReactNode } from 'react';
import { Link } from 'wouter';
import { QueryError } from '#src/components/query-state.tsx';
import { formatDate } from '#src/lib/format.ts';
import { useHomeFeed, type Challenge, type HomeLeader, type HomeRecord } from '../api/home.ts';
import { useDisplayText } from '#src/lib/score-text.ts';

/** Rows each panel holds: the skeleton and the empty state keep this height, so nothing below moves. */
export const PANEL_ROWS = 6;

const relative = new Intl.RelativeTimeFormat(undefined, { numeric: 'auto' });

/** "just now", "5 minutes ago", "yesterday": how long ago a record came in. */
export function timeAgo(iso: string, now = Date.now()): string {
  const seconds = Math.round((new Date(iso).getTime() - now) / 1000);
  if (Math.abs(seconds) < 60) return 'just now';
  const minutes = Math.round(seconds / 60);
  if (Math.abs(minutes) < 60) return relative.format(minutes, 'minute');
  const hours = Math.round(minutes / 60);
  if (Math.abs(hours) < 24) return relative.format(hours, 'hour');
  return relative.format(Math.round(hours / 24), 'day');
}

/** A record as the athlete entered it: "127.5 kg", "6 reps"; times ("21:50") carry no unit word. */
export function recordValue(r: Pick<HomeRecord, 'value' | 'unit'>): string {
  return r.unit.includes(':') || r.value.includes(':') ? r.value : `${r.value} ${r.unit}`;
}

export function SkeletonRows({ label }: { label: string }) {
  return (
    <div className="home-rows" role="status" aria-label={label}>
      {Array.from({ length: PANEL_ROWS }, (_, i) => (
        <div key={i} className="home-row home-row-skeleton" aria-hidden="true">
          <span className="home-skeleton-bar" />
          <span className="home-skeleton-bar home-skeleton-short" />
        </div>
      ))}
    </div>
  );
}

function Panel({ id, title, action, children }: { id: string; title: string; action?: ReactNode; children: ReactNode }) {
  return (
    <section className="card home-panel" aria-labelledby={id}>
      <div className="home-panel-head">
        <h2 id={id}>{title}</h2>
        {action}
      </div>
      {children}
    </section>
  );
}

function Empty({ children }: { children: ReactNode }) {
  return <div className="home-empty">{children}</div>;
}

function OpenChallenges({ items }: { items: Challenge[] }) {
  if (items.length === 0)
    return (
      <Empty>
        <p>No open challenges yet — create one.</p>
        <Link href="/create-challenge-page" className="btn btn-primary btn-small">
          Create a challenge
        </Link>
      </Empty>
    );
  return (
    <ul className="home-rows">
      {items.map((c) => (
        <li key={c.id} className="home-row">
          <Link href={`/challenge-detail-page?id=${c.id}`} className="home-row-title">
            {c.title}
          </Link>
          <span className="home-row-meta">
            {c.participant_count} {c.participant_count === 1 ? 'athlete' : 'athletes'} · closes {formatDate(c.ends_at)}
          </span>
        </li>
      ))}
    </ul>
  );
}

function TodaysLeaders({ items }: { items: HomeLeader[] }) {
  const shown = useDisplayText();
  if (items.length === 0)
    return (
      <Empty>
        <p>No scores yet today — be the first on a board.</p>
        <Link href="/challenge-discovery-page" className="btn btn-secondary btn-small">
          Find a challenge
        </Link>
      </Empty>
    );
  return (
    <ol className="home-rows">
      {items.map((l) => (
        <li key={l.challenge.id} className="home-row">
          <span className="home-row-title" title={`${l.athlete.display_name}: ${shown(l.display)}`}>
            <Link href={`/athlete-profile-page?id=${l.athlete.wp_user_id}`}>{l.athlete.display_name}</Link>{' '}
            <strong className="home-score">{shown(l.display)}</strong>
          </span>
          <span className="home-row-meta">
            <Link href={`/challenge-leaderboard-page?id=${l.challenge.id}`}>{l.challenge.title}</Link> ·{' '}
            {l.division === 'rx' ? 'Rx' : 'Scaled'}
          </span>
        </li>
      ))}
    </ol>
  );
}

function RecordTicker({ items }: { items: HomeRecord[] }) {
  const shown = useDisplayText();
  // Records that arrive after the first load are marked new for a moment.
  const seen = useRef<Set<number> | null>(null);
  const fresh = seen.current ? new Set(items.filter((r) => !seen.current!.has(r.id)).map((r) => r.id)) : new Set<number>();
  useEffect(() => {
    seen.current = new Set([...(seen.current ?? []), ...items.map((r) => r.id)]);
  }, [items]);
  if (items.length === 0)
    return (
      <Empty>
        <p>No personal records yet — log yours and it shows up here.</p>
        <Link href="/submit-pr-page" className="btn btn-secondary btn-small">
          Log a personal record
        </Link>
      </Empty>
    );
  return (
    <ul className="home-rows" aria-live="polite" aria-relevant="additions">
      {items.map((r) => (
        <li key={r.id} className={`home-row${fresh.has(r.id) ? ' home-row-new' : ''}`}>
          <span className="home-row-title" title={`${r.athlete.display_name}: ${shown(recordValue(r))}`}>
            <Link href={`/athlete-profile-page?id=${r.athlete.wp_user_id}`}>{r.athlete.display_name}</Link>{' '}
            <strong className="home-score">{shown(recordValue(r))}</strong>
          </span>
          <span className="home-row-meta">
            {r.test_name} · <time dateTime={r.submitted_at}>{timeAgo(r.submitted_at)}</time>
          </span>
        </li>
      ))}
    </ul>
  );
}

/** The live part of the home page: open challenges, today's leaders and the records ticker. */
export function LivePanels() {
  const feed = useHomeFeed();
  const body = (render: (data: NonNullable<typeof feed.data>) => ReactNode, label: string) => {
    if (feed.data) return render(feed.data);
    if (feed.isError)
      return (
        <Empty>
          <QueryError error={feed.error} onRetry={feed.refetch} retrying={feed.isFetching} />
        </Empty>
      );
    return <SkeletonRows label={label} />;
  };
  return (
    <div className="home-panels">
      <Panel
        id="home-open-title"
        title="Open challenges"
        action={
          <Link href="/challenge-discovery-page" className="home-panel-link">
            All challenges
          </Link>
        }
      >
        {body(
          (d) => (
            <OpenChallenges items={d.open_challenges} />
          ),
          'Loading open challenges',
        )}
      </Panel>
      <Panel id="home-leaders-title" title="Today’s leaders">
        {body(
          (d) => (
            <TodaysLeaders items={d.todays_leaders} />
          ),
          'Loading today’s leaders',
        )}
      </Panel>
      <Panel
        id="home-records-title"
        title="Latest personal records"
        action={
          <span className="home-live" title="Updates every 30 seconds">
            Live
          </span>
        }
      >
        {body(
          (d) => (
            <RecordTicker items={d.recent_records} />
          ),
          'Loading the latest records',
        )}
      </Panel>
    </div>
  );
}
