import { useId, type ReactNode } from 'react';

/** The ids a labelled control needs: its own, its hint's and its error's, and the aria-describedby joining them. */
export function useFieldIds(id: string | undefined, hint: ReactNode, error: ReactNode, describedBy?: string) {
  const auto = useId();
  const controlId = id ?? `f${auto.replace(/:/g, '')}`;
  const hintId = hint ? `${controlId}-hint` : undefined;
  const errorId = error ? `${controlId}-error` : undefined;
  const described = [describedBy, hintId, errorId].filter(Boolean).join(' ') || undefined;
  return { controlId, hintId, errorId, describedBy: described };
}

/** Hint and error lines under a control. */
export function FieldNotes({ hintId, hint, errorId, error }: { hintId?: string; hint?: ReactNode; errorId?: string; error?: ReactNode }) {
  return (
    <>
      {hint ? (
        <p id={hintId} className="hint">
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={errorId} className="error-text" role="alert">
          {error}
        </p>
      ) : null}
    </>
  );
}

/**
 * A control and its label in one wrapper: the label above a text field, after a checkbox or a
 * switch (`labelAfter`), with the hint and error lines (`notes`) under it.
 */
export function FieldShell({
  className,
  controlId,
  label,
  hideLabel,
  labelAfter = false,
  notes,
  children,
}: {
  className?: string;
  controlId: string;
  label: ReactNode;
  hideLabel?: boolean;
  labelAfter?: boolean;
  notes?: ReactNode;
  children: ReactNode;
}) {
  const labelElement = (
    <label htmlFor={controlId} className={hideLabel ? 'visually-hidden' : undefined}>
      {label}
    </label>
  );
  return (
    <div className={className}>
      {labelAfter ? null : labelElement}
      {children}
      {labelAfter ? labelElement : null}
      {notes}
    </div>
  );
}
