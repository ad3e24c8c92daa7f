import { useId, useState, type FormEvent } from 'react';

export const MIN_REASON = 3;
export const MAX_REASON = 500;

/** The small inline form a rejection needs: a reason the athlete will read. */
export function AdminReasonForm({
  subject,
  pending,
  onSubmit,
  onCancel,
}: {
  subject: string;
  pending: boolean;
  onSubmit: (reason: string) => void;
  onCancel: () => void;
}) {
  const id = useId();
  const [reason, setReason] = useState('');
  const [tried, setTried] = useState(false);
  const short = reason.trim().length < MIN_REASON;
  const submit = (e: FormEvent) => {
    e.preventDefault();
    setTried(true);
    if (!short) onSubmit(reason.trim());
  };
  return (
    <form className="form adm-reason" onSubmit={submit} noValidate>
      <div className="field">
        <label htmlFor={`${id}-reason`}>Why reject {subject}? The athlete will see this.</label>
        <textarea
          id={`${id}-reason`}
          rows={2}
          value={reason}
          maxLength={MAX_REASON}
          required
          aria-invalid={tried && short}
          aria-describedby={`${id}-hint`}
          autoFocus
          onChange={(e) => setReason(e.target.value)}
        />
        <p id={`${id}-hint`} className={tried && short ? 'error-text' : 'hint'}>
          At least {MIN_REASON} characters, for example “The video does not show the full range of motion.”
        </p>
      </div>
      <p className="adm-actions">
        <button type="submit" className="btn btn-primary btn-small" disabled={pending}>
          {pending ? 'Rejecting…' : 'Reject'}
        </button>
        <button type="button" className="btn btn-secondary btn-small" onClick={onCancel}>
          Cancel
        </button>
      </p>
    </form>
  );
}
