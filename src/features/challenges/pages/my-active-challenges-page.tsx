import { Link } from 'wouter';
import { useMyParticipating } from '../api/challenges.ts';
import { ChallengeList } from '../components/challenge-card.tsx';
import '../challenges.css';

export default function MyActiveChallengesPage() {
  const mine = useMyParticipating();
  const active = mine.data?.items.filter((c) => c.status !== 'closed') ?? [];
  return (
    <div className="container page">
      <h1>My Active Challenges</h1>
      <p className="lead muted">Challenges you have joined that are open or about to open.</p>
      {mine.isPending ? (
        <p role="status">Loading your challenges…</p>
      ) : mine.isError ? (
        <p className="error-text" role="alert">{mine.error.message}</p>
      ) : (
        <ChallengeList items={active} empty="You are not in an open challenge right now." />
      )}
      <p>
        <Link href="/challenge-discovery-page" className="btn btn-secondary">
          Find more challenges
        </Link>
      </p>
    </div>
  );
}
