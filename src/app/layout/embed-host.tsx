import { useEffect } from 'react';
import { useLocation, useSearch } from 'wouter';
import { postPageChange, startParentBeacon } from '#src/lib/embed.ts';

/**
 * What an app inside a frame tells its parent: a beacon every second and every page change.
 * Loaded only when the app runs in a frame (app.tsx), so a page on its own never downloads it.
 */
export default function EmbedHost() {
  const [pathname] = useLocation();
  const search = useSearch();
  useEffect(() => startParentBeacon(), []);
  useEffect(() => {
    postPageChange({ pathname: window.location.pathname, hash: window.location.hash, search: window.location.search });
  }, [pathname, search]);
  return null;
}
