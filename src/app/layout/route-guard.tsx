import type { ReactNode } from 'react';
import { Link, Redirect, useLocation, useSearch } from 'wouter';
import { useSessionView } from '#src/lib/session/session-view.ts';
import type { Access } from '../route-table.ts';
import { PageFallback } from './page-fallback.tsx';

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
  if (access === 'admin' && !isAdmin) {
    return (
      <div className="container page">
        <h1>Not allowed</h1>
        <p className="lead muted">
          This page is for administrators and editors. If you think you should have access, ask an administrator.
        </p>
        <p>
          <Link href="/dashboard-page" className="btn btn-primary">
            Go to your dashboard
          </Link>
        </p>
      </div>
    );
  }
  return <>{children}</>;
}
