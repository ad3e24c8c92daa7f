import { ScoreError } from './errors.ts';

/** Reads a time as athletes type it: "12:34", "1:02:03", "95" (seconds), "12:34.5". */
export function parseDuration(text: string): number {
  const t = text.trim();
  const m = /^(?:(\d{1,2}):)?(?:(\d{1,3}):)?(\d{1,5})(?:\.(\d{1,3}))?$/.exec(t);
  if (!m) throw new ScoreError('Enter a time like 12:34 or 1:02:03.');
  const parts = t.split('.')[0]!.split(':').map(Number);
  const frac = m[4] ? Number(m[4].padEnd(3, '0')) : 0;
  let seconds: number;
  if (parts.length === 3) {
    const [h, min, s] = parts as [number, number, number];
    if (min >= 60 || s >= 60) throw new ScoreError('Minutes and seconds go up to 59.');
    seconds = h * 3600 + min * 60 + s;
  } else if (parts.length === 2) {
    const [min, s] = parts as [number, number];
    if (s >= 60) throw new ScoreError('Seconds go up to 59.');
    seconds = min * 60 + s;
  } else {
    seconds = parts[0]!;
  }
  return seconds * 1000 + frac;
}
