import { useState } from 'react';
import { param, useQueryState } from '#src/lib/use-search-param.ts';
import { formatDate, formatDateTime } from '#src/lib/format.ts';
import { toast } from '#src/lib/toast.ts';
import { Badge, type BadgeTone } from '#src/components/ui/badge.tsx';
import { Button } from '#src/components/ui/button.tsx';
import { EmptyState } from '#src/components/ui/empty-state.tsx';
import { PaginationByPage } from '#src/components/ui/pagination.tsx';
import { optionsFrom, Select } from '#src/components/ui/select.tsx';
import { DataTable } from '#src/components/data-table.tsx';
import { QueryState } from '#src/components/query-state.tsx';
import { CountBars } from '../components/count-bars.tsx';
import {
  ERROR_KIND_LABELS,
  ERROR_PAGE_SIZE,
  ERROR_STATUS_LABELS,
  useErrorGroup,
  useErrorGroups,
  useSetErrorStatus,
  type ErrorGroup,
  type ErrorGroupDetail,
  type ErrorStatus,
} from '../api/error-logs.ts';
import '../admin.css';

const STATUS_TONES: Record<ErrorStatus, BadgeTone> = { open: 'danger', resolved: 'success', ignored: 'neutral' };

function StatusBadge({ status }: { status: ErrorStatus }) {
  return <Badge tone={STATUS_TONES[status]}>{ERROR_STATUS_LABELS[status]}</Badge>;
}

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;

/** The actions a group allows in its status. */
const NEXT: Record<ErrorStatus, { status: ErrorStatus; label: string; done: string }[]> = {
  open: [
    { status: 'resolved', label: 'Resolve', done: 'Marked as resolved. It opens again if it comes back.' },
    { status: 'ignored', label: 'Ignore', done: 'Ignored. New reports are still counted.' },
  ],
  resolved: [{ status: 'open', label: 'Reopen', done: 'Opened again.' }],
  ignored: [{ status: 'open', label: 'Stop ignoring', done: 'Opened again.' }],
};

function Detail({ group, onClose }: { group: ErrorGroupDetail; onClose: () => void }) {
  const setStatus = useSetErrorStatus();
  const change = (status: ErrorStatus, done: string) =>
    setStatus.mutate(
      { id: group.id, status },
      {
        onSuccess: () => toast({ title: done, variant: 'success' }),
        onError: (error) => toast({ title: error.message, variant: 'error' }),
      },
    );
  return (
    <article className="card ops-detail" aria-labelledby="error-detail-title">
      <div className="ops-detail-head">
        <h2 id="error-detail-title">{group.message}</h2>
        <Button size="sm" onClick={onClose}>
          Close
        </Button>
      </div>
      <p className="ops-actions">
        <StatusBadge status={group.status} />
        <Badge tone="info">{ERROR_KIND_LABELS[group.kind]}</Badge>
        {group.reopened_count > 0 && <Badge tone="warning">Came back {plural(group.reopened_count, 'time')}</Badge>}
      </p>
      <div className="ops-actions">
        {NEXT[group.status].map((n) => (
          <Button
            key={n.status}
            variant={n.status === 'resolved' ? 'primary' : 'secondary'}
            loading={setStatus.isPending && setStatus.variables?.status === n.status}
            onClick={() => change(n.status, n.done)}
          >
            {n.label}
          </Button>
        ))}
      </div>
      <dl className="ops-facts">
        <dt>Reports</dt>
        <dd>{group.occurrences}</dd>
        <dt>People affected</dt>
        <dd>{group.affected_users}</dd>
        <dt>First seen</dt>
        <dd>{formatDateTime(group.first_seen)}</dd>
        <dt>Last seen</dt>
        <dd>{formatDateTime(group.last_seen)}</dd>
        <dt>Release</dt>
        <dd>{group.last_release ?? '—'}</dd>
        <dt>Where</dt>
        <dd>{group.last_url ?? '—'}</dd>
        <dt>Top frame</dt>
        <dd>{group.top_frame || '—'}</dd>
      </dl>
      <h3>Reports per day</h3>
      <CountBars
        className="count-bars-wide"
        counts={group.daily.map((d) => d.count)}
        label={`Reports per day over the last ${group.daily.length} days: ${group.daily.map((d) => `${formatDate(d.day)} ${d.count}`).join(', ')}`}
      />
      <h3>Stack</h3>
      {group.original_stack ? (
        <>
          <p className="ops-muted">In the source files, from this release’s source maps.</p>
          <pre className="ops-stack" tabIndex={0} aria-label="Stack trace">
            {group.original_stack}
          </pre>
          <details className="ops-stack-raw">
            <summary>Stack as the browser reported it</summary>
            <pre className="ops-stack" tabIndex={0} aria-label="Stack trace as reported">
              {group.stack}
            </pre>
          </details>
        </>
      ) : group.stack ? (
        <pre className="ops-stack" tabIndex={0} aria-label="Stack trace">
          {group.stack}
        </pre>
      ) : (
        <p className="ops-muted">No stack came with these reports.</p>
      )}
      <h3>Latest reports</h3>
      <DataTable
        stackOnPhone
        caption="Latest reports"
        columns={[
          { id: 'when', header: 'When', cell: (r) => formatDateTime(r.occurred_at), rowHeader: true },
          { id: 'who', header: 'Who', cell: (r) => r.user ?? 'Visitor' },
          { id: 'release', header: 'Release', cell: (r) => r.release ?? '—' },
          { id: 'url', header: 'Page', cell: (r) => r.url ?? '—' },
        ]}
        rows={group.recent}
        rowKey={(r) => `${r.occurred_at}-${r.url ?? ''}-${r.user ?? ''}`}
        empty="No reports."
        className="ui-table"
      />
    </article>
  );
}

