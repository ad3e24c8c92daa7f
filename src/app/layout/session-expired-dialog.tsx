import * as Dialog from '@radix-ui/react-dialog';
import { SessionActor } from '../../lib/session/session-provider.tsx';

export const SESSION_EXPIRED_TITLE = 'Session Expired';
export const SESSION_EXPIRED_TEXT = 'Your session has expired for security reasons. Please log in again to continue using the app.';
export const SESSION_EXPIRED_NOTE = 'Auto-redirecting to login in 10 seconds...';

/** Shown while the session machine is in sessionExpired; loaded only then. */
export default function SessionExpiredDialog() {
  const session = SessionActor.useActorRef();
  return (
    <Dialog.Root
      open
      onOpenChange={(open) => {
        if (!open) session.send({ type: 'session.dismiss' });
      }}
    >
      <Dialog.Portal>
        <Dialog.Overlay className="dialog-overlay" />
        <Dialog.Content className="dialog-content" role="alertdialog">
          <Dialog.Title className="dialog-title">{SESSION_EXPIRED_TITLE}</Dialog.Title>
          <Dialog.Description>{SESSION_EXPIRED_TEXT}</Dialog.Description>
          <p className="muted">For your safety, sessions end after a period of inactivity or when they can no longer be renewed.</p>
          <p className="muted" aria-live="polite">
            {SESSION_EXPIRED_NOTE}
          </p>
          <div className="dialog-actions">
            <button type="button" className="btn btn-secondary" onClick={() => session.send({ type: 'session.dismiss' })}>
              Dismiss
            </button>
            <button type="button" className="btn btn-primary" onClick={() => session.send({ type: 'session.loginAgain' })} autoFocus>
              Log In Again
            </button>
          </div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
