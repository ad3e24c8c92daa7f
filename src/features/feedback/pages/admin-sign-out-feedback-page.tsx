import { FEEDBACK_PAGE_SIZE, useSignoutFeedbackReport } from '../api/feedback-admin.ts';
import { formatDate, formatDateTime } from '#src/lib/format.ts';
import { param, useQueryState } from '#src/lib/use-search-param.ts';
import { QueryState } from '#src/components/query-state.tsx';
import { Select } from '#src/components/ui/select.tsx';
import '../feedback.css';

const RANGES = [7, 30, 90] as const;
/** ?days=90&page=2: the period and the page are in the address. */
const REPORT_STATE = { days: param.oneOf(['7', '30', '90'] as const, '30'), page: param.int(1, 1, 100_000) };

export default function AdminSignOutFeedbackPage() {
  const [state, setState] = useQueryState(REPORT_STATE);
  const days = Number(state.days);
  const page = state.page;
  const setDays = (next: number) => setState({ days: String(next) as typeof state.days, page: 1 }, { replace: false });
  const setPage = (next: number) => setState({ page: next }, { replace: false });
  const report = useSignoutFeedbackReport(page, days);
  const r = report.data;
  const pages = r ? Math.max(1, Math.ceil(r.total / FEEDBACK_PAGE_SIZE)) : 1;
  const maxCount = r ? Math.max(1, ...r.by_day.map((d) => d.count)) : 1;
  return (
    <div className="container page">
      <h1>Sign-out Feedback</h1>
      <p className="lead muted">How athletes rate their visit when they sign out, and what they say.</p>
      <QueryState query={report} loading="Loading ratings…">
        {() => (
          <>
            <dl className="stat-grid">
              <div className="stat card">
                <dt>Average rating</dt>
                <dd>{r!.average_rating === null ? '—' : `${r!.average_rating.toFixed(2)} / 5`}</dd>
              </div>
              <div className="stat card">
                <dt>Ratings in all</dt>
                <dd>{r!.total}</dd>
              </div>
            </dl>
            <section aria-labelledby="trend-title" className="card trend">
              <div className="detail-head">
                <h2 id="trend-title">Ratings over time</h2>
                <Select
                  className="ui-select-compact"
                  label="Period"
                  hideLabel
                  options={RANGES.map((d) => ({ value: String(d), label: `Last ${d} days` }))}
                  value={String(days)}
                  onChange={(v) => setDays(Number(v))}
                />
              </div>
              {r!.by_day.length === 0 ? (
                <p className="muted">No ratings in this period.</p>
              ) : (
                <table className="trend-table">
                  <caption className="visually-hidden">Ratings per day</caption>
                  <thead>
                    <tr>
                      <th scope="col">Day</th>
                      <th scope="col">Ratings</th>
                      <th scope="col">Average</th>
                    </tr>
                  </thead>
                  <tbody>
                    {r!.by_day.map((d) => (
                      <tr key={d.day}>
                        <th scope="row">{formatDate(d.day)}</th>
                        <td>
                          <span className="bar" style={{ width: `${(d.count / maxCount) * 100}%` }} aria-hidden="true" />
                          <span>{d.count}</span>
                        </td>
                        <td>{d.average_rating.toFixed(1)}</td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              )}
            </section>
            <section aria-labelledby="comments-title">
              <h2 id="comments-title">Latest ratings</h2>
              {r!.items.length === 0 ? (
                <p className="empty card">Nobody has rated a visit yet.</p>
              ) : (
                <ul className="feedback-list">
                  {r!.items.map((item) => (
                    <li key={item.id} className="card">
                      <strong>{item.rating} / 5</strong> <span className="muted">· {formatDateTime(item.created_at)}</span>
                      {item.comment ? <p className="pre-wrap">{item.comment}</p> : <p className="muted">No comment.</p>}
                    </li>
                  ))}
                </ul>
              )}
              <nav className="pager" aria-label="Pages">
                <button type="button" className="btn btn-secondary btn-small" disabled={page <= 1} onClick={() => setPage(page - 1)}>
                  Previous
                </button>
                <span>
                  Page {page} of {pages}
                </span>
                <button type="button" className="btn btn-secondary btn-small" disabled={page >= pages} onClick={() => setPage(page + 1)}>
                  Next
                </button>
              </nav>
            </section>
          </>
        )}
      </QueryState>
    </div>
  );
}
