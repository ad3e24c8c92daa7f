import { AppLink } from '#src/components/ui/link.tsx';
import { useLiveAttempts } from '../api/live.ts';

/**
 * On a challenge's page: "Go live" for an athlete who joined an open challenge (the tap-counter screen),
 * and who is live on it now, for everyone.
 */
export function GoLiveLinks({ challengeId, canGoLive }: { challengeId: number; canGoLive: boolean }) {
  const live = useLiveAttempts(challengeId, { poll: false });
  const count = live.data?.items.length ?? 0;
  if (!canGoLive && count === 0) return null;
  return (
    <p className="live-links">
      {canGoLive ? (
        <AppLink href={`/live-attempt-page?challenge=${challengeId}`} look="primary">
          Go live
        </AppLink>
      ) : null}
      {count > 0 ? (
        <AppLink href={`/live-spectating?challenge=${challengeId}`}>
          {count === 1 ? '1 athlete live now: watch' : `${count} athletes live now: watch`}
        </AppLink>
      ) : null}
    </p>
  );
}
