import { lazy, Suspense, type ComponentProps } from 'react';
import { Pending } from '#src/lib/settled.tsx';

const CommentaryStrip = lazy(() => import('./commentary-strip.tsx'));

/**
 * Where a page shows live commentary (a challenge's, or a live attempt's): the strip loads in its own chunk
 * after the page's content and shows nothing while there is no commentary.
 */
export function CommentarySlot(props: ComponentProps<typeof CommentaryStrip>) {
  return (
    <Suspense fallback={<Pending />}>
      <CommentaryStrip {...props} />
    </Suspense>
  );
}
