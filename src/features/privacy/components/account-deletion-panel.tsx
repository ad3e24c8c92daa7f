import { useSelector } from '@xstate/react';
import { useFlow } from '#src/lib/flow/use-flow.ts';
import { useRef, useState, type FormEvent } from 'react';
import { useLocation } from 'wouter';
import { fromPromise } from 'xstate';
import { DELETION_GRACE_DAYS, FORMER_ATHLETE_NAME } from '#domain/privacy.ts';
import { accountDeletionMachine, type DeletionScheduled } from '#machines/account-deletion.ts';
import { QueryState } from '#src/components/query-state.tsx';
import { Button } from '#src/components/ui/button.tsx';
import { Card } from '#src/components/ui/card.tsx';
import { TextInput } from '#src/components/ui/text-field.tsx';
import { formatDate, formatDateTime } from '#src/lib/format.ts';
import { SessionActor } from '#src/lib/session/session-provider.tsx';
import { confirmDeletion, sendDeletionCode, useAccountDeletion } from '../api/privacy.ts';

/** The password, then the mailed code; the chart owns the steps and their errors. */
function DeletionSteps() {
  const session = SessionActor.useFlowActor();
  const [, navigate] = useLocation();
  const actor = useFlow(
    accountDeletionMachine.provide({
      actors: {
        sendCode: fromPromise<unknown, { password: string }>(({ input }) => sendDeletionCode(input.password)),
        confirmDeletion: fromPromise<DeletionScheduled, { code: string }>(({ input }) => confirmDeletion(input.code)),
      },
    }),
  );
  const step = useSelector(actor, (s) => s.value);
  const error = useSelector(actor, (s) => s.context.error);
  const eraseAfter = useSelector(actor, (s) => s.context.eraseAfter);
  const busy = useSelector(actor, (s) => s.hasTag('busy'));
  const [password, setPassword] = useState('');
  const [code, setCode] = useState('');
  const passwordForm = useRef<HTMLFormElement>(null);

  if (step === 'idle') {
    return (
      <div className="privacy-actions">
        <Button variant="danger" onClick={() => actor.send({ type: 'deletion.begin' })}>
          Delete my account
        </Button>
      </div>
    );
  }
  if (step === 'scheduled') {
    const signOut = () => {
      session.send({ type: 'session.logout' });
      navigate('/login-page');
    };
    return (
      <div className="privacy-section-body" role="status">
        <p>
          <strong>Your account will be deleted{eraseAfter ? ` on ${formatDate(eraseAfter)}` : ''}.</strong> You have been signed out
          everywhere. Changed your mind? Sign in before then and the deletion is cancelled.
        </p>
        <div className="privacy-actions">
          <Button variant="primary" onClick={signOut}>
            Sign out
          </Button>
        </div>
      </div>
    );
  }
  const cancel = () => {
    setPassword('');
    setCode('');
    actor.send({ type: 'deletion.cancel' });
  };
  if (step === 'enteringPassword' || step === 'sendingCode') {
    const submit = (e: FormEvent) => {
      e.preventDefault();
      actor.send({ type: 'deletion.password', password });
    };
    return (
      <form ref={passwordForm} className="form privacy-deletion-form" onSubmit={submit} noValidate>
        <TextInput
          label="Your password"
          type="password"
          autoComplete="current-password"
          value={password}
          maxLength={200}
          onChange={(e) => setPassword(e.target.value)}
          error={error ?? undefined}
          hint="We then email you a code to confirm it is you."
          autoFocus
        />
        <div className="privacy-actions">
          <Button type="submit" variant="danger" loading={busy}>
            Email me a code
          </Button>
          <Button variant="ghost" onClick={cancel} disabled={busy}>
            Keep my account
          </Button>
        </div>
      </form>
    );
  }
  const submit = (e: FormEvent) => {
    e.preventDefault();
    actor.send({ type: 'deletion.code', code });
  };
  return (
    <form className="form privacy-deletion-form" onSubmit={submit} noValidate>
      <TextInput
        label="Code from the email"
        inputMode="numeric"
        autoComplete="one-time-code"
        maxLength={6}
        value={code}
        onChange={(e) => setCode(e.target.value)}
        error={error ?? undefined}
        hint={`Confirming schedules the deletion in ${DELETION_GRACE_DAYS} days and signs you out.`}
        autoFocus
      />
      <div className="privacy-actions">
        <Button type="submit" variant="danger" loading={busy}>
          Delete my account
        </Button>
        <Button
          variant="secondary"
          disabled={busy}
          onClick={() => {
            setCode('');
            actor.send({ type: 'deletion.back' });
          }}
        >
          Send a new code
        </Button>
        <Button variant="ghost" onClick={cancel} disabled={busy}>
          Keep my account
        </Button>
      </div>
    </form>
  );
}

/** Account deletion: what happens, a cancelled request's notice, and the steps. */
export function AccountDeletionPanel() {
  const deletion = useAccountDeletion();
  return (
    <Card title="Delete your account" titleAs="h2" className="privacy-danger">
      <div className="privacy-section-body">
        <p>
          After you confirm with your password and a code we email you, your account is deleted in {DELETION_GRACE_DAYS} days. Signing in
          before then cancels the deletion. Then your profile, sign-ins, settings and timeline posts are erased. Your results stay on the
          boards in the same places, shown as “{FORMER_ATHLETE_NAME}”, so nobody else’s place changes.
        </p>
        <QueryState query={deletion} loading="Loading your account status…">
          {(d) =>
            d.status === 'cancelled' && d.cancelled_at ? (
              <p role="status" className="privacy-notice">
                You signed in on {formatDateTime(d.cancelled_at)}, so your account deletion was cancelled. Your account stays as it is.
              </p>
            ) : null
          }
        </QueryState>
        <DeletionSteps />
      </div>
    </Card>
  );
}
