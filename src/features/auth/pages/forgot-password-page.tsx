import { useId, useState, type FormEvent } from 'react';
import { Link } from 'wouter';
import { useMutation } from '@tanstack/react-query';
import { requestPasswordReset } from '../api/auth-calls.ts';
import '../auth.css';

export default function ForgotPasswordPage() {
  const emailId = useId();
  const [email, setEmail] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const send = useMutation({ mutationFn: requestPasswordReset, onError: (e) => setProblem(e.message) });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!email.trim()) return setProblem('Enter the email you signed up with.');
    setProblem(null);
    send.mutate(email.trim());
  };
  return (
    <div className="container page auth-page">
      <div className="auth-card card">
        <h1>Forgot your password?</h1>
        {send.isSuccess ? (
          <>
            <p role="status">{send.data}</p>
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
              <input id={emailId} type="email" value={email} onChange={(e) => setEmail(e.target.value)} autoComplete="email" required maxLength={254} autoFocus />
            </div>
            {problem && (
              <p className="error-text" role="alert">
                {problem}
              </p>
            )}
            <button type="submit" className="btn btn-primary" disabled={send.isPending}>
              {send.isPending ? 'Sending…' : 'Send reset link'}
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
