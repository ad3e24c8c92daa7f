import { Link } from 'wouter';
import { placeText } from '#domain/places.ts';
import { QueryError } from '#src/components/query-state.tsx';
import { useAccountSummary, type MySubmission } from '../api/home.ts';
import { useDisplayText } from '#src/lib/score-text.ts';
import { SummarySkeleton } from './summary-skeleton.tsx';

// The home card of a signed-in athlete: open challenges, the latest result and its place (account-summary.tsx loads it).

/** The newest submission, with the place of the athlete's best on their board. */
function latestResult(items: MySubmission[]) {
  const latest = items[0];
  if (!latest) return null;
  const best = items.find((s) => s.challenge.id === latest.challenge.id && s.is_best);
  return { latest, place: best?.place ?? null };
}

export default function SignedInSummary({ name }: { name: string }) {
  const shown = useDisplayText();
  const { challenges, submissions } = useAccountSummary();
  const open = challenges.data?.items.filter((c) => c.status === 'open') ?? [];
  const result = submissions.data ? latestResult(submissions.data.items) : null;
  const failed = challenges.isError ? challenges : submissions.isError ? submissions : null;
  return (
    <>
      <h2 id="home-summary-title">Your training, {name}</h2>
      {failed ? (
        <QueryError error={failed.error} onRetry={failed.refetch} retrying={failed.isFetching} />
      ) : !challenges.data || !submissions.data ? (
        <SummarySkeleton />
      ) : (
        <dl className="home-summary-list">
          <div>
            <dt>Open challenges</dt>
            <dd>
              {open.length === 0 ? (
                <>
                  None right now — <Link href="/challenge-discovery-page">join one</Link>
                </>
              ) : (
                <>
                  {open.length}:{' '}
                  {open.slice(0, 2).map((c, i) => (
                    <span key={c.id}>
                      {i > 0 && ', '}
                      <Link href={`/challenge-detail-page?id=${c.id}`}>{c.title}</Link>
                    </span>
                  ))}
                  {open.length > 2 && ` and ${open.length - 2} more`}
                </>
              )}
            </dd>
          </div>
          <div>
            <dt>Latest result</dt>
            <dd>
              {result ? (
                <>
                  <strong>{shown(result.latest.score.display)}</strong> in{' '}
                  <Link href={`/challenge-leaderboard-page?id=${result.latest.challenge.id}`}>{result.latest.challenge.title}</Link>
                </>
              ) : (
                'No scores yet'
              )}
            </dd>
          </div>
          <div>
            <dt>Place</dt>
            <dd>{result?.place ? placeText(result.place) : result ? 'Not ranked yet (waiting for review)' : '—'}</dd>
          </div>
        </dl>
      )}
      <p className="home-summary-actions">
        <Link href="/dashboard-page" className="btn btn-primary">
          Go to your dashboard
        </Link>
      </p>
    </>
  );
}
