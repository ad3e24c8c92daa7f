/** Video rules both sides share: upload chunking, the player's speeds and steps, timestamps in links. */

/** The smallest and largest chunk the browser sends in one tus PATCH. */
export const MIN_CHUNK_BYTES = 256 * 1024;
export const MAX_CHUNK_BYTES = 32 * 1024 * 1024;

/**
 * How many bytes one chunk carries: about an eighth of the file (a lost connection resumes from
 * the bytes the server kept, so a chunk's size costs little then), between 256 KB and 32 MB: each
 * chunk is a request with its own checks, and on loopback 8 MB chunks sent a 500 MB file at
 * 269 MB/s where 32 MB chunks sent it at 358 MB/s (scripts/bench-videos.ts, 29 Nov).
 */
export function uploadChunkSize(size: number): number {
  return Math.min(MAX_CHUNK_BYTES, Math.max(MIN_CHUNK_BYTES, Math.ceil(size / 8)));
}

/** Playback speeds the player offers. */
export const PLAYBACK_SPEEDS = [0.25, 0.5, 0.75, 1, 1.25, 1.5, 2] as const;
/** Seconds the arrow keys jump. */
export const SEEK_STEP_S = 5;
/** Frame rate assumed when the file does not say. */
export const DEFAULT_FRAME_RATE = 30;

/** One frame's length in seconds at a frame rate (a missing or odd rate counts as 30 fps). */
export const frameSeconds = (frameRate: number | null | undefined) =>
  1 / (frameRate && frameRate > 0 && frameRate <= 240 ? frameRate : DEFAULT_FRAME_RATE);

/** A position as 1:02.50 (or 1:02:03.04 past an hour): minutes, seconds and hundredths. */
export function formatTimestamp(seconds: number): string {
  const total = Math.max(0, Math.round(seconds * 100));
  const cs = total % 100;
  const s = Math.floor(total / 100) % 60;
  const m = Math.floor(total / 6000) % 60;
  const h = Math.floor(total / 360000);
  const two = (n: number) => String(n).padStart(2, '0');
  return `${h ? `${h}:${two(m)}` : m}:${two(s)}.${two(cs)}`;
}

/** The `t` of a timestamp link (seconds, e.g. `t=62.5`) as a position, or null when absent or not a time. */
export function parseTimestamp(raw: string | null | undefined): number | null {
  if (!raw || !/^\d{1,6}(\.\d{1,3})?$/.test(raw)) return null;
  return Number(raw);
}

/** A position as the `t` of a link: seconds with at most 2 decimals. */
export const timestampParam = (seconds: number) => String(Math.round(Math.max(0, seconds) * 100) / 100);

/** A byte count in words a person reads: 512 KB, 3.4 MB, 1.2 GB. */
export function formatBytes(bytes: number): string {
  if (bytes <= 0) return '0 KB';
  if (bytes < 1024 * 1024) return `${Math.max(1, Math.round(bytes / 1024))} KB`;
  if (bytes < 1024 ** 3) return `${(bytes / 1024 ** 2).toFixed(1)} MB`;
  return `${(bytes / 1024 ** 3).toFixed(1)} GB`;
}
