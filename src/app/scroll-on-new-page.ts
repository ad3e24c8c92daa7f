import { useLayoutEffect, useRef } from 'react';

// Whether the last change of address was Back or Forward (the browser puts that page's scroll back itself) rather than
// the app's (wouter announces its pushState and replaceState calls as events of those names).
let popped = false;
if (typeof window === 'object') {
  addEventListener('popstate', () => (popped = true));
  addEventListener('pushState', () => (popped = false));
  addEventListener('replaceState', () => (popped = false));
}

/**
 * Opens a new page at its top, as a full load would: a link, a redirect or a sign-in that goes on to the page asked
 * for. Not the first render (the browser's own place), not Back or Forward (the browser restores that page's scroll),
 * not an address with a #fragment (the page scrolls to it), and not a change of the query alone (filters, a board's
 * page: `path` is the address without its query).
 */
export function useScrollOnNewPage(path: string): void {
  const shown = useRef(path);
  useLayoutEffect(() => {
    if (shown.current !== path && !popped && !location.hash) scrollTo(0, 0);
    shown.current = path;
  }, [path]);
}
