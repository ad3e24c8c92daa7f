import { lazy, Suspense } from 'react';
import { useSearch } from 'wouter';
import ChallengeDetailPage from '#src/features/challenges/pages/challenge-detail-page.tsx';
import { useChallenge } from '#src/features/challenges/api/challenges.ts';

const TheaterSection = lazy(() => import('#src/features/theater/components/theater-section.tsx'));
const EventLinks = lazy(() => import('#src/features/events/components/event-links.tsx').then((m) => ({ default: m.EventLinks })));

function idParam(search: string): number | null {
  const raw = new URLSearchParams(search).get('id');
  return raw && /^\d{1,9}$/.test(raw) && Number(raw) > 0 ? Number(raw) : null;
}

/** A challenge's page, saying which event it is a workout of (the events area), with the community theater below (the theater area). */
export default function ChallengeDetail() {
  const id = idParam(useSearch());
  // The theater comes once the page above it is in place (the same query: no second request), so it never gets pushed down.
  const challenge = useChallenge(id);
  return (
    <>
      <ChallengeDetailPage>
        <Suspense fallback={null}>
          <EventLinks challengeId={id} />
        </Suspense>
      </ChallengeDetailPage>
      {challenge.data ? (
        <Suspense fallback={null}>
          <TheaterSection challengeId={id} />
        </Suspense>
      ) : null}
    </>
  );
}
