import { lazy, Suspense, type FormEvent } from 'react';
import { useSelector } from '@xstate/react';
import { useFlow } from '#src/lib/flow/use-flow.ts';
import { fromPromise } from 'xstate';
import { SafeMarkdown } from '#src/components/safe-markdown.tsx';
import { QueryState } from '#src/components/query-state.tsx';
import { FormFooter } from '#src/components/form-footer.tsx';
import { Checkbox } from '#src/components/ui/checkbox.tsx';
import { TextInput } from '#src/components/ui/text-field.tsx';
import { formatDate, formatDateTime } from '#src/lib/format.ts';
import { useSessionView } from '#src/lib/session/session-view.ts';
import { toast } from '#src/lib/toast.ts';
import { WAIVER_NAME_MAX } from '#domain/legal.ts';
import { waiverSigningMachine } from '#machines/waiver-signing.ts';
import { useMyWaiver, useSignWaiver } from '../api/legal.ts';
import '../legal.css';
import { Pending } from '#src/lib/settled.tsx';

// Administrators' tools (publishing versions, signatures per challenge) load only for them.
const AdminLegalTools = lazy(() => import('../components/admin-legal-tools.tsx'));

/** The current liability waiver, the athlete's signature of it (or the form to sign), and the admin tools. */
export default function LiabilityWaiverPage() {
  const { user, isAdmin } = useSessionView();
  const waiver = useMyWaiver(user !== null);
  return (
    <div className="container page legal">
      <h1>Liability Waiver</h1>
      <QueryState query={waiver} loading="Loading the liability waiver">
        {({ document, signature }) => (
          <>
            <h2>Version {document.version}</h2>
            <p className="muted">
              Published {formatDate(document.published_at)}. Challenges that need it ask for your signature of the current version before
              you join.
            </p>
            <div className="card waiver-text">
              <SafeMarkdown text={document.body} />
            </div>
            <h2>Your signature</h2>
            {signature ? (
              <p role="status">
                You signed version {signature.version} as <strong>{signature.full_name}</strong> on {formatDateTime(signature.signed_at)}.
                Signatures cannot be changed; a new version asks for a new one.
              </p>
            ) : (
              <SignForm key={document.version} version={document.version} />
            )}
          </>
        )}
      </QueryState>
      {isAdmin && (
        <Suspense fallback={<Pending />}>
          <AdminLegalTools />
        </Suspense>
      )}
    </div>
  );
}

function SignForm({ version }: { version: number }) {
  const sign = useSignWaiver();
  const flow = useFlow(
    waiverSigningMachine.provide({
      actors: { signWaiver: fromPromise(({ input }) => sign.mutateAsync(input)) },
      actions: { notifySigned: () => toast({ title: `You signed the liability waiver (version ${version}).`, variant: 'success' }) },
    }),
    { input: { version } },
  );
  const form = useSelector(flow, (s) => s.context);
  const busy = useSelector(flow, (s) => s.hasTag('busy'));
  const submit = (e: FormEvent) => {
    e.preventDefault();
    flow.send({ type: 'waiver.submit' });
  };
  return (
    <form className="form waiver-form" onSubmit={submit} noValidate aria-label="Sign the liability waiver">
      <TextInput
        label="Full name"
        autoComplete="name"
        maxLength={WAIVER_NAME_MAX}
        value={form.fullName}
        onChange={(e) => flow.send({ type: 'waiver.setName', name: e.target.value })}
        hint="Type your full name to sign."
      />
      <p className="muted">Date: {formatDate(new Date().toISOString())}</p>
      <Checkbox
        label={`I have read the liability waiver (version ${version}) and agree to it`}
        checked={form.agreed}
        onChange={(agreed) => flow.send({ type: 'waiver.setAgreed', agreed })}
      />
      <FormFooter submitLabel="Sign the waiver" pendingLabel="Signing…" pending={busy} error={form.problem} />
    </form>
  );
}
