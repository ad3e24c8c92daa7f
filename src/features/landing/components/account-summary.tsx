import { lazy, Suspense } from 'react';
import { Link } from 'wouter';
import { useSessionView } from '#src/lib/session/session-view.ts';
import { SummarySkeleton } from './summary-skeleton.tsx';
import { Pending } from '#src/lib/settled.tsx';

/** A signed-in athlete's summary (and the places' words it shows) loads only for them: a visitor's home does without it. */
const SignedInSummary = lazy(() => import('./signed-in-summary.tsx'));

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
        <Suspense
          fallback={
            <Pending>
              <h2 id="home-summary-title">Your training, {user.display_name}</h2>
              <SummarySkeleton />
            </Pending>
          }
        >
          <SignedInSummary name={user.display_name} />
        </Suspense>
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
