// Built for Node by the prerender step (scripts/build-plugins.ts): renders each route's first
// paint, the real header and footer (signed out) around the page, so it needs no JavaScript.
// A public page is rendered itself, as the app's first render shows it (session restoring, no
// data yet: its headings, text and skeletons); other pages, and any page that cannot render
// outside a browser, show their heading and a skeleton. Markers the server fills per request:
// %BASE% (the mount point without its trailing slash) and %STORE_URL%.
import type { ReactNode } from 'react';
import { renderToString } from 'react-dom/server';
import { Router } from 'wouter';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { runtimeConfig } from '../src/lib/runtime-config.ts';
import { firstPaint } from '../src/lib/first-paint.ts';
import { SessionActor } from '../src/lib/session/session-provider.tsx';
import { SessionContext, type SessionView } from '../src/lib/session/session-view.ts';
import { Header } from '../src/app/layout/header.tsx';
import { Footer } from '../src/app/layout/footer.tsx';
import { pageRoutes } from '../src/app/route-table.ts';

export const BASE_MARKER = '%BASE%';
export const STORE_URL_MARKER = '%STORE_URL%';

const HOME_HEADING = 'Train hard. Score it right. Climb the board.';
/** What the app's first render sees: a remembered session may be on its way back. */
const RESTORING: SessionView = { user: null, isAdmin: false, restoring: true };

function Skeleton() {
  return (
    <div className="prerender-skeleton" aria-hidden="true">
      {Array.from({ length: 6 }, (_, i) => (
        <span key={i} className="prerender-skeleton-row" />
      ))}
    </div>
  );
}

function render(routePath: string, content: ReactNode): string {
  runtimeConfig.storeUrl = STORE_URL_MARKER;
  firstPaint.active = true;
  return renderToString(
    <QueryClientProvider client={new QueryClient()}>
      <Router base={BASE_MARKER} ssrPath={`${BASE_MARKER}${routePath}`} ssrSearch="">
        <SessionActor.Provider>
          <SessionContext.Provider value={RESTORING}>
            <a className="skip-link" href="#main">
              Skip to content
            </a>
            <div className="shell">
              <Header />
              <main id="main" tabIndex={-1}>
                {content}
              </main>
              <Footer />
            </div>
          </SessionContext.Provider>
        </SessionActor.Provider>
      </Router>
    </QueryClientProvider>,
  );
}

/** The route's heading and a skeleton. */
export function renderShell(routePath: string, title: string): string {
  const heading = routePath === '/' ? HOME_HEADING : title;
  return render(
    routePath,
    <div className="container page" role="status" aria-label={`Loading ${title}`}>
      <h1>{heading}</h1>
      <Skeleton />
    </div>,
  );
}

/**
 * A public page as its first render shows it, inert and hidden from assistive technology until
 * the app replaces it (a status says it is loading), and whether it read the query string (then
 * the server sends it only to addresses without one); null when the page has no chunk of its own,
 * is not public, or cannot render here (it reads the browser, or suspends at its top).
 */
export async function renderPage(routePath: string, title: string): Promise<{ html: string; readsSearch: boolean } | null> {
  const route = pageRoutes.find((r) => r.path === routePath);
  if (!route?.load || route.access !== 'public') return null;
  let readsSearch = false;
  const trackSearch = () => {
    readsSearch = true;
    return '';
  };
  try {
    const { default: Page } = await route.load();
    const html = render(
      routePath,
      <>
        <p className="visually-hidden" role="status">
          Loading {title}…
        </p>
        <div className="prerendered-page" inert aria-hidden="true">
          <Router searchHook={trackSearch}>
            <Page />
          </Router>
        </div>
      </>,
    );
    return { html, readsSearch };
  } catch {
    return null;
  }
}
