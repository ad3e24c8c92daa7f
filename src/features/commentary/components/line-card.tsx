import { useSelector } from '@xstate/react';
import { useEffect } from 'react';
import { fromPromise } from 'xstate';
import { commentaryReviewMachine } from '#machines/commentary-review.ts';
import { useFlow } from '#src/lib/flow/use-flow.ts';
import { Badge } from '#src/components/ui/badge.tsx';
import { Button } from '#src/components/ui/button.tsx';
import { TextArea } from '#src/components/ui/text-field.tsx';
import { formatDateTime } from '#src/lib/format.ts';
import { KIND_LABELS, LINE_MAX_LENGTH, namedList } from '#domain/commentary.ts';
import { ordinal, overallText } from '#domain/places.ts';
import { useLineActions, type EditorLine } from '../api/commentary.ts';

const STATUS_TEXT = { queued: 'Waiting', published: 'Published', rejected: 'Rejected' } as const;

/** One generated line: its facts and source, and the editor's approve / edit / reject (the review chart) while it waits. */
export function LineCard({ line }: { line: EditorLine }) {
  const { save, approve, reject, refresh } = useLineActions(line.id);
  const flow = useFlow(
    commentaryReviewMachine.provide({
      actors: {
        saveText: fromPromise(async ({ input }) => ({ text: (await save.mutateAsync(input.text)).text })),
        approveLine: fromPromise(async () => ({ id: (await approve.mutateAsync()).id })),
        rejectLine: fromPromise(async () => ({ id: (await reject.mutateAsync()).id })),
      },
    }),
    { input: { text: line.text } },
  );
  const state = useSelector(flow, (s) => s.value);
  const text = useSelector(flow, (s) => s.context.text);
  const draft = useSelector(flow, (s) => s.context.draft);
  const problem = useSelector(flow, (s) => s.context.problem);
  const busy = useSelector(flow, (s) => s.hasTag('busy'));
  const decided = state === 'published' || state === 'rejected';
  // Once decided, the lists move the line to its new place.
  useEffect(() => {
    if (decided) refresh();
    // eslint-disable-next-line react-hooks/exhaustive-deps -- only when the decision lands
  }, [decided]);
  const f = line.facts;
  const waiting = line.status === 'queued' && !decided;
  const editing = state === 'editing' || state === 'saving';
  const textId = `line-${line.id}-text`;
  return (
    <li className="card commentary-line" aria-labelledby={textId}>
      <div className="commentary-line-head">
        <Badge tone="brand">{KIND_LABELS[line.kind]}</Badge>
        <Badge tone={line.source === 'model' ? 'info' : 'neutral'}>{line.source === 'model' ? 'Written by the model' : 'Template'}</Badge>
        {line.edited && <Badge tone="neutral">Edited</Badge>}
        <Badge tone={line.status === 'published' || state === 'published' ? 'success' : line.status === 'rejected' ? 'danger' : 'warning'}>
          {state === 'published' ? 'Published' : state === 'rejected' ? 'Rejected' : STATUS_TEXT[line.status]}
        </Badge>
      </div>
      {editing ? (
        <form
          onSubmit={(e) => {
            e.preventDefault();
            flow.send({ type: 'review.save' });
          }}
          noValidate
        >
          <TextArea
            id={textId}
            label="Line"
            hint={`One line, up to ${LINE_MAX_LENGTH} characters (${draft.trim().length} now).`}
            error={problem ?? undefined}
            value={draft}
            rows={3}
            onChange={(e) => flow.send({ type: 'review.change', value: e.target.value })}
          />
          <div className="commentary-actions">
            <Button type="submit" variant="primary" size="sm" loading={state === 'saving'}>
              Save
            </Button>
            <Button size="sm" variant="ghost" disabled={busy} onClick={() => flow.send({ type: 'review.cancel' })}>
              Cancel
            </Button>
          </div>
        </form>
      ) : (
        <p id={textId} className="commentary-text">
          {text}
        </p>
      )}
      <p className="muted commentary-facts">
        {factsText(f)} · {formatDateTime(line.created_at)}
      </p>
      {line.fallback_reason && <p className="hint commentary-fallback">Templates wrote this line: {line.fallback_reason}</p>}
      {!editing && problem && (
        <p className="error-text" role="alert">
          {problem}
        </p>
      )}
      {waiting && !editing && (
        <div className="commentary-actions" aria-label={`Decide on: ${text}`} role="group">
          <Button
            variant="primary"
            size="sm"
            loading={state === 'approving'}
            disabled={busy}
            onClick={() => flow.send({ type: 'review.approve' })}
          >
            Approve
          </Button>
          <Button size="sm" disabled={busy} onClick={() => flow.send({ type: 'review.edit' })}>
            Edit
          </Button>
          <Button
            variant="danger"
            size="sm"
            loading={state === 'rejecting'}
            disabled={busy}
            onClick={() => flow.send({ type: 'review.reject' })}
          >
            Reject
          </Button>
        </div>
      )}
    </li>
  );
}

/** The facts a line was written from, in one line for the editor to check it against. */
function factsText(f: EditorLine['facts']): string {
  if (f.battle !== undefined) {
    const named = f.names?.length ? namedList(f.names, f.more ?? 0) : f.athlete;
    return [f.battle, f.round ? `round ${f.round}` : '', named, f.squad ?? '', f.score ?? ''].filter(Boolean).join(' · ');
  }
  const parts = [f.athlete, f.challenge];
  if (f.count !== undefined) {
    parts.push(`live count ${f.count}`);
    if (f.round) parts.push(`round ${f.round}`);
    if (f.projected) parts.push(`pace for ${f.projected}`);
    if (f.mark) parts.push(`mark ${f.mark}${f.rival ? ` (${f.rival})` : ''}`);
    if (f.seconds_left) parts.push(`${f.seconds_left} s left`);
  } else {
    parts.push(`${f.previous_place ? `from ${ordinal(f.previous_place)} to ` : ''}${f.place ? overallText(f.place) : '–'}`, f.score ?? '');
    if (f.previous_leader) parts.push(`previous leader ${f.previous_leader}`);
  }
  return parts.filter(Boolean).join(' · ');
}
