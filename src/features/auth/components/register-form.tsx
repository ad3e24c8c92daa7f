import { useId, useRef, type FormEvent } from 'react';
import { useSelector } from '@xstate/react';
import { useFlow } from '#src/lib/flow/use-flow.ts';
import { fromPromise } from 'xstate';
import { MIN_PASSWORD_LENGTH } from '#domain/constants.ts';
import { registerMachine, type RegisterFields } from '#machines/register.ts';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'wouter';
import { Checkbox } from '#src/components/ui/checkbox.tsx';
import { currentConsentVersions, registerAccount } from '../api/auth-calls.ts';
import { PasswordField } from './password-field.tsx';

export function RegisterForm({ onRegistered }: { onRegistered: (email: string, password: string, message: string) => void }) {
  const emailId = useId();
  const nameId = useId();
  const latest = useRef(onRegistered);
  latest.current = onRegistered;
  // The versions shown beside the box are the ones accepted; the server refuses the sign-up if they changed meanwhile.
  const versions = useQuery({ queryKey: ['get', '/api/legal/documents/{kind}/current', 'consent'], queryFn: currentConsentVersions });
  const shown = useRef(versions.data);
  shown.current = versions.data;
  const actor = useFlow(
    registerMachine.provide({
      actors: {
        registerAccount: fromPromise<string, RegisterFields>(({ input }) =>
          registerAccount(shown.current ? { ...input, consent: shown.current } : input),
        ),
      },
      actions: { notifyRegistered: (_, { email, password, message }) => latest.current(email, password, message) },
    }),
  );
  const fields = useSelector(actor, (s) => s.context.fields);
  const problem = useSelector(actor, (s) => s.context.problem);
  const agreed = useSelector(actor, (s) => s.context.agreed);
  const pending = useSelector(actor, (s) => s.hasTag('busy'));
  const update = (field: keyof RegisterFields) => (value: string) => actor.send({ type: 'register.update', field, value });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    actor.send({ type: 'register.submit' });
  };
  return (
    <form onSubmit={submit} className="form" noValidate>
      <div className="field">
        <label htmlFor={emailId}>Email</label>
        <input
          id={emailId}
          type="email"
          value={fields.email}
          onChange={(e) => update('email')(e.target.value)}
          autoComplete="email"
          required
          maxLength={254}
          autoFocus
        />
      </div>
      <div className="field">
        <label htmlFor={nameId}>Display name</label>
        <input
          id={nameId}
          type="text"
          value={fields.display_name}
          onChange={(e) => update('display_name')(e.target.value)}
          autoComplete="nickname"
          required
          maxLength={80}
        />
        <p className="hint">Shown on leaderboards.</p>
      </div>
      <PasswordField
        label="Password"
        value={fields.password}
        onChange={update('password')}
        autoComplete="new-password"
        minLength={MIN_PASSWORD_LENGTH}
        hint={`At least ${MIN_PASSWORD_LENGTH} characters.`}
      />
      <Checkbox
        label={
          <>
            I accept the <Link href="/terms-of-service-page">Terms of Service</Link>
            {versions.data ? ` (version ${versions.data.terms_version})` : ''} and the{' '}
            <Link href="/privacy-policy-page">Privacy Policy</Link>
            {versions.data ? ` (version ${versions.data.privacy_version})` : ''}
          </>
        }
        checked={agreed}
        onChange={(value) => actor.send({ type: 'register.agree', agreed: value })}
      />
      {problem && (
        <p className="error-text" role="alert">
          {problem}
        </p>
      )}
      <button type="submit" className="btn btn-primary" disabled={pending}>
        {pending ? 'Creating account…' : 'Create account'}
      </button>
    </form>
  );
}
