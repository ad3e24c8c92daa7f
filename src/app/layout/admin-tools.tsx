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

/** The Admin Tools bar, for administrators and editors only. */
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
