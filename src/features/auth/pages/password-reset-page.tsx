import { type FormEvent } from 'react';
import { Link, useSearch } from 'wouter';
import { useSelector } from '@xstate/react';
import { useFlow } from '#src/lib/flow/use-flow.ts';
import { fromPromise } from 'xstate';
import { MIN_PASSWORD_LENGTH } from '#domain/constants.ts';
import { passwordResetMachine } from '#machines/password-reset.ts';
import { checkResetToken, resetPassword } from '../api/auth-calls.ts';
import { PasswordField } from '../components/password-field.tsx';
import '../auth.css';

const resetMachine = passwordResetMachine.provide({
  actors: {
    checkResetToken: fromPromise<{ valid: boolean; email?: string }, string>(({ input }) => checkResetToken(input)),
    resetPassword: fromPromise<string, { token: string; password: string }>(({ input }) => resetPassword(input.token, input.password)),
  },
});

function ResetFlow({ token }: { token: string }) {
  const actor = useFlow(resetMachine, { input: { token } });
  const state = useSelector(actor, (s) => s.value);
  const { email, password, confirm, problem, message } = useSelector(actor, (s) => s.context);
  const pending = state === 'saving';
  const submit = (e: FormEvent) => {
    e.preventDefault();
    actor.send({ type: 'reset.submit' });
  };

  let body;
  if (state === 'invalid') {
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
  } else if (state === 'checking' || state === 'start') {
    body = <p role="status">Checking your link…</p>;
  } else if (state === 'checkFailed') {
    body = (
      <p role="alert">
        We could not check your link.{' '}
        <button type="button" className="link-button" onClick={() => actor.send({ type: 'reset.retryCheck' })}>
          Try again
        </button>
      </p>
    );
  } else if (state === 'saved') {
    body = (
      <>
        <p role="status">{message}</p>
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
        {email && <p className="muted">Choose a new password for {email}. You will be signed out everywhere else.</p>}
        <PasswordField
          label="New password"
          value={password}
          onChange={(value) => actor.send({ type: 'reset.update', field: 'password', value })}
          autoComplete="new-password"
          minLength={MIN_PASSWORD_LENGTH}
          hint={`At least ${MIN_PASSWORD_LENGTH} characters.`}
        />
        <PasswordField
          label="Repeat the new password"
          value={confirm}
          onChange={(value) => actor.send({ type: 'reset.update', field: 'confirm', value })}
          autoComplete="new-password"
          minLength={MIN_PASSWORD_LENGTH}
        />
        {problem && (
          <p className="error-text" role="alert">
            {problem}
          </p>
        )}
        <button type="submit" className="btn btn-primary" disabled={pending}>
          {pending ? 'Saving…' : 'Set new password'}
        </button>
      </form>
    );
  }
  return body;
}

export default function PasswordResetPage() {
  const token = new URLSearchParams(useSearch()).get('token') ?? '';
  return (
    <div className="container page auth-page">
      <div className="auth-card card">
        <h1>Choose a new password</h1>
        <ResetFlow key={token} token={token} />
      </div>
    </div>
  );
}
