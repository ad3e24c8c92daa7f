import { Link } from 'wouter';
import './primitives.css';

/**
 * The end of every form: the server's complaint (if any), the submit button that says
 * it is working while the call runs, and a way out (a link or a button).
 */
export function FormFooter({
  submitLabel,
  pendingLabel = 'Saving…',
  pending,
  error,
  cancel,
  className,
}: {
  submitLabel: string;
  pendingLabel?: string;
  pending: boolean;
  error?: string | null;
  cancel?: { label?: string; href?: string; onClick?: () => void; disableWhilePending?: boolean };
  className?: string;
}) {
  const cancelLabel = cancel?.label ?? 'Cancel';
  return (
    <div className={className ? `form-footer ${className}` : 'form-footer'}>
      {error && (
        <p className="error-text" role="alert">
          {error}
        </p>
      )}
      <p className="form-footer-actions">
        <button type="submit" className="btn btn-primary" disabled={pending}>
          {pending ? pendingLabel : submitLabel}
        </button>
        {cancel?.href !== undefined ? (
          <Link href={cancel.href} className="btn btn-secondary">
            {cancelLabel}
          </Link>
        ) : cancel ? (
          <button type="button" className="btn btn-secondary" onClick={cancel.onClick} disabled={cancel.disableWhilePending && pending}>
            {cancelLabel}
          </button>
        ) : null}
      </p>
    </div>
  );
}
