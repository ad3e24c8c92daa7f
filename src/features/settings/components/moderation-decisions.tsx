import { useState, type FormEvent } from 'react';
import { AppLink } from '#src/components/ui/link.tsx';
import { Badge } from '#src/components/ui/badge.tsx';
import { Button } from '#src/components/ui/button.tsx';
import { TextArea } from '#src/components/ui/text-field.tsx';
import { QueryState } from '#src/components/query-state.tsx';
import { formatDateTime } from '#src/lib/format.ts';
import { toast } from '#src/lib/toast.ts';
import { ACTION_LABELS, APPEAL_REASON_LIMITS, KIND_LABELS } from '#domain/moderation.ts';
import { useAppealDecision, useMyModerationDecisions, type ModerationDecision } from '#src/api/moderation.ts';

const APPEAL_STATUS: Record<NonNullable<ModerationDecision['appeal']>['status'], string> = {
  open: 'Appeal waiting for an administrator',
  upheld: 'Appeal turned down',
  reversed: 'Appeal succeeded: reversed',
};

function AppealForm({ decision }: { decision: ModerationDecision }) {
  const [open, setOpen] = useState(false);
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  const send = useAppealDecision();
  if (!open)
    return (
      <Button size="sm" onClick={() => setOpen(true)}>
        Appeal
      </Button>
    );
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (reason.trim().length < APPEAL_REASON_LIMITS.min)
      return setError(`Say why in at least ${APPEAL_REASON_LIMITS.min} characters. You can appeal once.`);
    setError(null);
    send.mutate(
      { actionId: decision.id, reason: reason.trim() },
      {
        onSuccess: () => toast({ title: 'Appeal sent. An administrator will decide and tell you.', variant: 'success' }),
        onError: (err) => setError(err.message),
      },
    );
  };
  return (
    <form className="form" onSubmit={submit} noValidate>
      <TextArea
        label={`Why should the decision about ${decision.title} change?`}
        hint="You can appeal each decision once. An administrator who did not take it decides."
        rows={3}
        maxLength={APPEAL_REASON_LIMITS.max}
        value={reason}
        error={error}
        onChange={(e) => setReason(e.target.value)}
      />
      <p className="row-actions">
        <Button type="submit" variant="primary" size="sm" loading={send.isPending}>
          Send appeal
        </Button>
        <Button size="sm" onClick={() => setOpen(false)}>
          Cancel
        </Button>
      </p>
    </form>
  );
}

/** Settings → Moderation: what moderators decided about the athlete's content, and the one appeal of each. */
export function ModerationDecisions() {
  const decisions = useMyModerationDecisions();
  return (
    <section className="card settings-card" id="moderation" aria-labelledby="moderation-title">
      <h2 id="moderation-title">Moderation</h2>
      <QueryState
        query={decisions}
        loading="Loading moderators’ decisions…"
        empty={<p className="muted">Moderators have made no decision about your content.</p>}
        isEmpty={(d) => d.items.length === 0}
      >
        {(data) => (
          <ul className="settings-list">
            {data.items.map((d) => (
              <li key={d.id} className="settings-decision">
                <p>
                  <Badge tone={d.action === 'restore' ? 'success' : 'warning'}>{ACTION_LABELS[d.action]}</Badge>{' '}
                  <span className="muted">
                    {KIND_LABELS[d.kind]}: <AppLink href={d.link}>{d.title}</AppLink> · {formatDateTime(d.created_at)}
                  </span>
                </p>
                <p>Reason: {d.reason}</p>
                {d.suspended_until && <p>Suspended until {formatDateTime(d.suspended_until)}.</p>}
                {d.appeal && (
                  <p>
                    <strong>{APPEAL_STATUS[d.appeal.status]}</strong>
                    {d.appeal.decision_reason ? `: ${d.appeal.decision_reason}` : ''}
                  </p>
                )}
                {d.appealable && <AppealForm decision={d} />}
              </li>
            ))}
          </ul>
        )}
      </QueryState>
    </section>
  );
}
