import type { ReactNode } from 'react';
import { Link } from 'wouter';
import '../auth.css';

/** The page after signing out; the app composes in what follows the divider (the visit rating). */
export default function SignedOutPage({ children }: { children?: ReactNode }) {
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
