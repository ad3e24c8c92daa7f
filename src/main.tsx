import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app.tsx';
import { PRELOAD_ERROR_EVENT } from './app/lazy-page.tsx';
import { preloadPage } from './app/router.tsx';
import { routerBase } from './lib/runtime-config.ts';
import { toast } from './lib/toast.ts';
import { reportClientError } from './lib/report-error.ts';
import { firstPaint } from './lib/first-paint.ts';
import { prefetchRememberedSession } from './lib/session/session-provider.tsx';
import './app/styles.css';

const PAGE_LOAD_FAILED_TEXT = 'This page could not be loaded. Check your connection, then press Retry.';

window.addEventListener('unhandledrejection', (event) => {
  console.error('Unhandled promise rejection:', event.reason);
  reportClientError('rejection', event.reason);
});
// lazyPage raises 'preload-error' when a page's chunk fails to load; keep a trace of it.
window.addEventListener(PRELOAD_ERROR_EVENT, (event) => {
  console.error('A page failed to load:', (event as CustomEvent).detail);
  reportClientError('chunk', (event as CustomEvent).detail);
  toast({ title: PAGE_LOAD_FAILED_TEXT, variant: 'error' });
});

// #root holds the route's prerendered shell (server/static.ts). The app renders into it and
// replaces it once the current page's chunk (already modulepreloaded) is in, so the first
// commit is the page, not the "Loading page..." fallback. Replaced, not hydrated: the shell is a
// signed-out header and a skeleton, which the real page does not match node for node.
function start() {
  const root = createRoot(document.getElementById('root')!);
  // The first render takes the place of the prerendered page: its placeholders show at once, like the prerender's.
  firstPaint.active = true;
  // Rendered as a transition: React renders the first page in slices of a few milliseconds, letting
  // the browser answer a tap in between, instead of one long task (the prerendered shell is on
  // screen meanwhile).
  startTransition(() =>
    root.render(
      <StrictMode>
        <App />
      </StrictMode>,
    ),
  );
}

const here = window.location.pathname.startsWith(routerBase) ? window.location.pathname.slice(routerBase.length) || '/' : '/';
const PRELOAD_WAIT_MS = 4000;
// A remembered athlete's session chart is fetched beside the page's chunk (a visitor's is not fetched at all).
prefetchRememberedSession();
void Promise.race([preloadPage(here), new Promise((resolve) => setTimeout(resolve, PRELOAD_WAIT_MS))])
  .catch(() => undefined)
  .finally(start);
