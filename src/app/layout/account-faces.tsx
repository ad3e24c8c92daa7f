import { ChevronDownIcon } from '#src/components/ui/icons.tsx';
import type { SessionUser } from '#src/lib/session/session-view.ts';
import { Avatar } from './menu-faces.tsx';

// What the account and admin triggers show, shared by their stand-ins (account-triggers.tsx) and the menus.

export function AccountTriggerFace({ user }: { user: SessionUser }) {
  return (
    <>
      <Avatar name={user.display_name} />
      <span className="user-name">{user.display_name}</span>
      <ChevronDownIcon className="chevron" />
    </>
  );
}

export function AdminTriggerFace() {
  return (
    <>
      Admin
      <ChevronDownIcon size={14} />
    </>
  );
}
