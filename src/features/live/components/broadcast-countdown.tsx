import { useEffect, useState } from 'react';
import { formatCountdown } from '#domain/live-broadcasts.ts';

const TICK_MS = 1000;

/**
 * "Starts in 4:32" until a scheduled broadcast's start, by the server's clock (its reading `serverTime`, taken
 * at `readAt` on this device, moved on by this device's clock), then "Starting soon" until it goes live.
 */
export function BroadcastCountdown({ startsAt, serverTime, readAt }: { startsAt: string; serverTime: string; readAt: number }) {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), TICK_MS);
    return () => clearInterval(timer);
  }, []);
  const serverNow = Date.parse(serverTime) + (now - readAt);
  return (
    <span role="timer" aria-live="off">
      {formatCountdown(Date.parse(startsAt) - serverNow)}
    </span>
  );
}
