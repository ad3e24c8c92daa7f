import type { InputHTMLAttributes, ReactNode, Ref, TextareaHTMLAttributes } from 'react';
import { FieldNotes, FieldShell, useFieldIds } from './field.tsx';

interface FieldBits {
  label: ReactNode;
  hint?: ReactNode;
  /** A problem with the value: shown under the control, announced, and marks it aria-invalid. */
  error?: ReactNode;
  hideLabel?: boolean;
  /** Wrapper class (default "field"). */
  wrapperClassName?: string;
}

export type TextInputProps = FieldBits & InputHTMLAttributes<HTMLInputElement> & { ref?: Ref<HTMLInputElement> };

/** A labelled text input; hint and error are wired with aria-describedby and aria-invalid. */
export function TextInput({ label, hint, error, hideLabel, wrapperClassName = 'field', id, ...rest }: TextInputProps) {
  const ids = useFieldIds(id, hint, error, rest['aria-describedby']);
  return (
    <FieldShell
      className={wrapperClassName}
      controlId={ids.controlId}
      label={label}
      hideLabel={hideLabel}
      notes={<FieldNotes {...ids} hint={hint} error={error} />}
    >
      <input {...rest} id={ids.controlId} aria-describedby={ids.describedBy} aria-invalid={error ? true : rest['aria-invalid']} />
    </FieldShell>
  );
}

export type TextAreaProps = FieldBits & TextareaHTMLAttributes<HTMLTextAreaElement> & { ref?: Ref<HTMLTextAreaElement> };

export function TextArea({ label, hint, error, hideLabel, wrapperClassName = 'field', id, ...rest }: TextAreaProps) {
  const ids = useFieldIds(id, hint, error, rest['aria-describedby']);
  return (
    <FieldShell
      className={wrapperClassName}
      controlId={ids.controlId}
      label={label}
      hideLabel={hideLabel}
      notes={<FieldNotes {...ids} hint={hint} error={error} />}
    >
      <textarea {...rest} id={ids.controlId} aria-describedby={ids.describedBy} aria-invalid={error ? true : rest['aria-invalid']} />
    </FieldShell>
  );
}
