import { lazy, Suspense } from 'react';
import { useSearch } from 'wouter';
import ChallengeLeaderboardPage from '#src/features/challenges/pages/challenge-leaderboard-page.tsx';
import { PageFallback } from '../layout/page-fallback.tsx';

const EventBoardPage = lazy(() => import('#src/features/events/pages/event-board-page.tsx'));

function eventParam(search: string): number | null {
  const raw = new URLSearchParams(search).get('event');
  return raw && /^\d{1,9}$/.test(raw) && Number(raw) > 0 ? Number(raw) : null;
}

/** /leaderboard-page: a challenge's board, or with ?event=<id> a multi-workout event's overall board (the events area). */
export default function LeaderboardPage() {
  const event = eventParam(useSearch());
  if (event === null) return <ChallengeLeaderboardPage />;
  return (
    <Suspense fallback={<PageFallback />}>
      <EventBoardPage id={event} />
    </Suspense>
  );
}