function DetailPanel({ id, onClose }: { id: number; onClose: () => void }) {
  const group = useErrorGroup(id);
  return (
    <QueryState query={group} loading="Loading this error…">
      {(g) => <Detail group={g} onClose={onClose} />}
    </QueryState>
  );
}

function GroupRow({ g, selected, onSelect }: { g: ErrorGroup; selected: boolean; onSelect: () => void }) {
  const lastHour = g.hourly.at(-1) ?? 0;
  const day = g.hourly.reduce((a, b) => a + b, 0);
  return (
    <button type="button" className="ops-row" aria-pressed={selected} onClick={onSelect}>
      <span className="ops-row-title">{g.message}</span>
      <CountBars counts={g.hourly} label={`${plural(day, 'report')} in the last 24 hours, ${lastHour} in the last hour`} />
      <span className="ops-row-meta">
        <StatusBadge status={g.status} />
        <span>{ERROR_KIND_LABELS[g.kind]}</span>
        <span>{plural(g.occurrences, 'report')}</span>
        <span>{plural(g.affected_users, 'person')}</span>
        <span>Last seen {formatDateTime(g.last_seen)}</span>
      </span>
    </button>
  );
}

/** Throws while rendering: how an administrator checks that page crashes reach this log. */
function TestCrash(): never {
  throw new Error('Test error from the error logs page');
}

const ERROR_LOG_STATE = {
  status: param.optional(['open', 'resolved', 'ignored'] as const),
  page: param.int(1, 1, 10_000),
};

export default function AdminErrorLogsPage() {
  const [{ status, page }, setState] = useQueryState(ERROR_LOG_STATE);
  const [selected, setSelected] = useState<number | null>(null);
  const [crash, setCrash] = useState(false);
  const groups = useErrorGroups(status, page);
  return (
    <div className="container page admin-ops">
      {crash && <TestCrash />}
      <h1>Error logs</h1>
      <p className="lead muted">
        Crashes and failures people met in the app, and the server’s own faults, grouped by what went wrong. Resolve a group when it is
        fixed: if it happens again, it opens again.
      </p>
      <form className="filters" role="search" onSubmit={(e) => e.preventDefault()}>
        <Select<ErrorStatus>
          id="error-status"
          label="Status"
          noneLabel="All statuses"
          options={optionsFrom(ERROR_STATUS_LABELS)}
          value={status}
          onChange={(v) => setState({ status: v, page: 1 }, { replace: false })}
        />
        <Button variant="ghost" onClick={() => setCrash(true)}>
          Send a test error
        </Button>
      </form>
      <div className={`ops-layout${selected !== null ? ' with-detail' : ''}`}>
        <section aria-label="Error groups" aria-busy={groups.isFetching}>
          <QueryState
            query={groups}
            loading="Loading the error log…"
            empty={
              <EmptyState title={status ? `No ${ERROR_STATUS_LABELS[status].toLowerCase()} errors.` : 'No errors reported.'}>
                Errors appear here as soon as someone meets one.
              </EmptyState>
            }
          >
            {(data) => (
              <>
                <ul className="ops-list">
                  {data.items.map((g) => (
                    <li key={g.id}>
                      <GroupRow g={g} selected={selected === g.id} onSelect={() => setSelected(g.id)} />
                    </li>
                  ))}
                </ul>
                <PaginationByPage
                  page={page}
                  shown={data.items.length}
                  total={data.total}
                  pageSize={ERROR_PAGE_SIZE}
                  onPage={(p) => setState({ page: p }, { replace: false })}
                  label="Error log pages"
                />
              </>
            )}
          </QueryState>
        </section>
        {selected !== null && <DetailPanel id={selected} onClose={() => setSelected(null)} />}
      </div>
    </div>
  );
}
