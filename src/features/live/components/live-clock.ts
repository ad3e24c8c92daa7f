import { useEffect, useState } from 'react';

const TICK_MS = 250;

/** Ordinal place for the screens: 1st, 2nd, 3rd, 11th, 22nd … */
export function ordinal(n: number): string {
  const tens = n % 100;
  const suffix = tens >= 11 && tens <= 13 ? 'th' : (['th', 'st', 'nd', 'rd'][n % 10] ?? 'th');
  return `${n}${suffix}`;
}

/**
 * The running clock of an attempt, from the server's reading: its elapsed time when it was read, then
 * this device's monotonic clock, never past the cap. Frozen once the attempt is not live.
 */
export function useLiveClock(reading: { elapsedMs: number; live: boolean; limitMs: number } | null): number {
  const [base, setBase] = useState(() => ({ at: performance.now(), elapsed: reading?.elapsedMs ?? 0 }));
  const [now, setNow] = useState(() => performance.now());
  const elapsedMs = reading?.elapsedMs ?? 0;
  useEffect(() => {
    setBase({ at: performance.now(), elapsed: elapsedMs });
  }, [elapsedMs]);
  const live = reading?.live ?? false;
  useEffect(() => {
    if (!live) return;
    const timer = setInterval(() => setNow(performance.now()), TICK_MS);
    return () => clearInterval(timer);
  }, [live]);
  if (!reading) return 0;
  if (!live) return reading.elapsedMs;
  return Math.min(reading.limitMs, base.elapsed + Math.max(0, now - base.at));
}
