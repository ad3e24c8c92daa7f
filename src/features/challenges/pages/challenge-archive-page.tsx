import { Link } from 'wouter';
import { useDiscover } from '../api/discover.ts';
import { formatDate } from '#src/lib/format.ts';
import { QueryState } from '#src/components/query-state.tsx';
import { param, useQueryState } from '#src/lib/use-search-param.ts';
import { useShownPages } from '../api/shown-pages.ts';
import '../challenges.css';

export default function ChallengeArchivePage() {
  // ?q=murph&shown=2: the search and how many pages are shown live in the address.
  const [{ q: search, shown }, setState] = useQueryState({ q: param.string(), shown: param.int(1, 1, 50) });
  const list = useDiscover({ search: search.trim() }, true);
  const showMore = useShownPages(list, shown, (n) => setState({ shown: n }));
  return (
    <div className="container page">
      <h1>Challenge Archive</h1>
      <p className="lead muted">Closed challenges and their final standings. Replay any of them to watch the board unfold.</p>
      <form className="filters" role="search" onSubmit={(e) => e.preventDefault()}>
        <div className="field grow">
          <label htmlFor="arch-search">Search the archive</label>
          <input
            id="arch-search"
            type="search"
            value={search}
            maxLength={100}
            onChange={(e) => setState({ q: e.target.value, shown: 1 })}
          />
        </div>
      </form>
      <QueryState query={list} loading="Loading the archive…" empty="No closed challenges yet.">
        {(data) => (
          <ul className="challenge-grid">
            {data.pages
              .flatMap((p) => p.items)
              .map((c) => (
                <li key={c.id} className="card challenge-card">
                  <h2 className="challenge-card-title">
                    <Link className="card-title-link" href={`/challenge-detail-page?id=${c.id}`}>
                      {c.title}
                    </Link>
                  </h2>
                  <p className="muted challenge-card-meta">
                    Closed {formatDate(c.ends_at)} · {c.participant_count} athletes
                  </p>
                  <p>
                    <Link href={`/challenge-leaderboard-page?id=${c.id}`}>Final standings</Link> ·{' '}
                    <Link href={`/challenge-replay-page?id=${c.id}`}>Replay</Link>
                  </p>
                </li>
              ))}
          </ul>
        )}
      </QueryState>
      {list.hasNextPage && (
        <button type="button" className="btn btn-secondary" onClick={showMore} disabled={list.isFetchingNextPage}>
          Show more
        </button>
      )}
    </div>
  );
}
