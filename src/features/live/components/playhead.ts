/** Buffered time ranges of a media element, as [start, end] pairs in seconds, in order. */
export type Ranges = readonly (readonly [number, number])[];

/** Gaps shorter than this between the playhead and buffered video are jumped (a browser stalls on any gap). */
export const MAX_GAP_JUMP_S = 6;
/** Behind the newest buffered video by more than this, the player skips ahead to LIVE_TARGET_BEHIND_S. */
export const MAX_BEHIND_S = 12;
export const LIVE_TARGET_BEHIND_S = 3;
const EPSILON = 0.05;

export function rangesOf(buffered: TimeRanges): Ranges {
  const out: [number, number][] = [];
  for (let i = 0; i < buffered.length; i++) out.push([buffered.start(i), buffered.end(i)]);
  return out;
}

/**
 * Where a live player's playhead should go, or null to leave it. Segments recorded one after another leave
 * small holes between audio and video (and a first segment may not start at 0); a browser stops at a hole
 * and waits for data that never comes, so a playhead outside buffered video jumps to the next buffered range.
 * A playhead fallen far behind the newest video (the tab slept, the network caught up) skips ahead near live.
 */
export function playheadTarget(currentTime: number, ranges: Ranges): number | null {
  if (!ranges.length) return null;
  const inside = ranges.find(([start, end]) => currentTime >= start - EPSILON && currentTime < end - EPSILON);
  const last = ranges[ranges.length - 1]!;
  if (last[1] - currentTime > MAX_BEHIND_S) return Math.max(last[0], last[1] - LIVE_TARGET_BEHIND_S);
  if (inside) return null;
  const next = ranges.find(([start]) => start > currentTime);
  if (next && next[0] - currentTime <= MAX_GAP_JUMP_S) return next[0] + EPSILON;
  return null;
}
