import * as DropdownMenu from '@radix-ui/react-dropdown-menu';
import { LogOut } from 'lucide-react';
import { Link, useLocation } from 'wouter';
import type { SessionUser } from '#src/lib/session/session-view.ts';
import { ATHLETE_AREAS, areaOf, pathOf, type NavItem } from '#src/lib/navigation.ts';
import { NAV_ICONS } from './account-links.ts';
import { SIGN_OUT_LABEL } from './menu-faces.tsx';
import { AccountTriggerFace } from './account-faces.tsx';

function AccountItem({ href, label, current }: NavItem & { current: boolean }) {
  const Icon = NAV_ICONS[href];
  return (
    <DropdownMenu.Item asChild className="menu-item">
      <Link href={href} aria-current={current ? 'page' : undefined}>
        {Icon ? <Icon aria-hidden="true" size={16} /> : null}
        {label}
      </Link>
    </DropdownMenu.Item>
  );
}

/** The signed-in name and initials open every page of the athlete, by area (navigation.ts), and Sign Out. */
export default function AccountMenu({ user, onSignOut, defaultOpen }: { user: SessionUser; onSignOut: () => void; defaultOpen?: boolean }) {
  const [location] = useLocation();
  const currentArea = areaOf(location);
  return (
    <DropdownMenu.Root modal={false} defaultOpen={defaultOpen}>
      <DropdownMenu.Trigger className="account-trigger" aria-label={`Account: ${user.display_name}`} title={user.email}>
        <AccountTriggerFace user={user} />
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content className="menu-content menu-areas" align="end" sideOffset={6} collisionPadding={8}>
          <DropdownMenu.Label className="menu-label">
            <strong>{user.display_name}</strong>
            <span className="muted">{user.email}</span>
          </DropdownMenu.Label>
          {ATHLETE_AREAS.map((area) => (
            <DropdownMenu.Group key={area.id} className="menu-group" aria-labelledby={`menu-area-${area.id}`}>
              <DropdownMenu.Separator className="menu-separator" />
              <DropdownMenu.Label
                id={`menu-area-${area.id}`}
                className="menu-area-label"
                data-current={area.id === currentArea || undefined}
              >
                {area.label}
                {area.id === currentArea ? <span className="visually-hidden"> (you are here)</span> : null}
              </DropdownMenu.Label>
              {area.items.map((item) => (
                <AccountItem key={item.href} {...item} current={pathOf(item.href) === location && !item.href.includes('#')} />
              ))}
            </DropdownMenu.Group>
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
