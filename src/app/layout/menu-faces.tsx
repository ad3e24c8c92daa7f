import { MenuIcon } from '#src/components/ui/icons.tsx';
import type { SessionUser } from '#src/lib/session/session-view.ts';
import { initialsOf } from './nav-items.ts';

// What the header's menu triggers show, shared by the stand-ins (menu-triggers.tsx) and the menus;
// the account and admin faces are in account-triggers.tsx.

export const SIGN_OUT_LABEL = 'Sign Out';

export function Avatar({ name }: { name: string }) {
  return (
    <span className="avatar" aria-hidden="true">
      {initialsOf(name)}
    </span>
  );
}

export function MobileTriggerFace({ user }: { user: SessionUser | null }) {
  return (
    <>
      {user && <Avatar name={user.display_name} />}
      <MenuIcon size={22} />
    </>
  );
}
