import { Link, useRoute } from 'wouter';
import { ADMIN_TOOLS } from '#src/lib/navigation.ts';

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
