import { useId, type FormEvent, type ReactNode } from 'react';
import { ADMIN_REASON_LIMITS } from '#domain/constants.ts';
import { useReasonForm, type ActWithReasonActor } from '../lib/act-with-reason.ts';
import './primitives.css';

/** What a rejection needs: a reason the athlete will read. */
export const REJECT_REASON_INPUT = { minReason: ADMIN_REASON_LIMITS.min, maxReason: ADMIN_REASON_LIMITS.max, needsChoice: false };

/**
 * The small inline form a rejection needs, driven by its act-with-reason actor: a record, a claim
 * or a challenge score. `submitLabel` names what the button rejects.
 */
export function AdminReasonForm({
  subject,
  actor,
  submitLabel = 'Reject',
  pendingLabel = 'Rejecting…',
  prompt,
  example = 'The video does not show the full range of motion.',
  children,
  autoFocus = true,
  cancellable = true,
}: {
  subject: string;
  actor: ActWithReasonActor;
  submitLabel?: string;
  pendingLabel?: string;
  /** The reason's label (default: "Why reject {subject}? The athlete will read this."). */
  prompt?: string;
  example?: string;
  /** Controls shown above the reason (e.g. the choice of action). */
  children?: ReactNode;
  autoFocus?: boolean;
  cancellable?: boolean;
}) {
  const id = useId();
  const { reason, tried, pending } = useReasonForm(actor);
  const short = reason.trim().length < ADMIN_REASON_LIMITS.min;
  const submit = (e: FormEvent) => {
    e.preventDefault();
    actor.send({ type: 'reason.submit' });
  };
  return (
    <form className="form reason-form" onSubmit={submit} noValidate>
      {children}
      <div className="field">
        <label htmlFor={`${id}-reason`}>{prompt ?? `Why reject ${subject}? The athlete will read this.`}</label>
        <textarea
          id={`${id}-reason`}
          rows={2}
          value={reason}
          maxLength={ADMIN_REASON_LIMITS.max}
          required
          aria-invalid={tried && short}
          aria-describedby={`${id}-hint`}
          autoFocus={autoFocus}
          onChange={(e) => actor.send({ type: 'reason.edit', value: e.target.value })}
        />
        <p id={`${id}-hint`} className={tried && short ? 'error-text' : 'hint'}>
          At least {ADMIN_REASON_LIMITS.min} characters, for example “{example}”
        </p>
      </div>
      <p className="reason-form-actions">
        <button type="submit" className="btn btn-primary btn-small" disabled={pending}>
          {pending ? pendingLabel : submitLabel}
        </button>
        {cancellable && (
          <button type="button" className="btn btn-secondary btn-small" onClick={() => actor.send({ type: 'reason.cancel' })}>
            Cancel
          </button>
        )}
      </p>
    </form>
  );
}
