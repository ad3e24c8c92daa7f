import { useState, type FormEvent } from 'react';
import { useSelector } from '@xstate/react';
import { useFlow } from '#src/lib/flow/use-flow.ts';
import { fromPromise } from 'xstate';
import { DataTable, type Column } from '#src/components/data-table.tsx';
import { FormFooter } from '#src/components/form-footer.tsx';
import { QueryState } from '#src/components/query-state.tsx';
import { Select } from '#src/components/ui/select.tsx';
import { TextArea, TextInput } from '#src/components/ui/text-field.tsx';
import { formatDateTime } from '#src/lib/format.ts';
import { toast } from '#src/lib/toast.ts';
import { useSearchParam } from '#src/lib/use-search-param.ts';
import { LEGAL_BODY_MAX, LEGAL_KINDS, LEGAL_SUMMARY_MAX, LEGAL_TITLES, type LegalKind } from '#domain/legal.ts';
import { legalPublishMachine } from '#machines/legal-publish.ts';
import { useChallengeSignatures, useCurrentDocument, usePublishDocument } from '../api/legal.ts';
import type { components } from '#openapi/schema.d.ts';

type SignatureRow = components['schemas']['ChallengeWaiverSignatures']['signatures'][number];

/** For administrators on the waiver page: publish a new version of a legal document; look up a challenge's signatures. */
export default function AdminLegalTools() {
  return (
    <section className="legal-admin" aria-labelledby="legal-admin-title">
      <h2 id="legal-admin-title">Administration</h2>
      <PublishForm />
      <ChallengeSignatures />
    </section>
  );
}

function PublishForm() {
  const publish = usePublishDocument();
  const flow = useFlow(
    legalPublishMachine.provide({
      actors: { publishDocument: fromPromise(({ input }) => publish.mutateAsync(input)) },
      actions: {
        notifyPublished: (_, { kind, version }) =>
          toast({ title: `${LEGAL_TITLES[kind]} version ${version} published.`, variant: 'success' }),
      },
    }),
    { input: { kind: 'waiver' } },
  );
  const form = useSelector(flow, (s) => s.context);
  const busy = useSelector(flow, (s) => s.hasTag('busy'));
  const current = useCurrentDocument(form.kind);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    flow.send({ type: 'publish.submit' });
  };
  return (
    <form className="form card" onSubmit={submit} noValidate aria-labelledby="publish-title">
      <h3 id="publish-title">Publish a new version</h3>
      <Select<LegalKind>
        id="publish-kind"
        label="Document"
        options={LEGAL_KINDS.map((k) => ({ value: k, label: LEGAL_TITLES[k] }))}
        value={form.kind}
        onChange={(kind) => flow.send({ type: 'publish.setKind', kind })}
      />
      <p className="muted">
        {current.data
          ? `Current: version ${current.data.version}, published ${formatDateTime(current.data.published_at)}. The new one becomes version ${current.data.version + 1}.`
          : current.isError
            ? current.error.message
            : 'Loading the current version…'}
        {form.kind === 'waiver'
          ? ' Athletes sign the new waiver before their next join of a challenge that needs it.'
          : ' Every signed-in account is asked to accept it before going on.'}
      </p>
      <TextArea
        label="Text (Markdown)"
        maxLength={LEGAL_BODY_MAX}
        value={form.body}
        onChange={(e) => flow.send({ type: 'publish.setBody', body: e.target.value })}
      />
      <TextInput
        label="What changed"
        hint="A sentence or two, shown when people are asked to accept it."
        maxLength={LEGAL_SUMMARY_MAX}
        value={form.summary}
        onChange={(e) => flow.send({ type: 'publish.setSummary', summary: e.target.value })}
      />
      <FormFooter submitLabel="Publish version" pendingLabel="Publishing…" pending={busy} error={form.problem} />
    </form>
  );
}

const columns: Column<SignatureRow>[] = [
  { id: 'athlete', header: 'Athlete', cell: (r) => r.display_name, rowHeader: true },
  { id: 'joined', header: 'Joined', cell: (r) => formatDateTime(r.joined_at) },
  { id: 'version', header: 'Waiver version', cell: (r) => (r.signature ? r.signature.version : 'Not signed') },
  { id: 'name', header: 'Signed as', cell: (r) => r.signature?.full_name ?? '–' },
  { id: 'signed', header: 'Signed', cell: (r) => (r.signature ? formatDateTime(r.signature.signed_at) : '–') },
];

function ChallengeSignatures() {
  const [param, setParam] = useSearchParam('challenge');
  const [typed, setTyped] = useState(param);
  const id = /^\d{1,9}$/.test(param) && Number(param) > 0 ? Number(param) : null;
  const signatures = useChallengeSignatures(id);
  const show = (e: FormEvent) => {
    e.preventDefault();
    setParam(typed.trim());
  };
  return (
    <div className="card">
      <h3>Signatures per challenge</h3>
      <form className="form" onSubmit={show} noValidate>
        <TextInput
          label="Challenge number"
          inputMode="numeric"
          hint="The id in the challenge's address (…?id=12)."
          value={typed}
          onChange={(e) => setTyped(e.target.value)}
          error={param && id === null ? 'Enter the number of a challenge.' : undefined}
        />
        <p>
          <button type="submit" className="btn btn-secondary">
            Show signatures
          </button>
        </p>
      </form>
      {id !== null && (
        <QueryState query={signatures} loading="Loading the signatures">
          {(d) => (
            <>
              <p>
                <strong>{d.challenge_title}</strong>
                {d.requires_waiver ? ' needs the liability waiver.' : ' does not need the liability waiver.'}
              </p>
              <DataTable
                caption={`Waiver signatures of ${d.challenge_title}`}
                columns={columns}
                rows={d.signatures}
                rowKey={(r) => r.user_id}
                empty="Nobody has joined this challenge yet."
              />
            </>
          )}
        </QueryState>
      )}
    </div>
  );
}
