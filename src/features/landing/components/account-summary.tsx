import { Link } from 'wouter';
import { placeText } from '#domain/places.ts';
import { QueryError } from '#src/components/query-state.tsx';
import { useSessionView } from '#src/lib/session/session-view.ts';
import { useAccountSummary, type MySubmission } from '../api/home.ts';
import { useDisplayText } from '#src/lib/score-text.ts';

function SummarySkeleton() {
  return (
    <div role="status" aria-label="Loading your summary">
      {[0, 1, 2].map((i) => (
        <p key={i} className="home-summary-line" aria-hidden="true">
          <span className="home-skeleton-bar" />
        </p>
      ))}
    </div>
  );
}

/** The newest submission, with the place of the athlete's best on their board. */
function latestResult(items: MySubmission[]) {
  const latest = items[0];
  if (!latest) return null;
  const best = items.find((s) => s.challenge.id === latest.challenge.id && s.is_best);
  return { latest, place: best?.place ?? null };
}

function SignedInSummary({ name }: { name: string }) {
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

function SignedOutSummary() {
  return (
    <>
      <h2 id="home-summary-title">New here?</h2>
      <ol className="home-summary-steps">
        <li>Sign in or create a free account.</li>
        <li>Join an open challenge in Rx or Scaled.</li>
        <li>Submit your score and see your rank at once.</li>
      </ol>
      <p className="home-summary-actions">
        <Link href="/login-page" className="btn btn-primary">
          Sign in
        </Link>
        <Link href="/challenge-discovery-page" className="btn btn-secondary">
          Browse challenges
        </Link>
      </p>
    </>
  );
}

/** The hero's side card: a signed-in athlete's summary, or where a visitor starts. Same height either way. */
export function AccountSummary() {
  const { user, restoring } = useSessionView();
  return (
    <aside className="card home-summary" aria-labelledby="home-summary-title">
      {user ? (
        <SignedInSummary name={user.display_name} />
      ) : restoring ? (
        <>
          <h2 id="home-summary-title">Your training</h2>
          <SummarySkeleton />
        </>
      ) : (
        <SignedOutSummary />
      )}
    </aside>
  );
}
