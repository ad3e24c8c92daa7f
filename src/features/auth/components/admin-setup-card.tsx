import { useId, useState, type FormEvent } from 'react';
import { useMutation, useQuery } from '@tanstack/react-query';
import { Link } from 'wouter';
import { SessionActor } from '#src/lib/session/session-provider.tsx';
import { adminSetupStatus, claimAdminSetup } from '../api/auth-calls.ts';
import '../auth.css';

/**
 * Becoming the first administrator with the setup code of the start banner (the dashboard's
 * ?view=admin-setup, which the banner names). Says plainly when setup is closed.
 */
export function AdminSetupCard() {
  const codeId = useId();
  const [code, setCode] = useState('');
  const session = SessionActor.useFlowActor();
  const status = useQuery({ queryKey: ['get', '/api/auth/admin-setup'], queryFn: adminSetupStatus });
  const claim = useMutation({
    mutationFn: () => claimAdminSetup(code),
    onSuccess: (user) => session.send({ type: 'session.userUpdated', user }),
  });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (code.trim()) claim.mutate();
  };
  return (
    <section className="card admin-setup" aria-labelledby="admin-setup-title">
      <h2 id="admin-setup-title">Become the administrator</h2>
      {claim.isSuccess ? (
        <p role="status">
          You are now the administrator. The <Link href="/admin-dashboard-page">admin home</Link> links every admin page.
        </p>
      ) : status.isPending ? (
        <p className="muted">Checking whether this server still needs an administrator…</p>
      ) : status.isError ? (
        <p className="error-text" role="alert">
          {status.error.message}
        </p>
      ) : !status.data ? (
        <p>
          This server already has an administrator, or was started without a setup code (production). Ask an administrator to give you a
          role.
        </p>
      ) : (
        <form onSubmit={submit} className="form" noValidate>
          <p>This server has no administrator yet. Enter the setup code printed in the banner when the server started.</p>
          <div className="field">
            <label htmlFor={codeId}>Setup code</label>
            <input
              id={codeId}
              className="setup-code-input"
              type="text"
              autoComplete="off"
              spellCheck={false}
              maxLength={40}
              value={code}
              onChange={(e) => setCode(e.target.value)}
              placeholder="ABCD-EFGH-JKLM"
            />
          </div>
          <button type="submit" className="btn btn-primary" disabled={claim.isPending || !code.trim()}>
            {claim.isPending ? 'Checking…' : 'Become administrator'}
          </button>
          {claim.error && (
            <p className="error-text" role="alert">
              {claim.error.message}
            </p>
          )}
        </form>
      )}
    </section>
  );
}
