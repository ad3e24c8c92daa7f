import { AppLink } from '#src/components/ui/link.tsx';
import { QueryState } from '#src/components/query-state.tsx';
import { formatDateTime } from '#src/lib/format.ts';
import { useAdminDashboard } from '../api/moderation.ts';
import '../admin.css';

const number = new Intl.NumberFormat('en');

export default function AdminDashboardPage() {
  const dashboard = useAdminDashboard();
  return (
    <div className="container page admin-ops">
      <h1>Admin dashboard</h1>
      <p className="lead muted">
        The platform at a glance. Queues with something waiting are marked; each figure links to where you act on it.
      </p>
      <QueryState query={dashboard} loading="Loading the figures…">
        {(data) => (
          <>
            <ul className="dash-grid">
              {data.figures.map((f) => (
                <li key={f.id} className={`card dash-figure${f.attention ? ' attention' : ''}`}>
                  <span className="dash-value">{number.format(f.value)}</span>
                  <AppLink href={f.link}>
                    {f.label}
                    {f.attention && <span className="visually-hidden"> (waiting)</span>}
                  </AppLink>
                  <span className="ops-muted">{f.hint}</span>
                </li>
              ))}
            </ul>
            <p className="ops-muted">Counted at {formatDateTime(data.generated_at)}; refreshed every minute.</p>
          </>
        )}
      </QueryState>
    </div>
  );
}
