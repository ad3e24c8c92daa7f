import { useLayoutEffect, useRef } from 'react';

/**
 * Whether the last change of address came from Back or Forward (the browser puts that page's scroll back itself) rather
 * than from the app (wouter announces its pushState and replaceState calls as events of those names).
 */
let fromHistory = false;
if (typeof window !== 'undefined') {
  window.addEventListener('popstate', () => (fromHistory = true));
  for (const type of ['pushState', 'replaceState']) window.addEventListener(type, () => (fromHistory = false));
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
    if (shown.current === path) return;
    shown.current = path;
    if (fromHistory || window.location.hash) return;
    window.scrollTo(0, 0);
  }, [path]);
}
