import { Link, useLocation, useRoute } from 'wouter';
import { useSessionView } from '../../lib/session/session-view.ts';
import { SessionActor } from '../../lib/session/session-provider.tsx';
import { ThemeSelect } from './theme-select.tsx';
import { TimelineLink } from './timeline-link.tsx';
import { AdminToolsBar } from './admin-tools.tsx';

function NavLink({ href, children }: { href: string; children: string }) {
  const [active] = useRoute(href);
  return (
    <Link href={href} className="nav-link" aria-current={active ? 'page' : undefined}>
      {children}
    </Link>
  );
}

export function Header() {
  const { user, isAdmin, restoring } = useSessionView();
  const session = SessionActor.useActorRef();
  const [, navigate] = useLocation();
  const signOut = () => {
    session.send({ type: 'session.logout' });
    navigate('/signed-out-page');
  };
  return (
    <header className="site-header">
      <div className="container header-row">
        <Link href="/" className="brand" aria-label="RepForge home">
          <img src="./favicon.svg" alt="" width="28" height="28" />
          <span className="brand-name">RepForge</span>
        </Link>
        <nav aria-label="Main" className="main-nav">
          <ul>
            {user && (
              <li>
                <NavLink href="/dashboard-page">Dashboard</NavLink>
              </li>
            )}
            <li>
              <NavLink href="/challenge-discovery-page">Challenges</NavLink>
            </li>
            <li>
              <NavLink href="/global-test-leaderboards-page">Global Ranks</NavLink>
            </li>
            {user && (
              <li>
                <TimelineLink className="nav-link nav-button" />
              </li>
            )}
          </ul>
        </nav>
        <div className="header-actions">
          <ThemeSelect />
          {user ? (
            <>
              <span className="user-name" title={user.email}>
                {user.display_name}
              </span>
              <button type="button" className="btn btn-secondary btn-small" onClick={signOut}>
                Sign Out
              </button>
            </>
          ) : (
            !restoring && (
              <Link href="/login-page" className="btn btn-primary btn-small">
                Sign In
              </Link>
            )
          )}
          {isAdmin && (
            <span className="admin-badge" aria-label={`Signed in as ${user?.wp_role}`}>
              Admin
            </span>
          )}
        </div>
      </div>
      {isAdmin && <AdminToolsBar />}
    </header>
  );
}
