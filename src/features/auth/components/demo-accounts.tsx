import { useMutation, useQuery } from '@tanstack/react-query';
import { SessionActor } from '#src/lib/session/session-provider.tsx';
import { Avatar } from '#src/components/ui/avatar.tsx';
import { demoAccounts, demoSignIn, type DemoAccount } from '../api/auth-calls.ts';

/**
 * The demo world's accounts, one press each to sign in (no password, no code). Shown only when the
 * server answers the list (demo world on, not production); otherwise nothing at all.
 */
export function DemoAccounts() {
  const session = SessionActor.useFlowActor();
  const accounts = useQuery({ queryKey: ['get', '/api/auth/demo-accounts'], queryFn: demoAccounts, staleTime: Infinity, retry: false });
  const signIn = useMutation({
    mutationFn: (account: DemoAccount) => demoSignIn(account.email),
    onSuccess: (data) => session.send({ type: 'session.login', session: data }),
  });
  if (!accounts.data?.length) return null;
  return (
    <section className="demo-accounts" aria-labelledby="demo-accounts-title">
      <hr className="divider" />
      <h2 id="demo-accounts-title">Try the demo</h2>
      <p className="muted">This server runs the demo world: sign in as one of its people in one press.</p>
      <ul className="demo-account-list">
        {accounts.data.map((a) => (
          <li key={a.email}>
            <button type="button" className="btn btn-secondary demo-account" disabled={signIn.isPending} onClick={() => signIn.mutate(a)}>
              <Avatar name={a.display_name} size={32} />
              <span>
                Sign in as {a.display_name}
                <span className="muted demo-account-kind">{a.kind === 'administrator' ? 'demo administrator' : 'demo athlete'}</span>
              </span>
            </button>
          </li>
        ))}
      </ul>
      {signIn.error && (
        <p className="error-text" role="alert">
          {signIn.error.message}
        </p>
      )}
    </section>
  );
}
