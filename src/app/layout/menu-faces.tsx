import { MenuIcon } from '#src/components/ui/icons.tsx';
import type { SessionUser } from '#src/lib/session/session-view.ts';
import { lazy, Suspense } from 'react';
import { initialsOf } from './nav-items.ts';
import { Pending } from '#src/lib/settled.tsx';

// What the header's menu triggers show, shared by the stand-ins (menu-triggers.tsx) and the menus;
// the account and admin faces are in account-triggers.tsx.

export const SIGN_OUT_LABEL = 'Sign Out';

/**
 * The signed-in athlete's initials, or the picture they uploaded or linked on their profile over them. The initials
 * are drawn from an attribute (`.avatar::before`, header.css), not written as text: they decorate a trigger named for
 * the athlete ("Account: Mateo Silva"), and as text they would be part of what it visibly says ("MS Mateo Silva"),
 * which its name must contain for people who speak a control's label (WCAG 2.5.3; axe's label-content-name-mismatch).
 */
export function Avatar({ name }: { name: string }) {
  return (
    <span className="avatar" aria-hidden="true" data-initials={initialsOf(name)}>
      <Suspense fallback={<Pending />}>
        <AvatarPicture />
      </Suspense>
    </span>
  );
}

/** The picture part reads the profile through the API client: loaded with the first signed-in header, not in the shell. */
const AvatarPicture = lazy(() => import('./avatar-picture.tsx'));

/** The Menu button shows only its icon: a name ("Menu") that leaves out text it shows fails axe (label-content-name-mismatch). */
export function MobileTriggerFace() {
  return <MenuIcon size={22} />;
}

/**
 * The phone's Menu button with the athlete's initials beside it, outside the button (so its name is "Menu"),
 * where a press still opens the menu (the button's box is stretched over both, header.css).
 */
export function MenuWithAvatar({ user, children }: { user: SessionUser | null; children: React.ReactNode }) {
  return (
    <span className="menu-with-avatar">
      {user && <Avatar name={user.display_name} />}
      {children}
    </span>
  );
}
