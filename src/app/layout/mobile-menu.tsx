import { useState } from 'react';
import * as Dialog from '@radix-ui/react-dialog';
import { LogOut, X } from 'lucide-react';
import { Link, useLocation } from 'wouter';
import type { SessionUser } from '#src/lib/session/session-view.ts';
import { ATHLETE_AREAS, COMMUNITY_FEED_HREF, areaOf, pathOf } from '#src/lib/navigation.ts';
import { ThemeSelect } from './theme-select.tsx';
import { TimelineLink } from './timeline-link.tsx';
import { MobileTriggerFace, SIGN_OUT_LABEL, Avatar } from './menu-faces.tsx';
import { MAIN_LINKS, timelineAvailable } from './nav-items.ts';
import { NAV_ICONS } from './account-links.ts';

function SheetLink({ href, children, onNavigate }: { href: string; children: React.ReactNode; onNavigate: () => void }) {
  const [location] = useLocation();
  const active = !href.includes('#') && pathOf(href) === location;
  return (
    <Link href={href} className="sheet-link" aria-current={active ? 'page' : undefined} onClick={onNavigate}>
      {children}
    </Link>
  );
}

/** The athlete's areas (navigation.ts), the one the current page belongs to marked. */
function SheetAreas({ onNavigate }: { onNavigate: () => void }) {
  const [location] = useLocation();
  const current = areaOf(location);
  return (
    <>
      {ATHLETE_AREAS.map((area) => (
        <section
          key={area.id}
          className="sheet-section sheet-area"
          aria-labelledby={`sheet-area-${area.id}`}
          data-current={area.id === current || undefined}
        >
          <h2 id={`sheet-area-${area.id}`} className="sheet-area-title">
            {area.label}
            {area.id === current ? <span className="sheet-here"> · you are here</span> : null}
          </h2>
          <ul>
            {area.items.map(({ href, label }) => {
              const Icon = NAV_ICONS[href];
              return (
                <li key={href}>
                  <SheetLink href={href} onNavigate={onNavigate}>
                    {Icon ? <Icon aria-hidden="true" size={18} /> : null}
                    {label}
                  </SheetLink>
                </li>
              );
            })}
          </ul>
        </section>
      ))}
    </>
  );
}

/** Phones: one "Menu" button opens a sheet with the main links, the athlete's areas, the theme and Sign Out. */
export default function MobileMenu({
  user,
  restoring,
  onSignOut,
  defaultOpen = false,
}: {
  user: SessionUser | null;
  restoring: boolean;
  onSignOut: () => void;
  defaultOpen?: boolean;
}) {
  const [open, setOpen] = useState(defaultOpen);
  const close = () => setOpen(false);
  return (
    <Dialog.Root open={open} onOpenChange={setOpen}>
      <Dialog.Trigger className="menu-button" aria-label="Menu">
        <MobileTriggerFace />
      </Dialog.Trigger>
      <Dialog.Portal>
        <Dialog.Overlay className="sheet-overlay" />
        <Dialog.Content className="sheet-content" aria-describedby={undefined}>
          <div className="sheet-head">
            <Dialog.Title className="sheet-title">Menu</Dialog.Title>
            <Dialog.Close className="icon-button" aria-label="Close menu">
              <X aria-hidden="true" size={20} />
            </Dialog.Close>
          </div>
          <nav aria-label="Main" className="sheet-nav">
            <ul>
              {MAIN_LINKS.filter((l) => user || !l.signedInOnly).map((l) => (
                <li key={l.href}>
                  <SheetLink href={l.href} onNavigate={close}>
                    {l.label}
                  </SheetLink>
                </li>
              ))}
              {user && timelineAvailable() && (
                <li>
                  <TimelineLink className="sheet-link nav-button" />
                </li>
              )}
              {user && !timelineAvailable() && (
                <li>
                  <SheetLink href={COMMUNITY_FEED_HREF} onNavigate={close}>
                    Timeline
                  </SheetLink>
                </li>
              )}
            </ul>
          </nav>
          {user ? (
            <>
              <p className="sheet-section sheet-user">
                <Avatar name={user.display_name} />
                <span>
                  <strong>{user.display_name}</strong>
                  <span className="muted" title={user.email}>
                    {user.email}
                  </span>
                </span>
              </p>
              <SheetAreas onNavigate={close} />
            </>
          ) : (
            !restoring && (
              <p className="sheet-section">
                <SheetLink href="/login-page" onNavigate={close}>
                  Sign In
                </SheetLink>
              </p>
            )
          )}
          <div className="sheet-section sheet-theme">
            <span aria-hidden="true">Theme</span>
            <ThemeSelect />
          </div>
          {user && (
            <button
              type="button"
              className="btn btn-secondary sheet-signout"
              onClick={() => {
                close();
                onSignOut();
              }}
            >
              <LogOut aria-hidden="true" size={18} />
              {SIGN_OUT_LABEL}
            </button>
          )}
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
