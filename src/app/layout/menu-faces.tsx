import { ChevronDown, Menu } from 'lucide-react';
import type { SessionUser } from '../../lib/session/session-view.ts';
import { initialsOf } from './nav-items.ts';

// What the header's menu triggers show, shared by the stand-ins (menu-triggers.tsx) and the menus.

export const SIGN_OUT_LABEL = 'Sign Out';

export function Avatar({ name }: { name: string }) {
  return (
    <span className="avatar" aria-hidden="true">
      {initialsOf(name)}
    </span>
  );
}

export function AccountTriggerFace({ user }: { user: SessionUser }) {
  return (
    <>
      <Avatar name={user.display_name} />
      <span className="user-name">{user.display_name}</span>
      <ChevronDown aria-hidden="true" size={16} className="chevron" />
    </>
  );
}

export function AdminTriggerFace() {
  return (
    <>
      Admin
      <ChevronDown aria-hidden="true" size={14} />
    </>
  );
}

export function MobileTriggerFace({ user }: { user: SessionUser | null }) {
  return (
    <>
      {user && <Avatar name={user.display_name} />}
      <Menu aria-hidden="true" size={22} />
    </>
  );
}
