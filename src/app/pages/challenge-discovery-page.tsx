import { lazy, Suspense } from 'react';
import ChallengeDiscoveryPage from '#src/features/challenges/pages/challenge-discovery-page.tsx';
import { Pending } from '#src/lib/settled.tsx';

const EventsSection = lazy(() => import('#src/features/events/components/events-section.tsx').then((m) => ({ default: m.EventsSection })));

/** Discovery: challenges, with the running multi-workout events below them (the events area). */
export default function Discovery() {
  return (
    <ChallengeDiscoveryPage>
      <Suspense fallback={<Pending />}>
        <EventsSection />
      </Suspense>
    </ChallengeDiscoveryPage>
  );
}
