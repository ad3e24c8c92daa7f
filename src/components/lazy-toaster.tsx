import { lazy, Suspense, useEffect, useState, useSyncExternalStore, type ComponentType } from 'react';
import { getToasts, subscribeToasts } from '../lib/toast.ts';
import { Pending } from '#src/lib/settled.tsx';

// Radix Toast is not needed until something is said: the toaster (and Radix) loads with the first
// toast, which shows as soon as its chunk is in. No page fetches it unprompted. The first toast can come
// while the network is down (a dropped connection is what it says): a chunk that fails to load leaves the
// page as it is (no toaster, never a blank page) and is asked for again when the browser is back online.
const loadToaster = (onFailed: () => void) =>
  lazy(() =>
    import('./toaster.tsx').then(
      (m) => ({ default: m.Toaster as ComponentType }),
      () => {
        onFailed();
        return { default: (() => null) as ComponentType };
      },
    ),
  );

export function LazyToaster() {
  const queued = useSyncExternalStore(
    subscribeToasts,
    () => getToasts().length > 0,
    () => false,
  );
  // Once a toast came, the toaster stays (it shows the ones after it).
  const [wanted, setWanted] = useState(false);
  if (queued && !wanted) setWanted(true);
  const [failed, setFailed] = useState(0);
  const [attempt, setAttempt] = useState(0);
  const [Toaster, setToaster] = useState<ComponentType | null>(null);
  useEffect(() => {
    if (wanted) setToaster(() => loadToaster(() => setFailed((n) => n + 1)));
  }, [wanted, attempt]);
  useEffect(() => {
    if (!failed) return;
    const again = () => setAttempt((n) => n + 1);
    window.addEventListener('online', again, { once: true });
    return () => window.removeEventListener('online', again);
  }, [failed]);
  if (!wanted || !Toaster) return null;
  return (
    <Suspense fallback={<Pending />}>
      <Toaster />
    </Suspense>
  );
}
