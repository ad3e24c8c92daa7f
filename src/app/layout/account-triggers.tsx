import type { SessionUser } from '#src/lib/session/session-view.ts';
import { AccountTriggerFace, AdminTriggerFace } from './account-faces.tsx';
import { menuChunk, useMenuChunk } from './menu-triggers.tsx';

// The account and admin menu triggers: only a session shows them, so they load with it
// (signed-in-parts.tsx), and each menu's own chunk loads as menu-triggers.tsx describes.

const accountChunk = menuChunk<{ user: SessionUser; onSignOut: () => void }>(() => import('./account-menu.tsx'));
const adminChunk = menuChunk<object>(() => import('./admin-tools.tsx'));

export function AccountMenuButton(props: { user: SessionUser; onSignOut: () => void }) {
  const { Real, pressed, stand } = useMenuChunk(accountChunk);
  if (Real) return <Real {...props} defaultOpen={pressed} />;
  return (
    <button
      {...stand}
      aria-haspopup="menu"
      className="account-trigger"
      aria-label={`Account: ${props.user.display_name}`}
      title={props.user.email}
    >
      <AccountTriggerFace user={props.user} />
    </button>
  );
}

export function AdminMenuButton() {
  const { Real, pressed, stand } = useMenuChunk(adminChunk);
  if (Real) return <Real defaultOpen={pressed} />;
  return (
    <button {...stand} aria-haspopup="menu" className="admin-menu-trigger" aria-label="Admin Tools">
      <AdminTriggerFace />
    </button>
  );
}
