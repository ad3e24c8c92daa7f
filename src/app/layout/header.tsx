import { lazy, Suspense } from 'react';
import { Link, useLocation, useRoute } from 'wouter';
import { useSessionView } from '../../lib/session/session-view.ts';
import { SessionActor } from '../../lib/session/session-provider.tsx';
import { ThemeSelect } from './theme-select.tsx';
import { TimelineLink } from './timeline-link.tsx';
import { AdminToolsBar } from './admin-bar.tsx';
import { AccountMenuButton, AdminMenuButton, MobileMenuButton } from './menu-triggers.tsx';
import { MAIN_LINKS, timelineAvailable } from './nav-items.ts';
import './header.css';

// The bell (its count query, socket listener and menu) loads after sign-in, never with the first paint.
const NotificationBell = lazy(() => import('../../features/notifications/notification-bell.tsx'));

function NavLink({ href, children }: { href: string; children: string }) {
  const [active] = useRoute(href);
  return (
    <Link href={href} className="nav-link" aria-current={active ? 'page' : undefined}>
      {children}
    </Link>
  );
}

/**
 * One row at every width. Wide screens: brand, main links, theme, the Admin badge and the
 * account menu (or Sign In), with the Admin Tools bar underneath for administrators.
 * Phones: brand, Sign In or the Admin menu, and a Menu button that opens a sheet.
 */
export function Header() {
  const { user, isAdmin, restoring } = useSessionView();
  const session = SessionActor.useActorRef();
  const [, navigate] = useLocation();
  const signOut = () => {
    session.send({ type: 'session.logout' });
    navigate('/signed-out-page');
  };
  // A remembered athlete is being restored: offer neither Sign In nor an account yet.
  const offerSignIn = !user && !restoring;
  return (
    <header className="site-header">
      <div className="container header-row">
        <Link href="/" className="brand" aria-label="RepForge home">
          <img src="./favicon.svg" alt="" width="28" height="28" />
          <span className="brand-name">RepForge</span>
        </Link>
        <nav aria-label="Main" className="main-nav wide-only">
          <ul>
            {MAIN_LINKS.filter((l) => user || !l.signedInOnly).map((l) => (
              <li key={l.href}>
                <NavLink href={l.href}>{l.label}</NavLink>
              </li>
            ))}
            {user && timelineAvailable() && (
              <li>
                <TimelineLink className="nav-link nav-button" />
              </li>
            )}
          </ul>
        </nav>
        <div className="header-actions">
          <span className="wide-only">
            <ThemeSelect />
          </span>
          {isAdmin && (
            <span className="admin-badge wide-only" aria-label={`Signed in as ${user?.wp_role}`}>
              Admin
            </span>
          )}
          {isAdmin && (
            <span className="phone-only">
              <AdminMenuButton />
            </span>
          )}
          {user && (
            <Suspense fallback={null}>
              <NotificationBell />
            </Suspense>
          )}
          {user && (
            <span className="wide-only">
              <AccountMenuButton user={user} onSignOut={signOut} />
            </span>
          )}
          {offerSignIn && (
            <Link href="/login-page" className="btn btn-primary btn-small">
              Sign In
            </Link>
          )}
          <span className="phone-only">
            <MobileMenuButton user={user} restoring={restoring} onSignOut={signOut} />
          </span>
        </div>
      </div>
      {isAdmin && <AdminToolsBar />}
    </header>
  );
}
