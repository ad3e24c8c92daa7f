import { useLocation } from 'wouter';
import { AppLink } from '#src/components/ui/link.tsx';
import { useBroadcastNews, useCurrentBroadcast } from '../api/live-broadcasts.ts';
import { BroadcastCountdown } from './broadcast-countdown.tsx';
import '../live-dot.css';
import '../live-broadcast.css';

/**
 * The invitation on every page while a broadcast is live (signed-out visitors too), and before a scheduled one
 * its countdown ("Starts in 4:32"), which turns into the live invitation when it starts. Loaded in its own small
 * chunk after the shell; its data is the cached public read of the current broadcast, which signed-in pages
 * also refresh the moment the socket says a broadcast started, changed or stopped.
 */
export default function LiveBroadcastBanner() {
  const current = useCurrentBroadcast();
  const [path] = useLocation();
  useBroadcastNews();
  const live = current.data?.broadcast;
  const next = current.data?.upcoming;
  if (/^\/live-?stream-?viewer-?page\/?$/.test(path)) return null;
  if (live)
    return (
      <div className="broadcast-banner" role="region" aria-label="Live broadcast">
        <span>
          <span className="live-dot" aria-hidden /> <strong>Live now:</strong> {live.title}
        </span>
        <AppLink href="/live-stream-viewer-page" look="primary">
          Watch the broadcast
        </AppLink>
      </div>
    );
  if (!next?.scheduled_for || !current.data) return null;
  return (
    <div className="broadcast-banner" role="region" aria-label="Upcoming broadcast">
      <span>
        <strong>
          <BroadcastCountdown startsAt={next.scheduled_for} serverTime={current.data.server_time} readAt={current.dataUpdatedAt} />:
        </strong>{' '}
        {next.title}
      </span>
      <AppLink href="/live-stream-viewer-page">Open the broadcast page</AppLink>
    </div>
  );
}
