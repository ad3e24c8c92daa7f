import * as DropdownMenu from '@radix-ui/react-dropdown-menu';
import { ChevronDown } from 'lucide-react';
import { Link, useRoute } from 'wouter';

export const ADMIN_TOOLS = [
  { href: '/admin-test-management-page', label: 'Test Management' },
  { href: '/admin-test-approval-page', label: 'Test Approval' },
  { href: '/admin-historical-upload', label: 'Historical Upload' },
  { href: '/admin-individual-challenges-page', label: 'Challenges' },
  { href: '/admin-feedback-page', label: 'Feedback' },
  { href: '/admin-sign-out-feedback-page', label: 'Sign-out Feedback' },
  { href: '/admin-error-logs-page', label: 'Error Logs' },
  { href: '/admin-security-monitoring-page', label: 'Security' },
] as const;

function ToolLink({ href, label }: { href: string; label: string }) {
  const [active] = useRoute(href);
  return (
    <Link href={href} className="admin-link" aria-current={active ? 'page' : undefined}>
      {label}
    </Link>
  );
}

/** The Admin Tools bar under the header (wide screens), for administrators and editors only. */
export function AdminToolsBar() {
  return (
    <nav aria-label="Admin Tools" className="admin-bar">
      <div className="container admin-row">
        <span className="admin-title">Admin Tools</span>
        <ul>
          {ADMIN_TOOLS.map((t) => (
            <li key={t.href}>
              <ToolLink {...t} />
            </li>
          ))}
        </ul>
      </div>
    </nav>
  );
}

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
export function AdminMenu() {
  return (
    <DropdownMenu.Root modal={false}>
      <DropdownMenu.Trigger className="admin-menu-trigger" aria-label="Admin Tools">
        Admin
        <ChevronDown aria-hidden="true" size={14} />
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
