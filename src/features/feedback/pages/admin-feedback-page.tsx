import { useId, useState, type FormEvent } from 'react';
import { useDebounced } from '#src/lib/use-debounced.ts';
import { param, useQueryState } from '#src/lib/use-search-param.ts';
import {
  FEEDBACK_PAGE_SIZE,
  NEXT_STATUSES,
  STATUS_LABELS,
  TYPE_LABELS,
  useFeedbackDetail,
  useFeedbackList,
  useFeedbackSummary,
  useUpdateFeedback,
  type FeedbackStatus,
  type FeedbackType,
} from '../api/feedback-admin.ts';
import { FEEDBACK_ADMIN_NOTE_MAX } from '#domain/constants.ts';
import { useActWithReason, useReasonForm } from '#src/lib/act-with-reason.ts';
import { formatDateTime } from '#src/lib/format.ts';
import { toast } from '#src/lib/toast.ts';
import { optionsFrom, Select } from '#src/components/ui/select.tsx';
import '../feedback.css';
import { LoadingSkeleton } from '#src/components/loading-skeleton.tsx';

function Summary() {
  const summary = useFeedbackSummary();
  if (summary.isPending)
    return (
      <p className="muted" role="status">
        Loading counts…
      </p>
    );
  if (summary.isError) return <p className="error-text">{summary.error.message}</p>;
  const s = summary.data;
  const cards = [
    ['All feedback', s.total],
    ['New', s.by_status.new ?? 0],
    ['In progress', s.by_status.in_progress ?? 0],
    ['Resolved', s.by_status.resolved ?? 0],
    ['Last 7 days', s.last_7_days],
    ['Last 30 days', s.last_30_days],
  ] as const;
  return (
    <section aria-labelledby="summary-title">
      <h2 id="summary-title" className="visually-hidden">
        Summary
      </h2>
      <dl className="stat-grid">
        {cards.map(([label, value]) => (
          <div key={label} className="stat card">
            <dt>{label}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </dl>
      <p className="muted by-type">
        {(Object.keys(TYPE_LABELS) as FeedbackType[]).map((t) => `${TYPE_LABELS[t]}: ${s.by_type[t] ?? 0}`).join(' · ')}
      </p>
    </section>
  );
}

function StatusBadge({ status }: { status: FeedbackStatus }) {
  return <span className={`status-badge status-${status}`}>{STATUS_LABELS[status]}</span>;
}

const STATUS_CHANGE_INPUT = { minReason: 0, maxReason: FEEDBACK_ADMIN_NOTE_MAX, needsChoice: true };

/** A new status with an optional note: the act-with-reason flow, its form always shown. */
function StatusForm({ id, current }: { id: number; current: FeedbackStatus }) {
  const update = useUpdateFeedback();
  const statusId = useId();
  const noteId = useId();
  const change = useActWithReason(STATUS_CHANGE_INPUT, {
    act: ({ reason, choice }) => update.mutateAsync({ id, status: choice as FeedbackStatus, admin_note: reason || undefined }),
    onDone: ({ choice }) => toast({ title: `Marked as ${STATUS_LABELS[choice as FeedbackStatus].toLowerCase()}.`, variant: 'success' }),
  });
  const { reason: note, choice: status, pending } = useReasonForm(change);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    change.send({ type: 'reason.submit' });
  };
  return (
    <form className="form status-form" onSubmit={submit}>
      <h3>Change status</h3>
      <Select
        id={statusId}
        label="New status"
        options={NEXT_STATUSES[current].map((v) => ({ value: v, label: STATUS_LABELS[v] }))}
        value={status ?? null}
        onChange={(value) => change.send({ type: 'reason.choose', value })}
      />
      <div className="field">
        <label htmlFor={noteId}>Note (optional)</label>
        <textarea
          id={noteId}
          value={note}
          maxLength={FEEDBACK_ADMIN_NOTE_MAX}
          rows={3}
          onChange={(e) => change.send({ type: 'reason.edit', value: e.target.value })}
        />
      </div>
      <button type="submit" className="btn btn-primary" disabled={!status || pending}>
        {pending ? 'Saving…' : 'Save status'}
      </button>
    </form>
  );
}

function Detail({ id, onClose }: { id: number; onClose: () => void }) {
  const detail = useFeedbackDetail(id);
  if (detail.isPending) return <LoadingSkeleton label="Loading feedback…" />;
  if (detail.isError) return <p className="error-text">{detail.error.message}</p>;
  const f = detail.data;
  return (
    <article className="card feedback-detail" aria-labelledby="detail-title">
      <div className="detail-head">
        <h2 id="detail-title">{f.subject}</h2>
        <button type="button" className="btn btn-secondary btn-small" onClick={onClose}>
          Close
        </button>
      </div>
      <p>
        <StatusBadge status={f.status} />{' '}
        <span className="muted">
          {TYPE_LABELS[f.type]} · {formatDateTime(f.created_at)}
        </span>
      </p>
      <p className="muted">From {f.author ? `${f.author.display_name} (${f.author.email})` : 'a visitor who was not signed in'}</p>
      <h3>Description</h3>
      <p className="pre-wrap">{f.description}</p>
      {f.steps_to_reproduce && (
        <>
          <h3>Steps to reproduce</h3>
          <p className="pre-wrap">{f.steps_to_reproduce}</p>
        </>
      )}
      <dl className="meta-list">
        <dt>Page</dt>
        <dd className="break">{f.page_url || '—'}</dd>
        <dt>Browser</dt>
        <dd className="break">{f.browser_info || '—'}</dd>
      </dl>
      {f.admin_note && (
        <>
          <h3>Latest note</h3>
          <p className="pre-wrap">{f.admin_note}</p>
        </>
      )}
      <StatusForm key={f.id} id={f.id} current={f.status} />
      <h3>History</h3>
      {f.history.length === 0 ? (
        <p className="muted">No changes yet.</p>
      ) : (
        <ol className="history">
          {f.history.map((h, i) => (
            <li key={i}>
              <strong>{h.changed_by}</strong> moved it from {STATUS_LABELS[h.from_status]} to {STATUS_LABELS[h.to_status]} on{' '}
              {formatDateTime(h.changed_at)}
              {h.note && <span className="pre-wrap"> — “{h.note}”</span>}
            </li>
          ))}
        </ol>
      )}
    </article>
  );
}

const FEEDBACK_LIST_STATE = {
  type: param.optional(Object.keys(TYPE_LABELS) as FeedbackType[]),
  status: param.optional(Object.keys(STATUS_LABELS) as FeedbackStatus[]),
  q: param.string(),
  page: param.int(1, 1, 100_000),
};

export default function AdminFeedbackPage() {
  // ?type=bug&status=new&q=…&page=2: the filters and the page are in the address (shareable; Back steps through them).
  const [{ type, status, q: search, page }, setState] = useQueryState(FEEDBACK_LIST_STATE);
  const setType = (next: FeedbackType | '') => setState({ type: next || null, page: 1 }, { replace: false });
  const setStatus = (next: FeedbackStatus | '') => setState({ status: next || null, page: 1 }, { replace: false });
  const setSearch = (q: string) => setState({ q, page: 1 });
  const setPage = (next: number) => setState({ page: next }, { replace: false });
  const [selected, setSelected] = useState<number | null>(null);
  const debouncedSearch = useDebounced(search.trim(), 300);
  const list = useFeedbackList({ type: type || undefined, status: status || undefined, search: debouncedSearch, page });
  const pages = list.data ? Math.max(1, Math.ceil(list.data.total / FEEDBACK_PAGE_SIZE)) : 1;

  return (
    <div className="container page admin-feedback">
      <h1>Feedback</h1>
      <p className="lead muted">What athletes tell us, newest first. Triage it, answer it, close it.</p>
      <Summary />
      <form className="filters" role="search" onSubmit={(e) => e.preventDefault()}>
        <Select<FeedbackType>
          id="fb-type"
          label="Type"
          noneLabel="All types"
          options={optionsFrom(TYPE_LABELS)}
          value={type || null}
          onChange={(v) => setType(v ?? '')}
        />
        <Select<FeedbackStatus>
          id="fb-status"
          label="Status"
          noneLabel="All statuses"
          options={optionsFrom(STATUS_LABELS)}
          value={status || null}
          onChange={(v) => setStatus(v ?? '')}
        />
        <div className="field grow">
          <label htmlFor="fb-search">Search subject and description</label>
          <input id="fb-search" type="search" value={search} maxLength={200} onChange={(e) => setSearch(e.target.value)} />
        </div>
      </form>
      <div className={`feedback-layout${selected !== null ? ' with-detail' : ''}`}>
        <section aria-label="Feedback list" aria-busy={list.isFetching}>
          {list.isPending ? (
            <LoadingSkeleton label="Loading feedback…" />
          ) : list.isError ? (
            <p className="error-text" role="alert">
              {list.error.message}{' '}
              <button type="button" className="link-button" onClick={() => void list.refetch()}>
                Try again
              </button>
            </p>
          ) : list.data.items.length === 0 ? (
            <p className="empty card">No feedback matches these filters.</p>
          ) : (
            <>
              <ul className="feedback-list">
                {list.data.items.map((f) => (
                  <li key={f.id}>
                    <button
                      type="button"
                      className={`feedback-row${selected === f.id ? ' selected' : ''}`}
                      onClick={() => setSelected(f.id)}
                      aria-pressed={selected === f.id}
                    >
                      <span className="row-subject">{f.subject}</span>
                      <span className="row-meta">
                        <StatusBadge status={f.status} /> {TYPE_LABELS[f.type]} · {f.author?.display_name ?? 'Visitor'} ·{' '}
                        {formatDateTime(f.created_at)}
                      </span>
                    </button>
                  </li>
                ))}
              </ul>
              <nav className="pager" aria-label="Pages">
                <button type="button" className="btn btn-secondary btn-small" disabled={page <= 1} onClick={() => setPage(page - 1)}>
                  Previous
                </button>
                <span>
                  Page {page} of {pages} ({list.data.total} in all)
                </span>
                <button type="button" className="btn btn-secondary btn-small" disabled={page >= pages} onClick={() => setPage(page + 1)}>
                  Next
                </button>
              </nav>
            </>
          )}
        </section>
        {selected !== null && <Detail id={selected} onClose={() => setSelected(null)} />}
      </div>
    </div>
  );
}
