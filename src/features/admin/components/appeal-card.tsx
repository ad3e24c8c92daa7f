import { useSelector } from '@xstate/react';
import { Badge } from '#src/components/ui/badge.tsx';
import { RadioGroup } from '#src/components/ui/radio-group.tsx';
import { AdminReasonForm } from '#src/components/admin-reason-form.tsx';
import { useActWithReason } from '#src/lib/act-with-reason.ts';
import { formatDateTime } from '#src/lib/format.ts';
import { toast } from '#src/lib/toast.ts';
import { useSessionView } from '#src/lib/session/session-view.ts';
import { ADMIN_REASON_LIMITS } from '#domain/constants.ts';
import { ACTION_LABELS, KIND_LABELS } from '#domain/moderation.ts';
import { useDecideAppeal, type ActionRecord } from '../api/moderation.ts';

const DECIDE_INPUT = { minReason: ADMIN_REASON_LIMITS.min, maxReason: ADMIN_REASON_LIMITS.max, needsChoice: true };
const DECISIONS = [
  { value: 'uphold' as const, label: 'Uphold the decision' },
  { value: 'reverse' as const, label: 'Reverse it' },
];

/** An author's appeal waiting for an administrator who did not take the action. */
export function AppealCard({ record }: { record: ActionRecord }) {
  const { user } = useSessionView();
  const decide = useDecideAppeal();
  const appeal = record.appeal!;
  const actor = useActWithReason(DECIDE_INPUT, {
    act: ({ reason, choice }) => decide.mutateAsync({ appealId: appeal.id, decision: choice as 'uphold' | 'reverse', reason }),
    onDone: ({ choice }) =>
      toast({ title: choice === 'reverse' ? 'Reversed; the author is told.' : 'Upheld; the author is told.', variant: 'success' }),
  });
  const choice = useSelector(actor, (s) => s.context.choice) as 'uphold' | 'reverse' | null;
  const canDecide = user?.wp_role === 'administrator' && record.actor?.id !== user.wp_user_id;
  return (
    <li className="card mod-item">
      <div className="mod-head">
        <Badge tone="info">{KIND_LABELS[record.kind]}</Badge>
        <Badge tone="warning">{ACTION_LABELS[record.action]}</Badge>
      </div>
      <h3 className="mod-title">{record.title}</h3>
      <p className="ops-muted">
        {record.actor?.display_name ?? 'A moderator'} on {formatDateTime(record.created_at)}: “{record.reason}”
      </p>
      <blockquote className="mod-quote">
        {record.author?.display_name ?? 'The author'} appeals: {appeal.reason}
      </blockquote>
      {canDecide ? (
        <AdminReasonForm
          subject={record.title}
          actor={actor}
          prompt="Why? The author reads this."
          example="The picture shows a normal rowing machine."
          submitLabel="Decide"
          pendingLabel="Deciding…"
          autoFocus={false}
          cancellable={false}
        >
          <RadioGroup
            label={`Decision on the appeal about ${record.title}`}
            hideLabel
            orientation="horizontal"
            options={DECISIONS}
            value={choice}
            onChange={(v) => actor.send({ type: 'reason.choose', value: v })}
          />
        </AdminReasonForm>
      ) : (
        <p className="ops-muted">An administrator who did not take this action decides the appeal.</p>
      )}
    </li>
  );
}
