import { Link } from 'wouter';
import { useMyParticipating } from '../api/my-challenges.ts';
import { ChallengeList } from '../components/challenge-card.tsx';
import { QueryState } from '#src/components/query-state.tsx';
import '../challenges.css';

export default function MyActiveChallengesPage() {
  const mine = useMyParticipating();
  return (
    <div className="container page">
      <h1>My Active Challenges</h1>
      <p className="lead muted">Challenges you have joined that are open or about to open.</p>
      <QueryState query={mine} loading="Loading your challenges…">
        {(data) => (
          <ChallengeList items={data.items.filter((c) => c.status !== 'closed')} empty="You are not in an open challenge right now." />
        )}
      </QueryState>
      <p>
        <Link href="/challenge-discovery-page" className="btn btn-secondary">
          Find more challenges
        </Link>
      </p>
    </div>
  );
}
