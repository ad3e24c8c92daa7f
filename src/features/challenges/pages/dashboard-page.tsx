import type { ReactNode } from 'react';
import { Link } from 'wouter';
import { useSessionView } from '../../../lib/session/session-view.ts';
import { formatDate } from '../../../lib/format.ts';
import { useMyParticipating, useMySubmissions, useRecommendations } from '../api/challenges.ts';
import { ChallengeList } from '../components/challenge-card.tsx';
import '../challenges.css';

/** The athlete's home; `children` (streaks, achievements from other areas) sit under the heading. */
export default function DashboardPage({ children }: { children?: ReactNode }) {
  const { user } = useSessionView();
  const active = useMyParticipating();
  const results = useMySubmissions();
  const recs = useRecommendations();
  const open = active.data?.items.filter((c) => c.status !== 'closed') ?? [];
  return (
    <div className="container page">
      <div className="page-head">
        <div>
          <h1>Dashboard</h1>
          <p className="lead muted">Welcome back{user ? `, ${user.display_name}` : ''}.</p>
        </div>
        <Link href="/create-challenge-page" className="btn btn-secondary">
          Create a challenge
        </Link>
      </div>
      {children}
      <section aria-labelledby="dash-active">
        <h2 id="dash-active">Your active challenges</h2>
        {active.isPending ? (
          <p role="status">Loading…</p>
        ) : active.isError ? (
          <p className="error-text">{active.error.message}</p>
        ) : (
          <ChallengeList items={open} empty="You have not joined an open challenge yet. Pick one below." />
        )}
      </section>
      <section aria-labelledby="dash-results">
        <h2 id="dash-results">Recent results</h2>
        {results.isPending ? (
          <p role="status">Loading…</p>
        ) : results.isError ? (
          <p className="error-text">{results.error.message}</p>
        ) : results.data.items.length === 0 ? (
          <p className="empty card">Your scores will show here.</p>
        ) : (
          <ul className="card result-list">
            {results.data.items.slice(0, 5).map((r) => (
              <li key={r.score.id}>
                <Link href={`/challenge-detail-page?id=${r.challenge.id}`}>{r.challenge.title}</Link>: <strong>{r.score.display}</strong>
                {r.rank !== null && <> · place {r.rank}</>} <span className="muted">· {formatDate(r.score.submitted_at)}</span>
              </li>
            ))}
          </ul>
        )}
        <p>
          <Link href="/my-results-page">All my results</Link>
        </p>
      </section>
      <section aria-labelledby="dash-recs">
        <h2 id="dash-recs">Recommended for you</h2>
        {recs.isPending ? (
          <p role="status">Loading…</p>
        ) : recs.isError ? (
          <p className="error-text">{recs.error.message}</p>
        ) : (
          <ChallengeList items={recs.data.items} empty="Nothing new to recommend right now: check back soon." />
        )}
      </section>
    </div>
  );
}
