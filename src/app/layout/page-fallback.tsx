import { Delayed } from '#src/components/loading-skeleton.tsx';
import { Pending } from '#src/lib/settled.tsx';
import { LOADING_TEXT } from '../loading-text.ts';

/**
 * While a page's chunk (or the remembered session) loads: the page's space is held at once,
 * and the spec's "Loading page..." appears only after 300 ms, so a fast load does not flash it. The page has not
 * settled meanwhile (src/lib/settled.tsx).
 */
export function PageFallback() {
  return (
    <div className="container page page-fallback">
      <Pending />
      <Delayed>
        <div role="status" aria-live="polite">
          <p className="loading">{LOADING_TEXT}</p>
        </div>
      </Delayed>
    </div>
  );
}
