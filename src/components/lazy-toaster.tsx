import { lazy, Suspense, useState, useSyncExternalStore } from 'react';
import { getToasts, subscribeToasts } from '../lib/toast.ts';

// Radix Toast is not needed until something is said: the toaster (and Radix) loads with the first
// toast, which shows as soon as its chunk is in. No page fetches it unprompted.
const Toaster = lazy(() => import('./toaster.tsx').then((m) => ({ default: m.Toaster })));

export function LazyToaster() {
  const queued = useSyncExternalStore(
    subscribeToasts,
    () => getToasts().length > 0,
    () => false,
  );
  // Once a toast came, the toaster stays (it shows the ones after it).
  const [wanted, setWanted] = useState(false);
  if (queued && !wanted) setWanted(true);
  if (!wanted) return null;
  return (
    <Suspense fallback={null}>
      <Toaster />
    </Suspense>
  );
}
