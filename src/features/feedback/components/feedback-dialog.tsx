import { useId, type RefObject } from 'react';
import * as Dialog from '@radix-ui/react-dialog';
import { useSelector } from '@xstate/react';
import type { ActorRefFrom } from 'xstate';
import type { feedbackMachine, FeedbackFields, FeedbackType } from '#machines/feedback.ts';
import { FEEDBACK_LIMITS } from '#domain/constants.ts';
import { Select } from '#src/components/ui/select.tsx';
import '../feedback.css';

type FeedbackActor = ActorRefFrom<typeof feedbackMachine>;
type TextField = 'subject' | 'description' | 'page_url' | 'steps_to_reproduce';

const TYPES: { value: FeedbackType; label: string }[] = [
  { value: 'general_feedback', label: 'General feedback' },
  { value: 'bug_report', label: 'Bug report' },
  { value: 'feature_request', label: 'Feature request' },
];

function Counter({ id, value, limit }: { id: string; value: string; limit: number }) {
  const left = limit - value.length;
  return (
    <p id={id} className={`hint counter${left < limit * 0.1 ? ' counter-low' : ''}`}>
      {left} characters left
    </p>
  );
}

function TextInput(props: {
  actor: FeedbackActor;
  field: TextField;
  label: string;
  value: string;
  multiline?: boolean;
  required?: boolean;
  invalid?: boolean;
}) {
  const id = useId();
  const limit = FEEDBACK_LIMITS[props.field];
  const onChange = (value: string) => props.actor.send({ type: 'feedback.update', field: props.field, value });
  const common = {
    id,
    value: props.value,
    maxLength: limit,
    required: props.required,
    'aria-required': props.required,
    'aria-invalid': props.invalid || undefined,
    'aria-describedby': `${id}-count`,
  };
  return (
    <div className="field">
      <label htmlFor={id}>
        {props.label}
        {props.required && <span aria-hidden="true"> *</span>}
      </label>
      {props.multiline ? (
        <textarea {...common} rows={props.field === 'description' ? 5 : 3} onChange={(e) => onChange(e.target.value)} />
      ) : (
        <input {...common} type="text" onChange={(e) => onChange(e.target.value)} />
      )}
      <Counter id={`${id}-count`} value={props.value} limit={limit} />
    </div>
  );
}

export default function FeedbackDialog({ actor, returnFocusTo }: { actor: FeedbackActor; returnFocusTo: RefObject<HTMLElement | null> }) {
  const typeId = useId();
  const browserId = useId();
  const fields: FeedbackFields = useSelector(actor, (s) => s.context.fields);
  const validationError = useSelector(actor, (s) => s.context.validationError);
  const busy = useSelector(actor, (s) => s.hasTag('busy'));
  const submitted = useSelector(actor, (s) => s.matches('submitted'));
  const missing = validationError !== null;
  return (
    <Dialog.Root
      open
      onOpenChange={(open) => {
        if (!open) actor.send({ type: 'feedback.close' });
      }}
    >
      <Dialog.Portal>
        <Dialog.Overlay className="dialog-overlay" />
        <Dialog.Content
          className="dialog-content feedback-dialog"
          onCloseAutoFocus={(e) => {
            if (returnFocusTo.current) {
              e.preventDefault();
              returnFocusTo.current.focus();
            }
          }}
        >
          <Dialog.Title className="dialog-title">Send feedback</Dialog.Title>
          {submitted ? (
            <div className="feedback-done" role="status">
              <p className="success-text">Thank you! Your feedback has been submitted successfully.</p>
              <p className="muted">We read every message. This window closes by itself.</p>
            </div>
          ) : (
            <form
              className="form"
              noValidate
              onSubmit={(e) => {
                e.preventDefault();
                actor.send({ type: 'feedback.submit' });
              }}
            >
              <Dialog.Description className="muted">Tell us what works, what breaks and what you would like next.</Dialog.Description>
              <Select<FeedbackType>
                id={typeId}
                label="Type"
                options={TYPES}
                value={fields.type}
                onChange={(value) => actor.send({ type: 'feedback.setType', value })}
              />
              <TextInput
                actor={actor}
                field="subject"
                label="Subject"
                value={fields.subject}
                required
                invalid={missing && !fields.subject.trim()}
              />
              <TextInput
                actor={actor}
                field="description"
                label="Description"
                value={fields.description}
                multiline
                required
                invalid={missing && !fields.description.trim()}
              />
              {fields.type === 'bug_report' && (
                <TextInput
                  actor={actor}
                  field="steps_to_reproduce"
                  label="Steps to reproduce"
                  value={fields.steps_to_reproduce}
                  multiline
                />
              )}
              <TextInput actor={actor} field="page_url" label="Page address" value={fields.page_url} />
              <div className="field">
                <label htmlFor={browserId}>Browser</label>
                <input id={browserId} type="text" value={fields.browser_info} readOnly aria-describedby={`${browserId}-hint`} />
                <p id={`${browserId}-hint`} className="hint">
                  Filled in for you, to help us reproduce problems.
                </p>
              </div>
              {validationError && (
                <p className="error-text" role="alert">
                  {validationError}
                </p>
              )}
              <div className="dialog-actions">
                <Dialog.Close asChild>
                  <button type="button" className="btn btn-secondary">
                    Cancel
                  </button>
                </Dialog.Close>
                <button type="submit" className="btn btn-primary" disabled={busy}>
                  {busy ? 'Sending…' : 'Send feedback'}
                </button>
              </div>
            </form>
          )}
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
