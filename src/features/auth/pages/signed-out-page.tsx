import { Link } from 'wouter';
import { SignoutRating } from '../components/signout-rating.tsx';
import '../auth.css';

export default function SignedOutPage() {
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
        <hr className="divider" />
        <SignoutRating />
      </div>
    </div>
  );
}
