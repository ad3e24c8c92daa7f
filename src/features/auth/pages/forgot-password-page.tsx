import { useId, type FormEvent } from 'react';
import { Link } from 'wouter';
import { useSelector } from '@xstate/react';
import { useFlow } from '#src/lib/flow/use-flow.ts';
import { fromPromise } from 'xstate';
import { forgotPasswordMachine } from '#machines/forgot-password.ts';
import { requestPasswordReset } from '../api/auth-calls.ts';
import '../auth.css';

export default function ForgotPasswordPage() {
  const emailId = useId();
  const actor = useFlow(
    forgotPasswordMachine.provide({
      actors: { requestPasswordReset: fromPromise<string, string>(({ input }) => requestPasswordReset(input)) },
    }),
  );
  const email = useSelector(actor, (s) => s.context.email);
  const problem = useSelector(actor, (s) => s.context.problem);
  const message = useSelector(actor, (s) => s.context.message);
  const sent = useSelector(actor, (s) => s.matches('sent'));
  const pending = useSelector(actor, (s) => s.hasTag('busy'));
  const submit = (e: FormEvent) => {
    e.preventDefault();
    actor.send({ type: 'forgot.submit' });
  };
  return (
    <div className="container page auth-page">
      <div className="auth-card card">
        <h1>Forgot your password?</h1>
        {sent ? (
          <>
            <p role="status">{message}</p>
            <p className="muted">The link works once and expires after an hour. Check your spam folder if it does not arrive.</p>
            <p>
              <Link href="/login-page">Back to sign in</Link>
            </p>
          </>
        ) : (
          <form className="form" onSubmit={submit} noValidate>
            <p className="muted">Enter your email and we will send you a link to choose a new password.</p>
            <div className="field">
              <label htmlFor={emailId}>Email</label>
              <input
                id={emailId}
                type="email"
                value={email}
                onChange={(e) => actor.send({ type: 'forgot.update', email: e.target.value })}
                autoComplete="email"
                required
                maxLength={254}
                autoFocus
              />
            </div>
            {problem && (
              <p className="error-text" role="alert">
                {problem}
              </p>
            )}
            <button type="submit" className="btn btn-primary" disabled={pending}>
              {pending ? 'Sending…' : 'Send reset link'}
            </button>
            <p>
              <Link href="/login-page">Back to sign in</Link>
            </p>
          </form>
        )}
      </div>
    </div>
  );
}
