import { useId, useState, type FormEvent } from 'react';
import { useMutation } from '@tanstack/react-query';
import { registerAccount } from '../api/auth-calls.ts';
import { PasswordField } from './password-field.tsx';

const MIN_PASSWORD = 8;

export function RegisterForm({ onRegistered }: { onRegistered: (email: string, message: string) => void }) {
  const emailId = useId();
  const nameId = useId();
  const [email, setEmail] = useState('');
  const [displayName, setDisplayName] = useState('');
  const [password, setPassword] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const register = useMutation({
    mutationFn: registerAccount,
    onSuccess: (message) => onRegistered(email.trim(), message),
    onError: (error) => setProblem(error.message),
  });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!email.trim() || !displayName.trim() || !password) return setProblem('Fill in your email, name and a password.');
    if (password.length < MIN_PASSWORD) return setProblem(`Use a password of at least ${MIN_PASSWORD} characters.`);
    setProblem(null);
    register.mutate({ email: email.trim(), password, display_name: displayName.trim() });
  };
  return (
    <form onSubmit={submit} className="form" noValidate>
      <div className="field">
        <label htmlFor={emailId}>Email</label>
        <input id={emailId} type="email" value={email} onChange={(e) => setEmail(e.target.value)} autoComplete="email" required maxLength={254} autoFocus />
      </div>
      <div className="field">
        <label htmlFor={nameId}>Display name</label>
        <input id={nameId} type="text" value={displayName} onChange={(e) => setDisplayName(e.target.value)} autoComplete="nickname" required maxLength={80} />
        <p className="hint">Shown on leaderboards.</p>
      </div>
      <PasswordField
        label="Password"
        value={password}
        onChange={setPassword}
        autoComplete="new-password"
        minLength={MIN_PASSWORD}
        hint={`At least ${MIN_PASSWORD} characters.`}
      />
      {problem && (
        <p className="error-text" role="alert">
          {problem}
        </p>
      )}
      <button type="submit" className="btn btn-primary" disabled={register.isPending}>
        {register.isPending ? 'Creating account…' : 'Create account'}
      </button>
    </form>
  );
}
