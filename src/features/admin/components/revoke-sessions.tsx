import type { FormEvent } from 'react';
import { useActWithReason, useReasonForm } from '#src/lib/act-with-reason.ts';
import { toast } from '#src/lib/toast.ts';
import { Button } from '#src/components/ui/button.tsx';
import { TextInput } from '#src/components/ui/text-field.tsx';
import { useRevokeSessions } from '../api/security.ts';

const REVOKE_INPUT = { minReason: 0, maxReason: 200, needsChoice: false };

/** End every session of an account: open, an optional reason for the timeline, confirm (the act-with-reason flow). */
export function RevokeSessions({ userId, name }: { userId: number; name: string }) {
  const revoke = useRevokeSessions();
  const flow = useActWithReason(REVOKE_INPUT, {
    act: ({ reason }) => revoke.mutateAsync({ userId, reason }),
    onDone: () => toast({ title: `Every session of ${name} has ended.`, variant: 'success' }),
  });
  const { open, reason, pending } = useReasonForm(flow);
  if (!open)
    return (
      <Button variant="danger" onClick={() => flow.send({ type: 'reason.open' })}>
        End all sessions
      </Button>
    );
  const submit = (e: FormEvent) => {
    e.preventDefault();
    flow.send({ type: 'reason.submit' });
  };
  return (
    <form className="ops-detail" onSubmit={submit} aria-label={`End all sessions of ${name}`}>
      <TextInput
        label="Reason (optional, kept on the timeline)"
        value={reason}
        maxLength={200}
        onChange={(e) => flow.send({ type: 'reason.edit', value: e.target.value })}
      />
      <div className="ops-actions">
        <Button type="submit" variant="danger" loading={pending}>
          End every session of {name}
        </Button>
        <Button onClick={() => flow.send({ type: 'reason.cancel' })} disabled={pending}>
          Cancel
        </Button>
      </div>
    </form>
  );
}
