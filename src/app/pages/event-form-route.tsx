import { lazy, Suspense, type ComponentType } from 'react';
import { useSearch } from 'wouter';
import { PageFallback } from '../layout/page-fallback.tsx';

const EventFormPage = lazy(() => import('#src/features/events/pages/event-form-page.tsx'));

/**
 * The create and edit challenge pages also create and edit events (the spec names no event
 * route): ?event=new creates one, ?event=<id> edits it; without ?event, the challenge page.
 */
export function withEventForm(ChallengePage: ComponentType) {
  return function ChallengeOrEventForm() {
    const raw = new URLSearchParams(useSearch()).get('event');
    if (raw === null) return <ChallengePage />;
    const id = /^\d{1,9}$/.test(raw) && Number(raw) > 0 ? Number(raw) : null;
    return (
      <Suspense fallback={<PageFallback />}>
        <EventFormPage id={id} />
      </Suspense>
    );
  };
}
