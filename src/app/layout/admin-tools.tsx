import * as DropdownMenu from '@radix-ui/react-dropdown-menu';
import { Link, useRoute } from 'wouter';
import { ADMIN_TOOLS } from '#src/lib/navigation.ts';
import { AdminTriggerFace } from './account-faces.tsx';

function ToolItem({ href, label }: { href: string; label: string }) {
  const [active] = useRoute(href);
  return (
    <DropdownMenu.Item asChild className="menu-item">
      <Link href={href} aria-current={active ? 'page' : undefined}>
        {label}
      </Link>
    </DropdownMenu.Item>
  );
}

/** On phones the same tools sit behind one yellow "Admin" button in the header row. */
export default function AdminMenu({ defaultOpen }: { defaultOpen?: boolean }) {
  return (
    <DropdownMenu.Root modal={false} defaultOpen={defaultOpen}>
      <DropdownMenu.Trigger className="admin-menu-trigger" aria-label="Admin Tools">
        <AdminTriggerFace />
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content className="menu-content" align="end" sideOffset={6} collisionPadding={8}>
          <DropdownMenu.Label className="menu-label">
            <strong>Admin Tools</strong>
          </DropdownMenu.Label>
          <DropdownMenu.Separator className="menu-separator" />
          {ADMIN_TOOLS.map((t) => (
            <ToolItem key={t.href} {...t} />
          ))}
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}
