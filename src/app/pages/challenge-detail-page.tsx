import { lazy, Suspense } from 'react';
import { useSearch } from 'wouter';
import ChallengeDetailPage from '#src/features/challenges/pages/challenge-detail-page.tsx';
import { useChallenge } from '#src/features/challenges/api/challenges.ts';
import { EventLinks } from '#src/features/events/components/event-links.tsx';
import { useEvents } from '#src/features/events/api/events.ts';
import { GoLiveLinks } from '#src/features/live/components/go-live-link.tsx';
import { Pending } from '#src/lib/settled.tsx';

const TheaterSection = lazy(() => import('#src/features/theater/components/theater-section.tsx'));

function idParam(search: string): number | null {
  const raw = new URLSearchParams(search).get('id');
  return raw && /^\d{1,9}$/.test(raw) && Number(raw) > 0 ? Number(raw) : null;
}

/**
 * A challenge's page, saying which event it is a workout of (the events area) and who is live on it, with Go live for a
 * joined athlete (the live area), and the community theater below (the theater area).
 */
export default function ChallengeDetail() {
  const id = idParam(useSearch());
  // The theater comes once the page above it is in place (the same query: no second request, and the page no longer
  // holding its skeleton for the event notes), so it never gets pushed down.
  const challenge = useChallenge(id);
  // The event notes sit under the title: the page waits for them (one small query, asked beside the challenge),
  // so they never push the page down when they arrive.
  const events = useEvents({ challengeId: id });
  return (
    <>
      <ChallengeDetailPage holding={events.isLoading}>
        <EventLinks challengeId={id} />
        {id !== null && challenge.data ? (
          <GoLiveLinks challengeId={id} canGoLive={!!challenge.data.my_entry && challenge.data.status === 'open'} />
        ) : null}
      </ChallengeDetailPage>
      {challenge.data && !events.isLoading ? (
        <Suspense fallback={<Pending />}>
          <TheaterSection challengeId={id} />
        </Suspense>
      ) : null}
    </>
  );
}
