import { useLocation } from 'wouter';
import { AppLink } from '#src/components/ui/link.tsx';
import { useBroadcastNews, useCurrentBroadcast } from '../api/live-broadcasts.ts';
import '../live-dot.css';
import '../live-broadcast.css';

/**
 * The invitation on every page while a broadcast is live (signed-out visitors too). Loaded in its own small
 * chunk after the shell; its data is the cached public read of the current broadcast, which signed-in pages
 * also refresh the moment the socket says a broadcast started, changed or stopped.
 */
export default function LiveBroadcastBanner() {
  const current = useCurrentBroadcast();
  const [path] = useLocation();
  useBroadcastNews();
  const b = current.data?.broadcast;
  if (!b || /^\/live-?stream-?viewer-?page\/?$/.test(path)) return null;
  return (
    <div className="broadcast-banner" role="region" aria-label="Live broadcast">
      <span>
        <span className="live-dot" aria-hidden /> <strong>Live now:</strong> {b.title}
      </span>
      <AppLink href="/live-stream-viewer-page" look="primary">
        Watch the broadcast
      </AppLink>
    </div>
  );
}
