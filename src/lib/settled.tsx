import { useEffect, useLayoutEffect, type ReactNode } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useSessionView } from './session/session-view.ts';

// "This page has settled" (#36), for tests and tools that read a page once it is complete: `<html data-settled>` is set
// when the page's chunk has rendered, no query is fetching, no mutation is running, the session is not being restored
// and no Suspense boundary shows its fallback (each fallback holds a <Pending>), and that has held for two frames. It
// is removed as soon as any of them is busy again (a navigation, a refetch). Nothing else reads it.

let pending = 0;
const listeners = new Set<() => void>();
const changed = () => listeners.forEach((l) => l());
const subscribe = (l: () => void) => (listeners.add(l), () => void listeners.delete(l));

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

/** Keeps `<html data-settled>` up to date (rendered once, inside the query client and the session). */
export function SettledSignal() {
  const client = useQueryClient();
  const { restoring } = useSessionView();
  useEffect(() => {
    const root = document.documentElement;
    let frame = 0;
    const check = () => {
      cancelAnimationFrame(frame);
      if (restoring || pending || client.isFetching() || client.isMutating()) return root.removeAttribute('data-settled');
      // Two frames later: what the last answer rendered has painted, and an effect it started (a query) has begun.
      frame = requestAnimationFrame(() => (frame = requestAnimationFrame(() => root.setAttribute('data-settled', ''))));
    };
    const stops = [client.getQueryCache().subscribe(check), client.getMutationCache().subscribe(check), subscribe(check)];
    check();
    return () => {
      cancelAnimationFrame(frame);
      stops.forEach((stop) => stop());
    };
  }, [client, restoring]);
  return null;
}
