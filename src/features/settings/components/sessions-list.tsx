import { useId } from 'react';
import { Button } from '../../../components/ui/button.tsx';
import { DataTable, type Column } from '../../../components/data-table.tsx';
import { QueryState } from '../../../components/query-state.tsx';
import { formatDateTime } from '../../../lib/format.ts';
import { toast } from '../../../lib/toast.ts';
import { useMySessions, useSignOutOtherSessions, useSignOutSession, type ActiveSession } from '../api/settings.ts';

/** The browsers signed in to this account, each with a Sign out; and one button for all but this one. */
export function SessionsList() {
  const id = useId();
  const sessions = useMySessions();
  const signOut = useSignOutSession();
  const signOutOthers = useSignOutOtherSessions();

  const columns: Column<ActiveSession>[] = [
    {
      id: 'device',
      header: 'Device',
      rowHeader: true,
      cell: (s) => (
        <>
          {s.device}
          {s.current && <span className="muted"> (this browser)</span>}
        </>
      ),
    },
    { id: 'signed-in', header: 'Signed in', cell: (s) => formatDateTime(s.signed_in_at) },
    { id: 'last-used', header: 'Last used', cell: (s) => formatDateTime(s.last_used_at) },
    {
      id: 'actions',
      header: 'Actions',
      headerHidden: true,
      cell: (s) =>
        s.current ? null : (
          <Button
            size="sm"
            loading={signOut.isPending && signOut.variables === s.id}
            onClick={() =>
              signOut.mutate(s.id, {
                onSuccess: () => toast({ title: `Signed out ${s.device}.`, variant: 'success' }),
                onError: (err) => toast({ title: err.message, variant: 'error' }),
              })
            }
          >
            Sign out
            <span className="visually-hidden">
              {' '}
              {s.device}, last used {formatDateTime(s.last_used_at)}
            </span>
          </Button>
        ),
    },
  ];

  return (
    <section className="card settings-card" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>Signed-in devices</h2>
      <p className="hint">Each browser where you signed in. Signing one out ends its session there at once.</p>
      <QueryState query={sessions} loading="Loading your signed-in devices…">
        {(data) => {
          const others = data.items.filter((s) => !s.current).length;
          return (
            <>
              <DataTable
                caption="Signed-in devices"
                columns={columns}
                rows={data.items}
                rowKey={(s) => s.id}
                rowCurrent={(s) => s.current}
              />
              <p className="settings-actions">
                {others === 0 ? (
                  <span className="muted">You are signed in on this browser only.</span>
                ) : (
                  <Button
                    variant="danger"
                    loading={signOutOthers.isPending}
                    onClick={() =>
                      signOutOthers.mutate(undefined, {
                        onSuccess: (r) =>
                          toast({
                            title: `Signed out everywhere else (${r.signed_out} ${r.signed_out === 1 ? 'device' : 'devices'}).`,
                            variant: 'success',
                          }),
                        onError: (err) => toast({ title: err.message, variant: 'error' }),
                      })
                    }
                  >
                    Sign out everywhere else
                  </Button>
                )}
              </p>
            </>
          );
        }}
      </QueryState>
    </section>
  );
}
