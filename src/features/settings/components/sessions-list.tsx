import { useId } from 'react';
import { Button } from '#src/components/ui/button.tsx';
import { QueryState } from '#src/components/query-state.tsx';
import { formatDateTime } from '#src/lib/format.ts';
import { toast } from '#src/lib/toast.ts';
import { useMySessions, useSignOutOtherSessions, useSignOutSession, type ActiveSession } from '../api/settings.ts';

/** The browsers signed in to this account, each with a Sign out; and one button for all but this one. */
export function SessionsList() {
  const id = useId();
  const sessions = useMySessions();
  const signOut = useSignOutSession();
  const signOutOthers = useSignOutOtherSessions();

  const signOutOne = (s: ActiveSession) =>
    signOut.mutate(s.id, {
      onSuccess: () => toast({ title: `Signed out ${s.device}.`, variant: 'success' }),
      onError: (err) => toast({ title: err.message, variant: 'error' }),
    });

  return (
    <section className="card settings-card" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>Signed-in devices</h2>
      <p className="hint">Each browser where you signed in. Signing one out ends its session there at once.</p>
      <QueryState query={sessions} loading="Loading your signed-in devices…">
        {(data) => {
          const others = data.items.filter((s) => !s.current).length;
          return (
            <>
              <ul className="settings-sessions" aria-label="Signed-in devices">
                {data.items.map((s) => (
                  <li key={s.id} aria-current={s.current ? 'true' : undefined}>
                    <div>
                      <strong>{s.device}</strong>
                      {s.current && <span className="muted"> (this browser)</span>}
                      <p className="hint">
                        Signed in {formatDateTime(s.signed_in_at)} · last used {formatDateTime(s.last_used_at)}
                      </p>
                    </div>
                    {!s.current && (
                      <Button size="sm" loading={signOut.isPending && signOut.variables === s.id} onClick={() => signOutOne(s)}>
                        Sign out
                        <span className="visually-hidden">
                          {' '}
                          {s.device}, last used {formatDateTime(s.last_used_at)}
                        </span>
                      </Button>
                    )}
                  </li>
                ))}
              </ul>
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
