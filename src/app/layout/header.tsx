import { lazy, Suspense, useEffect } from 'react';
import { Link, useLocation, useRoute } from 'wouter';
import { useSessionView } from '#src/lib/session/session-view.ts';
import { SessionActor } from '#src/lib/session/session-provider.tsx';
import { ThemeSelect } from './theme-select.tsx';
import { MobileMenuButton } from './menu-triggers.tsx';
import { MenuWithAvatar } from './menu-faces.tsx';
import { MAIN_LINKS, timelineAvailable } from './nav-items.ts';
import { COMMUNITY_FEED_HREF } from '#src/lib/community-feed.ts';
import './header.css';
import { Pending } from '#src/lib/settled.tsx';

type SignedInParts = typeof import('./signed-in-parts.tsx');
let signedInParts: Promise<SignedInParts> | null = null;
const loadSignedInParts = () => (signedInParts ??= import('./signed-in-parts.tsx'));

/**
 * One of the parts only a session shows (signed-in-parts.tsx). If its chunk cannot load, the
 * header goes on without it (the phone menu still has the account links) rather than failing.
 */
function signedInPart<K extends keyof SignedInParts>(name: K) {
  return lazy(async (): Promise<{ default: SignedInParts[K] }> => {
    try {
      return { default: (await loadSignedInParts())[name] };
    } catch (error) {
      console.error('The account part of the header failed to load:', error);
      return { default: (() => null) as unknown as SignedInParts[K] };
    }
  });
}

const TimelineLink = signedInPart('TimelineLink');
const AccountMenuButton = signedInPart('AccountMenuButton');
const AdminMenuButton = signedInPart('AdminMenuButton');
const AdminToolsBar = signedInPart('AdminToolsBar');
const NotificationBell = signedInPart('NotificationBell');

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
  const session = SessionActor.useFlowActor();
  // The session chart loads with the first sign-in; a hover or focus on Sign In fetches it ahead.
  const prefetchSession = SessionActor.usePrefetch();
  const [, navigate] = useLocation();
  const signOut = () => {
    session.send({ type: 'session.logout' });
    navigate('/signed-out-page');
  };
  // A remembered athlete is being restored: offer neither Sign In nor an account yet, and fetch
  // the account parts meanwhile, so they are in when the session is.
  const offerSignIn = !user && !restoring;
  useEffect(() => {
    if (user || restoring) void loadSignedInParts().catch(() => undefined);
  }, [user, restoring]);
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
                <Suspense fallback={<Pending />}>
                  <TimelineLink className="nav-link nav-button" />
                </Suspense>
              </li>
            )}
            {user && !timelineAvailable() && (
              <li>
                <NavLink href={COMMUNITY_FEED_HREF}>Timeline</NavLink>
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
            <span className="phone-only phone-admin">
              <Suspense fallback={<Pending />}>
                <AdminMenuButton />
              </Suspense>
            </span>
          )}
          {user && (
            <Suspense fallback={<Pending />}>
              <NotificationBell />
            </Suspense>
          )}
          {user && (
            <span className="wide-only">
              <Suspense fallback={<Pending />}>
                <AccountMenuButton user={user} onSignOut={signOut} />
              </Suspense>
            </span>
          )}
          {offerSignIn && (
            <Link href="/login-page" className="btn btn-primary btn-small" onPointerEnter={prefetchSession} onFocus={prefetchSession}>
              Sign In
            </Link>
          )}
          <span className="phone-only">
            <MenuWithAvatar user={user}>
              <MobileMenuButton user={user} restoring={restoring} onSignOut={signOut} />
            </MenuWithAvatar>
          </span>
        </div>
      </div>
      {isAdmin && (
        <Suspense fallback={<Pending />}>
          <AdminToolsBar />
        </Suspense>
      )}
    </header>
  );
}
