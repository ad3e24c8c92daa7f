import { Suspense, useEffect, type ComponentType } from 'react';
import { Redirect, Route, Switch, useLocation } from 'wouter';
import { pageRoutes, routePaths, type PageRoute } from './route-table.ts';
import { lazyPage, type LazyPageComponent } from './lazy-page.tsx';
import { ErrorBoundary } from './error-boundary.tsx';
import { PageFallback } from './layout/page-fallback.tsx';
import { RouteGuard } from './layout/route-guard.tsx';
import { useScrollOnNewPage } from './scroll-on-new-page.ts';

/** The old sign-in address, sent on to /login-page. */
const LOGIN_ALIAS = '/login';

function pageFor(route: PageRoute): ComponentType {
  if (route.load) return lazyPage(route.load);
  return lazyPage(() =>
    import('./layout/titled-page.tsx').then(({ TitledPage }) => ({
      default: function Titled() {
        return <TitledPage route={route} />;
      },
    })),
  );
}

/**
 * The not-found page loads like any page (in the shell it was 0.3 KB of gzip on every first load); an address no route
 * answers preloads it before the first render (preloadPage), so it shows at once there too.
 */
const NotFoundPage = lazyPage(() => import('./layout/not-found.tsx').then((m) => ({ default: m.NotFoundPage })));

/** One component per route (both URL forms share it), made once. */
const pages = new Map(pageRoutes.map((route) => [route, pageFor(route)]));

/**
 * Loads the chunk of the page at `path` (relative to the mount point). main.tsx awaits it before the
 * first render, so the prerendered shell gives way to the page itself, never to the fallback.
 */
export function preloadPage(path: string): Promise<unknown> {
  const clean = path.length > 1 ? path.replace(/\/+$/, '') : path;
  const match = routePaths().find((r) => r.path === clean);
  if (!match) return clean === LOGIN_ALIAS ? Promise.resolve() : NotFoundPage.preload();
  const page = pages.get(match.route);
  return page && 'preload' in page ? (page as LazyPageComponent).preload() : Promise.resolve();
}

function DocumentTitle({ title }: { title: string }) {
  useEffect(() => {
    document.title = title === 'Home' ? 'RepForge: fitness challenges and leaderboards' : `${title} · RepForge`;
  }, [title]);
  return null;
}

export function AppRoutes() {
  const [location] = useLocation();
  useScrollOnNewPage(location);
  return (
    <ErrorBoundary resetKey={location}>
      <Suspense fallback={<PageFallback />}>
        <Switch>
          {routePaths().map(({ path, route }) => {
            const Page = pages.get(route)!;
            return (
              <Route key={path} path={path}>
                <DocumentTitle title={route.title} />
                <RouteGuard access={route.access}>
                  <Page />
                </RouteGuard>
              </Route>
            );
          })}
          <Route path={LOGIN_ALIAS}>
            <Redirect to="/login-page" replace />
          </Route>
          <Route>
            <DocumentTitle title="Page not found" />
            <NotFoundPage />
          </Route>
        </Switch>
      </Suspense>
    </ErrorBoundary>
  );
}
