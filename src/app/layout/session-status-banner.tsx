import { SessionActor } from '#src/lib/session/session-provider.tsx';

export const EXPIRING_SOON_TEXT = 'Your session expires in less than 5 minutes.';
export const STAY_SIGNED_IN_LABEL = 'Stay signed in';
export const SERVICE_UNAVAILABLE_TEXT = 'Service unavailable, retrying';

/**
 * The session chart's signed-in details the athlete should see: a token with under five
 * minutes left (with "Stay signed in", an immediate refresh) and a refresh the server
 * answered 503 (the session is kept and the chart retries).
 */
export function SessionStatusBanner() {
  const session = SessionActor.useFlowActor();
  const unavailable = SessionActor.useSelector((s) => s.hasTag('unavailable'));
  // The silent refresh itself shows nothing; the note appears once it has not gone through.
  const expiringSoon = SessionActor.useSelector(
    (s) => s.hasTag('expiringSoon') && !s.matches({ signedIn: { expiringSoon: 'refreshing' } }),
  );
  if (!unavailable && !expiringSoon) return null;
  return (
    <div className="session-banner" role="status" aria-live="polite">
      {unavailable ? <span>{SERVICE_UNAVAILABLE_TEXT}</span> : <span>{EXPIRING_SOON_TEXT}</span>}
      {expiringSoon && (
        <button type="button" className="btn btn-secondary" onClick={() => session.send({ type: 'session.refresh' })}>
          {STAY_SIGNED_IN_LABEL}
        </button>
      )}
    </div>
  );
}
