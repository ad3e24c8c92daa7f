import { useEffect } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useSessionView } from './session/session-view.ts';
import { pendingCount, subscribe } from './settled.tsx';

// `<html data-settled>` kept up to date (#36; what it means: ./settled.tsx). Loaded by the app only in a browser driven
// by automation (src/app/app.tsx), so it is not in a visitor's download.

/** Keeps `<html data-settled>` up to date (rendered once, inside the query client and the session). */
export default function SettledSignal() {
  const client = useQueryClient();
  const { restoring } = useSessionView();
  useEffect(() => {
    const root = document.documentElement;
    let frame = 0;
    const check = () => {
      cancelAnimationFrame(frame);
      if (restoring || pendingCount() || client.isFetching() || client.isMutating()) return root.removeAttribute('data-settled');
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
