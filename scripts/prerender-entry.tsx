// Built for Node by the prerender step (scripts/build-plugins.ts): renders each route's shell,
// the real header and footer (signed out) around the page's heading and a skeleton, so the
// first paint needs no JavaScript. Markers the server fills per request: %BASE% (the mount
// point without its trailing slash) and %STORE_URL%.
import { renderToString } from 'react-dom/server';
import { Router } from 'wouter';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { runtimeConfig } from '../src/lib/runtime-config.ts';
import { SessionActor } from '../src/lib/session/session-provider.tsx';
import { Header } from '../src/app/layout/header.tsx';
import { Footer } from '../src/app/layout/footer.tsx';

export const BASE_MARKER = '%BASE%';
export const STORE_URL_MARKER = '%STORE_URL%';

const HOME_HEADING = 'Train hard. Score it right. Climb the board.';

function Skeleton() {
  return (
    <div className="prerender-skeleton" aria-hidden="true">
      {Array.from({ length: 6 }, (_, i) => (
        <span key={i} className="prerender-skeleton-row" />
      ))}
    </div>
  );
}

export function renderShell(routePath: string, title: string): string {
  runtimeConfig.storeUrl = STORE_URL_MARKER;
  const heading = routePath === '/' ? HOME_HEADING : title;
  return renderToString(
    <QueryClientProvider client={new QueryClient()}>
      <Router base={BASE_MARKER} ssrPath={`${BASE_MARKER}${routePath}`}>
        <SessionActor.Provider>
          <a className="skip-link" href="#main">
            Skip to content
          </a>
          <div className="shell">
            <Header />
            <main id="main" tabIndex={-1}>
              <div className="container page" role="status" aria-label={`Loading ${title}`}>
                <h1>{heading}</h1>
                <Skeleton />
              </div>
            </main>
            <Footer />
          </div>
        </SessionActor.Provider>
      </Router>
    </QueryClientProvider>,
  );
}
