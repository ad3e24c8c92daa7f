import type { ReactNode } from 'react';
import { Redirect, useLocation, useSearch } from 'wouter';
import { useSessionView } from '#src/lib/session/session-view.ts';
import type { Access } from '../route-table.ts';
import { PageFallback } from './page-fallback.tsx';
import { lazyPage } from '../lazy-page.tsx';

// What an administrator's page says to someone else: only a signed-in athlete on an admin address meets it, so it loads
// then (with the not-found page), not with every first load.
const NotAllowedPage = lazyPage(() => import('./not-found.tsx').then((m) => ({ default: m.NotAllowedPage })));

/** Pages that need a user send visitors to sign in (and back); admin pages refuse others in words. */
export function RouteGuard({ access, children }: { access: Access; children: ReactNode }) {
  const { user, isAdmin, restoring } = useSessionView();
  const [location] = useLocation();
  const search = useSearch();
  if (access === 'public') return <>{children}</>;
  if (restoring) return <PageFallback />;
  if (!user) {
    const next = `${location}${search ? `?${search}` : ''}`;
    return <Redirect to={`/login-page?next=${encodeURIComponent(next)}`} replace />;
  }
  if (access === 'admin' && !isAdmin) return <NotAllowedPage />;
  return <>{children}</>;
}
