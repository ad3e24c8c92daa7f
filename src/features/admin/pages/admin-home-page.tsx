import { Link } from 'wouter';
import { Badge } from '#src/components/ui/badge.tsx';
import { QueryError } from '#src/components/query-state.tsx';
import { ADMIN_GROUPS, type AdminPage } from '#src/lib/navigation.ts';
import { useAdminDashboard } from '../api/moderation.ts';
import '../admin.css';

const number = new Intl.NumberFormat('en');

type Counts = ReadonlyMap<string, number> | null;

/** What waits on a page: the sum of its dashboard figures, or nothing while the figures load. */
function waitingOn(page: AdminPage, counts: Counts): number | null {
  if (!page.waiting || !counts) return null;
  return page.waiting.reduce((sum, id) => sum + (counts.get(id) ?? 0), 0);
}

function PageCard({ page, counts }: { page: AdminPage; counts: Counts }) {
  const waiting = waitingOn(page, counts);
  return (
    <li className={`card admin-home-card${waiting ? ' attention' : ''}`}>
      <Link href={page.href} className="admin-home-link">
        {page.label}
        {waiting ? <span className="visually-hidden">, {number.format(waiting)} waiting</span> : null}
      </Link>
      <span className="ops-muted">{page.hint}</span>
      {waiting !== null ? (
        <span aria-hidden="true">
          {waiting > 0 ? <Badge tone="warning">{number.format(waiting)} waiting</Badge> : <Badge tone="success">Nothing waiting</Badge>}
        </span>
      ) : null}
    </li>
  );
}

/** `/admin-home-page`: every admin page in one place, grouped, each queue with what waits on it. */
export default function AdminHomePage() {
  const dashboard = useAdminDashboard();
  const counts: Counts = dashboard.data ? new Map(dashboard.data.figures.map((f) => [f.id, f.value])) : null;
  return (
    <div className="container page admin-ops">
      <h1>Admin</h1>
      <p className="lead muted">Every admin page in one place. Queues with something waiting are marked.</p>
      {dashboard.isError ? <QueryError error={dashboard.error} onRetry={dashboard.refetch} retrying={dashboard.isFetching} /> : null}
      {dashboard.isPending ? (
        <p className="ops-muted" role="status">
          Counting what waits…
        </p>
      ) : null}
      {ADMIN_GROUPS.map((group, i) => (
        <section key={group.label} className="admin-home-group" aria-labelledby={`admin-group-${i}`}>
          <h2 id={`admin-group-${i}`}>{group.label}</h2>
          <ul className="dash-grid">
            {group.pages.map((page) => (
              <PageCard key={page.href} page={page} counts={counts} />
            ))}
          </ul>
        </section>
      ))}
    </div>
  );
}
