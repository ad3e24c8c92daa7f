import { useId, useState, type FormEvent } from 'react';
import * as Dialog from '@radix-ui/react-dialog';
import { KIND_LABELS, MODERATION_REASONS, REPORT_DETAILS_MAX } from '#domain/moderation.ts';
import { toast } from '../lib/toast.ts';
import { useReportContent, type ReportableKind, type ReportReason } from '../api/moderation.ts';
import { Button } from './ui/button.tsx';
import { DialogActions } from './dialog-actions.tsx';
import { RadioGroup } from './ui/radio-group.tsx';
import { TextArea } from './ui/text-field.tsx';

/** The report dialog ReportButton loads on its first click: a reason from the list and optional words. */
export default function ReportDialog({
  kind,
  itemId,
  subject,
  onClose,
}: {
  kind: ReportableKind;
  itemId: string;
  subject: string;
  onClose: () => void;
}) {
  return (
    <Dialog.Root open onOpenChange={(open) => !open && onClose()}>
      <Dialog.Portal>
        <Dialog.Overlay className="dialog-overlay" />
        <Dialog.Content className="dialog-content">
          <ReportForm kind={kind} itemId={itemId} subject={subject} onDone={onClose} />
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

function ReportForm({ kind, itemId, subject, onDone }: { kind: ReportableKind; itemId: string; subject: string; onDone: () => void }) {
  const id = useId();
  const [reason, setReason] = useState<ReportReason | null>(null);
  const [details, setDetails] = useState('');
  const [error, setError] = useState<string | null>(null);
  const send = useReportContent();
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!reason) return setError('Choose what is wrong.');
    if (reason === 'other' && details.trim().length < 3) return setError('Say in a few words what is wrong.');
    setError(null);
    send.mutate(
      { kind, item_id: itemId, reason, details: details.trim() || undefined },
      {
        onSuccess: () => {
          toast({ title: 'Thank you. Moderators will look at it and tell you the outcome.', variant: 'success' });
          onDone();
        },
        onError: (err) => setError(err.message),
      },
    );
  };
  return (
    <form onSubmit={submit} noValidate aria-describedby={`${id}-desc`}>
      <Dialog.Title className="dialog-title">Report this {KIND_LABELS[kind]}</Dialog.Title>
      <Dialog.Description id={`${id}-desc`} className="muted">
        {subject}. Moderators see your report; the author does not see who sent it.
      </Dialog.Description>
      <RadioGroup
        label="What is wrong?"
        options={MODERATION_REASONS.map((r) => ({ value: r.id as ReportReason, label: r.label }))}
        value={reason}
        onChange={setReason}
      />
      <TextArea
        label={reason === 'other' ? 'What is wrong (needed)' : 'Anything moderators should know (optional)'}
        rows={3}
        maxLength={REPORT_DETAILS_MAX}
        value={details}
        onChange={(e) => setDetails(e.target.value)}
      />
      <DialogActions error={error}>
        <Button type="submit" variant="primary" loading={send.isPending}>
          Send report
        </Button>
      </DialogActions>
    </form>
  );
}
