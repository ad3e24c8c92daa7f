import { useState } from 'react';
import { useDebounced } from '../../../lib/use-debounced.ts';
import { Link } from 'wouter';
import { SCORE_TYPE_LABELS, useDiscover, type ChallengeStatus, type ScoreType } from '../api/challenges.ts';
import { ChallengeList } from '../components/challenge-card.tsx';
import { useSessionView } from '../../../lib/session/session-view.ts';
import '../challenges.css';


export default function ChallengeDiscoveryPage() {
  const { user } = useSessionView();
  const [search, setSearch] = useState('');
  const [scoreType, setScoreType] = useState<ScoreType | ''>('');
  const [status, setStatus] = useState<ChallengeStatus | ''>('open');
  const q = useDebounced(search.trim(), 300);
  const list = useDiscover({ search: q, score_type: scoreType || undefined, status: status || undefined });
  const items = list.data?.pages.flatMap((p) => p.items) ?? [];
  return (
    <div className="container page">
      <div className="page-head">
        <div>
          <h1>Challenges</h1>
          <p className="lead muted">Find a workout to take on, then climb its leaderboard.</p>
        </div>
        {user && (
          <Link href="/create-challenge-page" className="btn btn-primary">
            Create a challenge
          </Link>
        )}
      </div>
      <form className="filters" role="search" onSubmit={(e) => e.preventDefault()}>
        <div className="field grow">
          <label htmlFor="ch-search">Search</label>
          <input id="ch-search" type="search" value={search} maxLength={100} onChange={(e) => setSearch(e.target.value)} placeholder="Fran, squat, rowing…" />
        </div>
        <div className="field">
          <label htmlFor="ch-type">Scoring</label>
          <select id="ch-type" value={scoreType} onChange={(e) => setScoreType(e.target.value as ScoreType | '')}>
            <option value="">Any</option>
            {(Object.keys(SCORE_TYPE_LABELS) as ScoreType[]).map((t) => (
              <option key={t} value={t}>
                {SCORE_TYPE_LABELS[t]}
              </option>
            ))}
          </select>
        </div>
        <div className="field">
          <label htmlFor="ch-status">When</label>
          <select id="ch-status" value={status} onChange={(e) => setStatus(e.target.value as ChallengeStatus | '')}>
            <option value="open">Open now</option>
            <option value="upcoming">Upcoming</option>
            <option value="closed">Closed</option>
            <option value="">Any time</option>
          </select>
        </div>
      </form>
      {list.isPending ? (
        <p role="status">Loading challenges…</p>
      ) : list.isError ? (
        <p className="error-text" role="alert">
          {list.error.message}{' '}
          <button type="button" className="link-button" onClick={() => void list.refetch()}>
            Try again
          </button>
        </p>
      ) : (
        <>
          <ChallengeList items={items} empty="No challenge matches. Try other filters, or create one." />
          {list.hasNextPage && (
            <button type="button" className="btn btn-secondary" onClick={() => void list.fetchNextPage()} disabled={list.isFetchingNextPage}>
              {list.isFetchingNextPage ? 'Loading…' : 'Show more'}
            </button>
          )}
        </>
      )}
    </div>
  );
}
