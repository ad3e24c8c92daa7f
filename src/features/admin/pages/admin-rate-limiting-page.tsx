import { useState, type FormEvent } from 'react';
import { formatDateTime } from '#src/lib/format.ts';
import { toast } from '#src/lib/toast.ts';
import { Badge } from '#src/components/ui/badge.tsx';
import { Button } from '#src/components/ui/button.tsx';
import { TextInput } from '#src/components/ui/text-field.tsx';
import { DataTable } from '#src/components/data-table.tsx';
import { QueryState } from '#src/components/query-state.tsx';
import { CountBars } from '../components/count-bars.tsx';
import { useRateLimits, useSetRateLimit, type RateLimit } from '../api/rate-limits.ts';
import '../admin.css';

const windowText = (seconds: number) => (seconds % 60 === 0 ? `${seconds / 60} min` : `${seconds} s`);

/** A limit's new value: a whole number from 1 up, saved as typed. */
function LimitForm({ limit }: { limit: RateLimit }) {
  const [value, setValue] = useState(String(limit.max));
  const [error, setError] = useState<string | null>(null);
  const save = useSetRateLimit();
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const max = Number(value);
    if (!/^\d+$/.test(value.trim()) || max < 1 || max > 100_000) {
      setError('Enter a whole number from 1 to 100,000.');
      return;
    }
    setError(null);
    save.mutate(
      { group: limit.group, max },
      {
        onSuccess: () => toast({ title: `${limit.summary}: now ${max} per ${windowText(limit.window_seconds)}.`, variant: 'success' }),
        onError: (err) => setError(err.message),
      },
    );
  };
  return (
    <form className="ops-actions" onSubmit={submit} noValidate>
      <TextInput
        label={`Limit for ${limit.summary}`}
        hideLabel
        inputMode="numeric"
        value={value}
        error={error}
        onChange={(e) => setValue(e.target.value)}
        wrapperClassName="field ops-limit-field"
      />
      <Button type="submit" size="sm" loading={save.isPending} disabled={value === String(limit.max)}>
        Save
      </Button>
    </form>
  );
}

export default function AdminRateLimitingPage() {
  const limits = useRateLimits();
  return (
    <div className="container page admin-ops">
      <h1>Rate limiting</h1>
      <p className="lead muted">
        How many requests one address may send to each guarded call, who is being turned away now, and what was changed. A new limit applies
        at once, on every server.
      </p>
      <QueryState query={limits} loading="Loading the limits…">
        {(data) => (
          <>
            <p className="ops-actions">
              <Badge tone={data.store === 'redis' ? 'success' : 'neutral'}>
                {data.store === 'redis' ? 'Counters shared in Redis' : 'Counters in this server’s memory'}
              </Badge>
            </p>
            <section aria-labelledby="limits-title">
              <h2 id="limits-title">Limits</h2>
              <DataTable
                stackOnPhone
                caption="Rate limits"
                className="ui-table"
                rows={data.items}
                rowKey={(l) => l.group}
                columns={[
                  {
                    id: 'call',
                    header: 'Call',
                    rowHeader: true,
                    cell: (l) => (
                      <>
                        <strong>{l.summary}</strong>
                        <details className="ops-muted ops-break ops-tech">
                          <summary>For developers</summary>
                          <code>
                            {l.method} {l.path}
                          </code>
                        </details>
                      </>
                    ),
                  },
                  {
                    id: 'limit',
                    header: 'Per address',
                    cell: (l) => (
                      <>
                        <LimitForm key={`${l.group}-${l.max}`} limit={l} />
                        <div className="ops-muted">
                          per {windowText(l.window_seconds)}
                          {l.max !== l.default_max ? ` (default ${l.default_max})` : ''}
                        </div>
                      </>
                    ),
                  },
                  {
                    id: 'rejected',
                    header: 'Turned away, last 24 h',
                    cell: (l) => (
                      <>
                        <CountBars counts={l.hourly} label={`${l.rejections_today} requests turned away in the last 24 hours`} />
                        <div>{l.rejections_today}</div>
                      </>
                    ),
                  },
                ]}
              />
            </section>
            <section aria-labelledby="offenders-title">
              <h2 id="offenders-title">Turned away in the last ten minutes</h2>
              <DataTable
                stackOnPhone
                caption="Top offending addresses"
                className="ui-table"
                rows={data.top_keys}
                rowKey={(k) => `${k.key}-${k.group}`}
                empty="Nobody was turned away in the last ten minutes."
                columns={[
                  { id: 'key', header: 'Address', rowHeader: true, cell: (k) => k.key },
                  { id: 'group', header: 'Call', cell: (k) => data.items.find((i) => i.group === k.group)?.summary ?? k.group },
                  { id: 'n', header: 'Turned away', cell: (k) => k.rejections },
                  { id: 'last', header: 'Last', cell: (k) => formatDateTime(k.last_seen) },
                ]}
              />
            </section>
            <section aria-labelledby="changes-title">
              <h2 id="changes-title">Changes</h2>
              <DataTable
                stackOnPhone
                caption="Rate limit changes"
                className="ui-table"
                rows={data.changes}
                rowKey={(c) => `${c.group}-${c.changed_at}`}
                empty="No limit has been changed."
                columns={[
                  { id: 'when', header: 'When', rowHeader: true, cell: (c) => formatDateTime(c.changed_at) },
                  { id: 'group', header: 'Call', cell: (c) => data.items.find((i) => i.group === c.group)?.summary ?? c.group },
                  { id: 'change', header: 'Change', cell: (c) => `${c.old_max} → ${c.new_max}` },
                  { id: 'by', header: 'By', cell: (c) => c.changed_by ?? '—' },
                ]}
              />
            </section>
          </>
        )}
      </QueryState>
    </div>
  );
}
