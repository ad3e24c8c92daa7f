import { useState, type FormEvent } from 'react';
import { Link, useSearch } from 'wouter';
import { useMutation, useQuery } from '@tanstack/react-query';
import { checkResetToken, resetPassword } from '../api/auth-calls.ts';
import { PasswordField } from '../components/password-field.tsx';
import '../auth.css';

const MIN_PASSWORD = 8;

export default function PasswordResetPage() {
  const token = new URLSearchParams(useSearch()).get('token') ?? '';
  const check = useQuery({
    queryKey: ['reset-token', token],
    queryFn: () => checkResetToken(token),
    enabled: token.length >= 16,
    retry: false,
    staleTime: Infinity,
  });
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const reset = useMutation({ mutationFn: (pw: string) => resetPassword(token, pw), onError: (e) => setProblem(e.message) });

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (password.length < MIN_PASSWORD) return setProblem(`Use a password of at least ${MIN_PASSWORD} characters.`);
    if (password !== confirm) return setProblem('The two passwords are not the same.');
    setProblem(null);
    reset.mutate(password);
  };

  let body;
  if (token.length < 16 || (check.isSuccess && !check.data.valid)) {
    body = (
      <>
        <p role="alert">This reset link is invalid or has expired. Links work once and for one hour.</p>
        <p>
          <Link href="/forgot-password-page" className="btn btn-primary">
            Ask for a new link
          </Link>
        </p>
      </>
    );
  } else if (check.isPending) {
    body = <p role="status">Checking your link…</p>;
  } else if (check.isError) {
    body = (
      <p role="alert">
        We could not check your link. <button type="button" className="link-button" onClick={() => void check.refetch()}>Try again</button>
      </p>
    );
  } else if (reset.isSuccess) {
    body = (
      <>
        <p role="status">{reset.data}</p>
        <p>
          <Link href="/login-page" className="btn btn-primary">
            Sign in
          </Link>
        </p>
      </>
    );
  } else {
    body = (
      <form className="form" onSubmit={submit} noValidate>
        {check.data?.email && <p className="muted">Choose a new password for {check.data.email}. You will be signed out everywhere else.</p>}
        <PasswordField label="New password" value={password} onChange={setPassword} autoComplete="new-password" minLength={MIN_PASSWORD} hint={`At least ${MIN_PASSWORD} characters.`} />
        <PasswordField label="Repeat the new password" value={confirm} onChange={setConfirm} autoComplete="new-password" minLength={MIN_PASSWORD} />
        {problem && (
          <p className="error-text" role="alert">
            {problem}
          </p>
        )}
        <button type="submit" className="btn btn-primary" disabled={reset.isPending}>
          {reset.isPending ? 'Saving…' : 'Set new password'}
        </button>
      </form>
    );
  }
  return (
    <div className="container page auth-page">
      <div className="auth-card card">
        <h1>Choose a new password</h1>
        {body}
      </div>
    </div>
  );
}
