import type { ReactNode } from 'react';
import { Link } from 'wouter';
import { Button } from '#src/components/ui/button.tsx';
import { SkeletonLines } from '#src/components/ui/skeleton.tsx';
import { SessionActor } from '#src/lib/session/session-provider.tsx';
import { useSessionView } from '#src/lib/session/session-view.ts';
import '../auth.css';

/** The page after signing out; the app composes in what follows the divider (the visit rating). */
export default function SignedOutPage({ children }: { children?: ReactNode }) {
  const { user, restoring } = useSessionView();
  const session = SessionActor.useFlowActor();
  if (restoring) {
    return (
      <div className="container page auth-page" aria-busy="true">
        <div className="auth-card card">
          <SkeletonLines lines={3} />
        </div>
      </div>
    );
  }
  // Opened from a bookmark or another tab while still signed in: say so instead of claiming otherwise.
  if (user) {
    return (
      <div className="container page auth-page">
        <div className="auth-card card">
          <h1>You are still signed in</h1>
          <p>You are signed in as {user.display_name}. Sign out here, or carry on where you were.</p>
          <p className="signed-out-actions">
            <Button onClick={() => session.send({ type: 'session.logout' })}>Sign out</Button>{' '}
            <Link href="/dashboard-page" className="btn btn-secondary">
              Go to your dashboard
            </Link>
          </p>
        </div>
      </div>
    );
  }
  return (
    <div className="container page auth-page">
      <div className="auth-card card">
        <h1>You are signed out</h1>
        <p>Thanks for training with us. Your scores, records and streaks are safe until you are back.</p>
        <p className="signed-out-actions">
          <Link href="/login-page" className="btn btn-primary">
            Sign in again
          </Link>{' '}
          <Link href="/challenge-discovery-page" className="btn btn-secondary">
            Browse challenges
          </Link>
        </p>
        {children && (
          <>
            <hr className="divider" />
            {children}
          </>
        )}
      </div>
    </div>
  );
}
