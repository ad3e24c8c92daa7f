import { lazy, Suspense, useEffect, useState, useSyncExternalStore } from 'react';
import { getToasts, subscribeToasts } from '../lib/toast.ts';

// Radix Toast is not needed for the first paint: the toaster loads with the first toast,
// or once the browser is idle after the page is up, whichever comes first.
const Toaster = lazy(() => import('./toaster.tsx').then((m) => ({ default: m.Toaster })));

const IDLE_FALLBACK_MS = 2000;

function whenIdle(run: () => void): () => void {
  if (typeof window.requestIdleCallback === 'function') {
    const id = window.requestIdleCallback(run, { timeout: IDLE_FALLBACK_MS });
    return () => window.cancelIdleCallback(id);
  }
  const id = window.setTimeout(run, IDLE_FALLBACK_MS);
  return () => window.clearTimeout(id);
}

export function LazyToaster() {
  const queued = useSyncExternalStore(
    subscribeToasts,
    () => getToasts().length > 0,
    () => false,
  );
  const [idle, setIdle] = useState(false);
  useEffect(() => whenIdle(() => setIdle(true)), []);
  if (!queued && !idle) return null;
  return (
    <Suspense fallback={null}>
      <Toaster />
    </Suspense>
  );
}
