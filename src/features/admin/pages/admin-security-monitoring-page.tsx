import { useEffect, useState } from 'react';
import { param, useQueryState } from '#src/lib/use-search-param.ts';
import { useDebounced } from '#src/lib/use-debounced.ts';
import { formatDateTime } from '#src/lib/format.ts';
import { toast } from '#src/lib/toast.ts';
import { Badge } from '#src/components/ui/badge.tsx';
import { Button } from '#src/components/ui/button.tsx';
import { EmptyState } from '#src/components/ui/empty-state.tsx';
import { PaginationByPage } from '#src/components/ui/pagination.tsx';
import { optionsFrom, Select } from '#src/components/ui/select.tsx';
import { TextInput } from '#src/components/ui/text-field.tsx';
import { DataTable } from '#src/components/data-table.tsx';
import { QueryState } from '#src/components/query-state.tsx';
import { RevokeSessions } from '../components/revoke-sessions.tsx';
import {
  AUTH_EVENT_LABELS,
  SECURITY_PAGE_SIZE,
  useAuthEvents,
  useSecurityAlerts,
  useSecuritySummary,
  useUnlockAccount,
  type AuthEvent,
  type AuthEventKind,
  type SecuritySummary,
} from '../api/security.ts';
import '../admin.css';

const FAILURES = new Set<AuthEventKind>(['sign_in_failure', 'code_failure', 'code_locked', 'refresh_reuse']);
const minuteText = (iso: string) => formatDateTime(iso);

function Alerts({ onShowIp }: { onShowIp: (ip: string) => void }) {
  const alerts = useSecurityAlerts();
  return (
    <section aria-labelledby="alerts-title">
      <h2 id="alerts-title">Alerts</h2>
      <QueryState query={alerts} loading="Loading alerts…">
        {(data) =>
          data.items.length === 0 ? (
            <p className="ops-muted">
              No address failed to sign in {data.threshold_per_minute} or more times in one minute in the last {data.window_hours} hours.
            </p>
          ) : (
            <ul className="ops-alerts" aria-label="Security alerts">
              {data.items.map((a) => (
                <li key={`${a.ip}-${a.minute}`} className="ops-alert">
                  <span>
                    <strong>{a.failures} failed sign-ins</strong> from {a.ip} in the minute of {minuteText(a.minute)}, against{' '}
                    {a.accounts === 1 ? 'one account' : `${a.accounts} accounts`}.
                  </span>
                  <Button size="sm" onClick={() => onShowIp(a.ip)}>
                    Show this address
                  </Button>
                </li>
              ))}
            </ul>
          )
        }
      </QueryState>
    </section>
  );
}

function Counts({ summary }: { summary: SecuritySummary }) {
  if (summary.counts.length === 0) return <p className="ops-muted">No events yet.</p>;
  return (
    <dl className="ops-stats">
      {summary.counts.map((c) => (
        <div key={c.kind} className="card">
          <dt>{AUTH_EVENT_LABELS[c.kind]}</dt>
          <dd>{c.count}</dd>
        </div>
      ))}
    </dl>
  );
}

function AccountActions({ account }: { account: NonNullable<SecuritySummary['account']> }) {
  const unlock = useUnlockAccount();
  return (
    <div className="ops-actions">
      {account.locked && (
        <Button
          variant="primary"
          loading={unlock.isPending}
          onClick={() =>
            unlock.mutate(account.id, {
              onSuccess: () => toast({ title: `${account.display_name} is unlocked.`, variant: 'success' }),
              onError: (error) => toast({ title: error.message, variant: 'error' }),
            })
          }
        >
          Unlock
        </Button>
      )}
      <RevokeSessions userId={account.id} name={account.display_name} />
    </div>
  );
}

function SummaryPanel({
  userId,
  ip,
  onShowIp,
  onShowUser,
}: {
  userId: number | null;
  ip: string;
  onShowIp: (ip: string) => void;
  onShowUser: (id: number) => void;
}) {
  const summary = useSecuritySummary({ userId, ip });
  return (
    <QueryState query={summary} loading="Loading the summary…">
      {(s) => (
        <article className="card ops-detail" aria-labelledby="security-summary-title">
          <h2 id="security-summary-title" className="ops-break">
            {s.account ? `${s.account.display_name} (${s.account.email})` : `Address ${ip}`}
          </h2>
          {s.account && (
            <p className="ops-actions">
              <Badge tone={s.account.locked ? 'danger' : 'success'}>{s.account.locked ? 'Locked' : 'Not locked'}</Badge>
              <Badge>{s.account.role}</Badge>
              <span className="ops-muted">
                {s.account.active_sessions} live session{s.account.active_sessions === 1 ? '' : 's'} · {s.account.failed_attempts} failed
                steps since the last sign-in
              </span>
            </p>
          )}
          {s.account && <AccountActions account={s.account} />}
          <Counts summary={s} />
          <h3>{s.account ? 'Addresses it was seen from' : 'Accounts tried from this address'}</h3>
          {s.related.length === 0 ? (
            <p className="ops-muted">None yet.</p>
          ) : (
            <ul className="ops-list">
              {s.related.map((r) => (
                <li key={`${r.label}-${r.user_id ?? ''}`} className="ops-actions">
                  {s.account ? (
                    <Button size="sm" variant="ghost" onClick={() => onShowIp(r.label)}>
                      {r.label}
                    </Button>
                  ) : r.user_id ? (
                    <Button size="sm" variant="ghost" onClick={() => onShowUser(r.user_id!)}>
                      {r.label}
                    </Button>
                  ) : (
                    <span className="ops-break">{r.label}</span>
                  )}
                  <span className="ops-muted">
                    {r.events} event{r.events === 1 ? '' : 's'}, last {formatDateTime(r.last_seen)}
                  </span>
                </li>
              ))}
            </ul>
          )}
        </article>
      )}
    </QueryState>
  );
}

