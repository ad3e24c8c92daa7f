import { useLayoutEffect, type ReactNode } from 'react';

// "This page has settled" (#36), for tests and tools that read a page once it is complete: `<html data-settled>` is set
// when the page's chunk has rendered, no query is fetching, no mutation is running, the session is not being restored
// and no Suspense boundary shows its fallback (each fallback holds a <Pending>), and that has held for two frames. It
// is removed as soon as any of them is busy again (a navigation, a refetch). Nothing else reads it. The counting is
// here, in every first load (a few bytes); what keeps the attribute is ./settled-signal.tsx, loaded only in a browser
// driven by automation (`navigator.webdriver`: the journeys), so a visitor never downloads it.

let pending = 0;
/** How many parts hold the page unsettled now. */
export const pendingCount = () => pending;
const listeners = new Set<() => void>();
const changed = () => listeners.forEach((l) => l());
export const subscribe = (l: () => void) => (listeners.add(l), () => void listeners.delete(l));

/** Holds the page unsettled while `active` (an answer in, its render still to come). */
export function useUnsettled(active = true) {
  useLayoutEffect(() => {
    if (!active) return;
    pending += 1;
    changed();
    return () => {
      pending -= 1;
      changed();
    };
  }, [active]);
}

/** Holds the page unsettled while mounted: in a Suspense fallback, a chunk on its way. */
export function Pending({ children = null }: { children?: ReactNode }) {
  useUnsettled();
  return children;
}
