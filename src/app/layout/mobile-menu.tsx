import { useState } from 'react';
import * as Dialog from '@radix-ui/react-dialog';
import { LogOut, X } from 'lucide-react';
import { Link, useRoute } from 'wouter';
import type { SessionUser } from '#src/lib/session/session-view.ts';
import { ThemeSelect } from './theme-select.tsx';
import { TimelineLink } from './timeline-link.tsx';
import { MobileTriggerFace, SIGN_OUT_LABEL, Avatar } from './menu-faces.tsx';
import { MAIN_LINKS, timelineAvailable } from './nav-items.ts';
import { ACCOUNT_LINKS } from './account-links.ts';

function SheetLink({ href, children, onNavigate }: { href: string; children: React.ReactNode; onNavigate: () => void }) {
  const [active] = useRoute(href);
  return (
    <Link href={href} className="sheet-link" aria-current={active ? 'page' : undefined} onClick={onNavigate}>
      {children}
    </Link>
  );
}

/** Phones: one "Menu" button opens a sheet with the main links, the account's pages, the theme and Sign Out. */
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
        <MobileTriggerFace user={user} />
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
            </ul>
          </nav>
          {user ? (
            <section aria-label="Your account" className="sheet-section">
              <p className="sheet-user">
                <Avatar name={user.display_name} />
                <span>
                  <strong>{user.display_name}</strong>
                  <span className="muted" title={user.email}>
                    {user.email}
                  </span>
                </span>
              </p>
              <ul>
                {ACCOUNT_LINKS.map(({ href, label, icon: Icon }) => (
                  <li key={href}>
                    <SheetLink href={href} onNavigate={close}>
                      <Icon aria-hidden="true" size={18} />
                      {label}
                    </SheetLink>
                  </li>
                ))}
              </ul>
            </section>
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
