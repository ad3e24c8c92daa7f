import { DataTable } from '#src/components/data-table.tsx';
import { QueryState } from '#src/components/query-state.tsx';
import { formatDateTime } from '#src/lib/format.ts';
import { ACTION_LABELS, KIND_LABELS } from '#domain/moderation.ts';
import { useModerationActions, useModerationQueue } from '../api/moderation.ts';
import { ModerationItem } from '../components/moderation-item.tsx';
import { AppealCard } from '../components/appeal-card.tsx';
import '../admin.css';

export default function AdminReportedContentPage() {
  const queue = useModerationQueue();
  const actions = useModerationActions();
  return (
    <div className="container page admin-ops">
      <h1>Reported content</h1>
      <p className="lead muted">
        What the community reported, the most serious and most reported first. Every action needs a reason: the author reads it, and whoever
        reported the item hears the outcome.
      </p>
      <section aria-labelledby="queue-title">
        <h2 id="queue-title">Waiting for a decision</h2>
        <QueryState
          query={queue}
          loading="Loading the reports…"
          empty={<p className="empty card">Nothing is waiting: no open reports.</p>}
          isEmpty={(d) => d.items.length === 0}
        >
          {(data) => (
            <>
              <p className="ops-muted">
                {data.open_reports} open {data.open_reports === 1 ? 'report' : 'reports'} about {data.items.length}{' '}
                {data.items.length === 1 ? 'item' : 'items'}.
              </p>
              <ul className="ops-list mod-list">
                {data.items.map((item) => (
                  <ModerationItem key={`${item.kind}-${item.item_id}`} item={item} />
                ))}
              </ul>
            </>
          )}
        </QueryState>
      </section>
      <QueryState query={actions} loading="Loading the history…">
        {(data) => (
          <>
            <section aria-labelledby="appeals" id="appeals-section">
              <h2 id="appeals">Appeals</h2>
              {data.appeals.length === 0 ? (
                <p className="empty card">No appeal is waiting.</p>
              ) : (
                <ul className="ops-list mod-list">
                  {data.appeals.map((a) => (
                    <AppealCard key={a.id} record={a} />
                  ))}
                </ul>
              )}
            </section>
            <section aria-labelledby="history-title">
              <h2 id="history-title">Recent actions</h2>
              <DataTable
                stackOnPhone
                caption="Moderation actions, newest first"
                className="ui-table"
                rows={data.items}
                rowKey={(a) => String(a.id)}
                empty="No moderation action yet."
                columns={[
                  { id: 'when', header: 'When', rowHeader: true, cell: (a) => formatDateTime(a.created_at) },
                  { id: 'item', header: 'Item', cell: (a) => `${KIND_LABELS[a.kind]}: ${a.title}` },
                  {
                    id: 'action',
                    header: 'Action',
                    cell: (a) =>
                      `${ACTION_LABELS[a.action]}${a.appeal ? ` · appeal ${a.appeal.status === 'open' ? 'waiting' : a.appeal.status}` : ''}`,
                  },
                  { id: 'reason', header: 'Reason', cell: (a) => a.reason },
                  { id: 'by', header: 'By', cell: (a) => a.actor?.display_name ?? '—' },
                ]}
              />
            </section>
          </>
        )}
      </QueryState>
    </div>
  );
}
