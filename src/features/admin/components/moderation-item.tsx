import { useState } from 'react';
import { useSelector } from '@xstate/react';
import { AppLink } from '#src/components/ui/link.tsx';
import { Badge } from '#src/components/ui/badge.tsx';
import { RadioGroup } from '#src/components/ui/radio-group.tsx';
import { TextInput } from '#src/components/ui/text-field.tsx';
import { AdminReasonForm } from '#src/components/admin-reason-form.tsx';
import { SafeMarkdown } from '#src/components/safe-markdown.tsx';
import { useActWithReason } from '#src/lib/act-with-reason.ts';
import { formatDateTime } from '#src/lib/format.ts';
import { toast } from '#src/lib/toast.ts';
import { useSessionView } from '#src/lib/session/session-view.ts';
import { ADMIN_REASON_LIMITS } from '#domain/constants.ts';
import { ACTION_LABELS, KIND_LABELS, SUSPEND_DAYS, reasonLabel } from '#domain/moderation.ts';
import { useModerate, type ModerationActionName, type QueueItem } from '../api/moderation.ts';

const ACT_INPUT = { minReason: ADMIN_REASON_LIMITS.min, maxReason: ADMIN_REASON_LIMITS.max, needsChoice: true };

const ACTION_CHOICES: Record<ModerationActionName, string> = {
  hide: 'Hide it',
  restore: 'Show it again',
  dismiss: 'Dismiss the reports',
  warn: 'Warn the author',
  suspend: 'Suspend the author',
};

/** One reported item: what it is, who reported it and why, and the moderator's action with a reason. */
export function ModerationItem({ item }: { item: QueueItem }) {
  const { user } = useSessionView();
  const moderate = useModerate();
  const [days, setDays] = useState('7');
  const [daysError, setDaysError] = useState<string | null>(null);
  const what = KIND_LABELS[item.kind];
  const actor = useActWithReason(ACT_INPUT, {
    act: ({ reason, choice }) => {
      const action = choice as ModerationActionName;
      const n = Number(days);
      if (action === 'suspend' && (!/^\d+$/.test(days.trim()) || n < SUSPEND_DAYS.min || n > SUSPEND_DAYS.max)) {
        const text = `Enter a number of days from ${SUSPEND_DAYS.min} to ${SUSPEND_DAYS.max}.`;
        setDaysError(text);
        return Promise.reject(new Error(text));
      }
      setDaysError(null);
      return moderate.mutateAsync({ kind: item.kind, itemId: item.item_id, action, reason, days: n });
    },
    onDone: ({ choice }) =>
      toast({ title: `${item.title}: ${ACTION_LABELS[choice as ModerationActionName].toLowerCase()}.`, variant: 'success' }),
  });
  const protectedAuthor = item.author?.role === 'administrator' && user?.wp_role !== 'administrator';
  const choices: ModerationActionName[] = [
    item.hidden ? 'restore' : 'hide',
    'dismiss',
    ...(item.author ? (['warn', 'suspend'] as const) : []),
  ];
  const titleId = `mod-${item.kind}-${item.item_id}`;
  return (
    <li className="card mod-item" aria-labelledby={titleId}>
      <div className="mod-head">
        <Badge tone="info">{what}</Badge>
        <Badge tone={item.severity >= 4 ? 'danger' : item.severity >= 3 ? 'warning' : 'neutral'}>
          {item.reports} {item.reports === 1 ? 'report' : 'reports'}
        </Badge>
        {item.hidden && <Badge tone="warning">Hidden</Badge>}
      </div>
      <h3 id={titleId} className="mod-title">
        {item.link ? <AppLink href={item.link}>{item.title}</AppLink> : item.title}
      </h3>
      {item.excerpt && (
        // Stories and descriptions are Markdown: shown as their readers see them (safely), not as raw marks.
        <div className="mod-excerpt">
          <SafeMarkdown text={item.excerpt} />
        </div>
      )}
      <p className="ops-muted">
        {item.author ? `By ${item.author.display_name}${item.author.role === 'administrator' ? ' (administrator)' : ''}` : 'Author unknown'}{' '}
        · first reported {formatDateTime(item.first_reported_at)}
      </p>
      <ul className="mod-reasons" aria-label="Reasons given">
        {item.reasons.map((r) => (
          <li key={r.reason}>
            {reasonLabel(r.reason)} × {r.count}
          </li>
        ))}
      </ul>
      {item.details.map((d, i) => (
        <blockquote key={i} className="mod-quote">
          {d}
        </blockquote>
      ))}
      {protectedAuthor ? (
        <p className="ops-muted">This is an administrator’s content: only an administrator can act on it.</p>
      ) : (
        <AdminReasonForm
          subject={item.title}
          actor={actor}
          prompt="Why? The author reads this."
          example="Advertising is not a challenge."
          submitLabel="Apply"
          pendingLabel="Applying…"
          autoFocus={false}
          cancellable={false}
        >
          <ActionChoice actor={actor} choices={choices} label={`Action on ${item.title}`} />
          <SuspendDays actor={actor} days={days} setDays={setDays} error={daysError} />
        </AdminReasonForm>
      )}
    </li>
  );
}

type Actor = ReturnType<typeof useActWithReason>;

function ActionChoice({ actor, choices, label }: { actor: Actor; choices: ModerationActionName[]; label: string }) {
  const choice = useSelector(actor, (s) => s.context.choice) as ModerationActionName | null;
  return (
    <RadioGroup
      label={label}
      hideLabel
      orientation="horizontal"
      options={choices.map((c) => ({ value: c, label: ACTION_CHOICES[c] }))}
      value={choice}
      onChange={(v) => actor.send({ type: 'reason.choose', value: v })}
    />
  );
}

function SuspendDays({ actor, days, setDays, error }: { actor: Actor; days: string; setDays: (v: string) => void; error: string | null }) {
  const shown = useSelector(actor, (s) => s.context.choice === 'suspend');
  if (!shown) return null;
  return (
    <TextInput
      label="Days of suspension"
      inputMode="numeric"
      value={days}
      error={error}
      onChange={(e) => setDays(e.target.value)}
      wrapperClassName="field ops-limit-field"
    />
  );
}
