import type { ReactNode } from 'react';
import { placeText } from '#domain/places.ts';
import { Link } from 'wouter';
import { useSessionView } from '#src/lib/session/session-view.ts';
import { formatDate } from '#src/lib/format.ts';
import { useMyParticipating, useMySubmissions, useRecommendations } from '../api/my-challenges.ts';
import { ChallengeList } from '../components/challenge-card.tsx';
import { QueryState } from '#src/components/query-state.tsx';
import { ScoreState } from '../components/score-state.tsx';
import '../challenges.css';
import { useScoreText } from '../api/score-text.ts';

/**
 * The athlete's home; `children` (streaks, achievements from other areas) sit under the heading, `after` (the
 * followers feed) below the athlete's own sections.
 */
export default function DashboardPage({ children, after }: { children?: ReactNode; after?: ReactNode }) {
  const { user } = useSessionView();
  const active = useMyParticipating();
  const results = useMySubmissions();
  const scoreText = useScoreText();
  const recs = useRecommendations();
  return (
    <div className="container page">
      <div className="page-head">
        <div>
          <h1>Dashboard</h1>
          <p className="lead muted">
            {user ? `Hi ${user.display_name}: your challenges, results and picks for you.` : 'Your challenges, results and picks for you.'}
          </p>
        </div>
        <Link href="/create-challenge-page" className="btn btn-secondary">
          Create a challenge
        </Link>
      </div>
      {children}
      <section aria-labelledby="dash-active">
        <h2 id="dash-active">Your active challenges</h2>
        <QueryState query={active}>
          {(data) => (
            <ChallengeList
              items={data.items.filter((c) => c.status !== 'closed')}
              empty="You have not joined an open challenge yet. Pick one below."
            />
          )}
        </QueryState>
      </section>
      <section aria-labelledby="dash-results">
        <h2 id="dash-results">Recent results</h2>
        <QueryState query={results} empty="Your scores will show here.">
          {(data) => (
            <ul className="card result-list">
              {data.items.slice(0, 5).map((r) => (
                <li key={r.score.id}>
                  <Link href={`/challenge-detail-page?id=${r.challenge.id}`}>{r.challenge.title}</Link>:{' '}
                  <strong>{scoreText(r.score, r.challenge.score_type)}</strong>
                  {r.place ? <> · {placeText(r.place)}</> : null}
                  {r.kudos > 0 && <> · {r.kudos} kudos</>} <ScoreState score={r.score} isBest={r.is_best} />{' '}
                  <span className="muted">· {formatDate(r.score.submitted_at)}</span>
                </li>
              ))}
            </ul>
          )}
        </QueryState>
        <p>
          <Link href="/my-results-page">All my results</Link>
        </p>
      </section>
      <section aria-labelledby="dash-recs">
        <h2 id="dash-recs">Recommended for you</h2>
        <QueryState query={recs}>
          {(data) => <ChallengeList items={data.items} empty="Nothing new to recommend right now: check back soon." />}
        </QueryState>
      </section>
      {after}
    </div>
  );
}
