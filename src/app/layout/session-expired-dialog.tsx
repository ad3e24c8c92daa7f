import { useEffect, useState } from 'react';
import * as Dialog from '@radix-ui/react-dialog';
import { SessionActor } from '#src/lib/session/session-provider.tsx';
import { SESSION_EXPIRED_REDIRECT_MS } from '#domain/constants.ts';

export const SESSION_EXPIRED_TITLE = 'Session Expired';
export const SESSION_EXPIRED_TEXT = 'Your session has expired for security reasons. Please log in again to continue using the app.';
/** The spec's words at the start of the countdown: 'Auto-redirecting to login in 10 seconds...'. */
export const SESSION_EXPIRED_NOTE = redirectNote(SESSION_EXPIRED_REDIRECT_MS / 1000);

/** The spec's note with the seconds actually left: "Auto-redirecting to login in 7 seconds...". */
export function redirectNote(seconds: number): string {
  return `Auto-redirecting to login in ${seconds} ${seconds === 1 ? 'second' : 'seconds'}...`;
}

/** Screen readers hear the countdown at a few moments only, not every second. */
const ANNOUNCE_AT = new Set([5, 1]);

function useSecondsLeft(deadline: number): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = window.setInterval(() => setNow(Date.now()), 250);
    return () => window.clearInterval(timer);
  }, []);
  return Math.max(0, Math.ceil((deadline - now) / 1000));
}

/**
 * Shown while the session machine is in sessionExpired; loaded only then. `since` is when
 * the session ended (the machine's redirect timer started then), so the note counts the real seconds.
 */
export default function SessionExpiredDialog({ since }: { since: number }) {
  const session = SessionActor.useFlowActor();
  const seconds = useSecondsLeft(since + SESSION_EXPIRED_REDIRECT_MS);
  const [announced, setAnnounced] = useState('');
  useEffect(() => {
    if (ANNOUNCE_AT.has(seconds)) setAnnounced(redirectNote(seconds));
  }, [seconds]);
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
          <p className="muted session-countdown">{redirectNote(seconds)}</p>
          <p className="visually-hidden" aria-live="polite">
            {announced}
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