const SECURITY_STATE = {
  kind: param.optional(Object.keys(AUTH_EVENT_LABELS) as AuthEventKind[]),
  user: param.int(0, 0, 2_147_483_647),
  ip: param.string(),
  page: param.int(1, 1, 10_000),
};

export default function AdminSecurityMonitoringPage() {
  const [{ kind, user, ip, page }, setState] = useQueryState(SECURITY_STATE);
  const [ipText, setIpText] = useState(ip);
  useEffect(() => setIpText(ip), [ip]);
  const typedIp = useDebounced(ipText.trim(), 400);
  useEffect(() => {
    if (typedIp !== ip) setState({ ip: typedIp, page: 1 });
    // Only the typed address drives this; a change of the address from a link sets the box above.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [typedIp]);
  const userId = user > 0 ? user : null;
  const events = useAuthEvents({ kind, userId, ip, page });
  const showIp = (next: string) => setState({ ip: next, user: 0, page: 1 }, { replace: false });
  const showUser = (id: number) => setState({ user: id, ip: '', page: 1 }, { replace: false });
  const columns = [
    { id: 'when', header: 'When', cell: (e: AuthEvent) => formatDateTime(e.occurred_at), rowHeader: true },
    {
      id: 'event',
      header: 'Event',
      cell: (e: AuthEvent) => <Badge tone={FAILURES.has(e.kind) ? 'danger' : 'neutral'}>{AUTH_EVENT_LABELS[e.kind]}</Badge>,
    },
    {
      id: 'account',
      header: 'Account',
      cell: (e: AuthEvent) =>
        e.user_id ? (
          <Button size="sm" variant="ghost" onClick={() => showUser(e.user_id!)}>
            {e.user_name ?? `#${e.user_id}`}
          </Button>
        ) : (
          (e.email ?? '—')
        ),
    },
    {
      id: 'ip',
      header: 'Address',
      cell: (e: AuthEvent) => (
        <Button size="sm" variant="ghost" onClick={() => showIp(e.ip)}>
          {e.ip}
        </Button>
      ),
    },
    {
      id: 'detail',
      header: 'Detail',
      cell: (e: AuthEvent) => [e.detail, e.actor_name && `by ${e.actor_name}`].filter(Boolean).join(' ') || '—',
    },
    { id: 'browser', header: 'Browser', cell: (e: AuthEvent) => <span className="ops-break">{e.user_agent ?? '—'}</span> },
  ];
  return (
    <div className="container page admin-ops">
      <h1>Security monitoring</h1>
      <p className="lead muted">Every sign-in, failure and account action, with the address and browser it came from.</p>
      <Alerts onShowIp={showIp} />
      <form className="filters" role="search" onSubmit={(e) => e.preventDefault()}>
        <Select<AuthEventKind>
          id="auth-kind"
          label="Event"
          noneLabel="All events"
          options={optionsFrom(AUTH_EVENT_LABELS)}
          value={kind}
          onChange={(v) => setState({ kind: v, page: 1 }, { replace: false })}
        />
        <TextInput label="Address" value={ipText} maxLength={64} onChange={(e) => setIpText(e.target.value)} />
        {(userId !== null || ip) && (
          <Button onClick={() => setState({ user: 0, ip: '', page: 1 }, { replace: false })}>Show everyone</Button>
        )}
      </form>
      <div className={`ops-layout${userId !== null || ip ? ' with-detail' : ''}`}>
        <section aria-label="Timeline" aria-busy={events.isFetching}>
          <QueryState
            query={events}
            loading="Loading the timeline…"
            empty={<EmptyState title="No events match.">Sign-ins and account actions appear here as they happen.</EmptyState>}
          >
            {(data) => (
              <>
                <DataTable
                  stackOnPhone
                  caption="Authentication events"
                  columns={columns}
                  rows={data.items}
                  rowKey={(e) => e.id}
                  className="ui-table"
                  minWidth="48rem"
                />
                <PaginationByPage
                  page={page}
                  shown={data.items.length}
                  total={data.total}
                  totalCapped={data.total_capped}
                  pageSize={SECURITY_PAGE_SIZE}
                  onPage={(p) => setState({ page: p }, { replace: false })}
                  label="Timeline pages"
                />
                {data.total_capped ? (
                  <p className="muted">
                    More than {data.total.toLocaleString('en-US')} events match; counting stops there. Narrow the timeline by kind, account
                    or address to see how many exactly.
                  </p>
                ) : null}
              </>
            )}
          </QueryState>
        </section>
        {(userId !== null || ip) && <SummaryPanel userId={userId} ip={ip} onShowIp={showIp} onShowUser={showUser} />}
      </div>
    </div>
  );
}
