import { Suspense, useEffect, type ComponentType } from 'react';
import { Redirect, Route, Switch, useLocation } from 'wouter';
import { pageRoutes, routePaths, type PageRoute } from './route-table.ts';
import { lazyPage, type LazyPageComponent } from './lazy-page.tsx';
import { NotFoundPage } from './layout/not-found.tsx';
import { ErrorBoundary } from './error-boundary.tsx';
import { PageFallback } from './layout/page-fallback.tsx';
import { RouteGuard } from './layout/route-guard.tsx';

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

/** One component per route (both URL forms share it), made once. */
const pages = new Map(pageRoutes.map((route) => [route, pageFor(route)]));

/**
 * Loads the chunk of the page at `path` (relative to the mount point). main.tsx awaits it before the
 * first render, so the prerendered shell gives way to the page itself, never to the fallback.
 */
export function preloadPage(path: string): Promise<unknown> {
  const clean = path.length > 1 ? path.replace(/\/+$/, '') : path;
  const match = routePaths().find((r) => r.path === clean);
  const page = match ? pages.get(match.route) : undefined;
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
          <Route path="/login">
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
