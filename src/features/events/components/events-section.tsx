import { Link } from 'wouter';
import { LoadingSkeleton } from '#src/components/loading-skeleton.tsx';
import { QueryError } from '#src/components/query-state.tsx';
import { formatDate } from '#src/lib/format.ts';
import { useSessionView } from '#src/lib/session/session-view.ts';
import { EVENT_RULE_NAMES } from '#domain/events.ts';
import { useEvents } from '../api/events.ts';
import '../events.css';

/** Discovery's "Events" section: running and upcoming multi-workout events. */
export function EventsSection() {
  const list = useEvents({ limit: 6 });
  const { user } = useSessionView();
  return (
    <section aria-labelledby="events-title" className="events-section">
      <div className="page-head">
        <h2 id="events-title">Events</h2>
        {user && (
          <Link href="/create-challenge-page?event=new" className="btn btn-secondary">
            Create an event
          </Link>
        )}
      </div>
      {list.isPending && <LoadingSkeleton label="Loading events…" rows={2} variant="cards" />}
      {list.isError && <QueryError error={list.error} onRetry={list.refetch} retrying={list.isFetching} />}
      {list.data && list.data.items.length === 0 && <p className="empty card">No events running right now.</p>}
      {list.data && list.data.items.length > 0 && (
        <ul className="event-card-list">
          {list.data.items.map((e) => (
            <li key={e.id} className="card card-linked">
              <h3 className="challenge-card-title">
                <Link className="card-title-link" href={`/leaderboard-page?event=${e.id}`}>
                  {e.name}
                </Link>
              </h3>
              <p className="muted">
                {e.workouts.length} workouts · {EVENT_RULE_NAMES[e.rule]} ·{' '}
                {e.status === 'upcoming' ? `opens ${formatDate(e.starts_at)}` : `ends ${formatDate(e.ends_at)}`}
              </p>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
