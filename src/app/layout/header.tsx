import { Link, useRoute } from 'wouter';
import { useSessionView } from '../../lib/session.ts';
import { ThemeSelect } from './theme-select.tsx';

function NavLink({ href, children }: { href: string; children: string }) {
  const [active] = useRoute(href);
  return (
    <Link href={href} className="nav-link" aria-current={active ? 'page' : undefined}>
      {children}
    </Link>
  );
}

export function Header() {
  const { user } = useSessionView();
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
          </ul>
        </nav>
        <div className="header-actions">
          <ThemeSelect />
          {!user && (
            <Link href="/login-page" className="btn btn-primary btn-small">
              Sign In
            </Link>
          )}
        </div>
      </div>
    </header>
  );
}
