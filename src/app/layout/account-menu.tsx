import * as DropdownMenu from '@radix-ui/react-dropdown-menu';
import { LogOut } from 'lucide-react';
import { Link, useRoute } from 'wouter';
import type { SessionUser } from '#src/lib/session/session-view.ts';
import { ACCOUNT_LINKS } from './account-links.ts';
import { SIGN_OUT_LABEL } from './menu-faces.tsx';
import { AccountTriggerFace } from './account-faces.tsx';

function AccountItem({ href, label, icon: Icon }: (typeof ACCOUNT_LINKS)[number]) {
  const [active] = useRoute(href);
  return (
    <DropdownMenu.Item asChild className="menu-item">
      <Link href={href} aria-current={active ? 'page' : undefined}>
        <Icon aria-hidden="true" size={16} />
        {label}
      </Link>
    </DropdownMenu.Item>
  );
}

/** The signed-in name and initials open the athlete's own pages and Sign Out. */
export default function AccountMenu({ user, onSignOut, defaultOpen }: { user: SessionUser; onSignOut: () => void; defaultOpen?: boolean }) {
  return (
    <DropdownMenu.Root modal={false} defaultOpen={defaultOpen}>
      <DropdownMenu.Trigger className="account-trigger" aria-label={`Account: ${user.display_name}`} title={user.email}>
        <AccountTriggerFace user={user} />
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content className="menu-content" align="end" sideOffset={6} collisionPadding={8}>
          <DropdownMenu.Label className="menu-label">
            <strong>{user.display_name}</strong>
            <span className="muted">{user.email}</span>
          </DropdownMenu.Label>
          <DropdownMenu.Separator className="menu-separator" />
          {ACCOUNT_LINKS.map((item) => (
            <AccountItem key={item.href} {...item} />
          ))}
          <DropdownMenu.Separator className="menu-separator" />
          <DropdownMenu.Item className="menu-item" onSelect={onSignOut}>
            <LogOut aria-hidden="true" size={16} />
            {SIGN_OUT_LABEL}
          </DropdownMenu.Item>
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}
