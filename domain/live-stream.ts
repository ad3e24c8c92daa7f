// Camera streaming of a live attempt: the rules both sides run. The athlete's browser records short
// segments, each a whole WebM file (the recorder restarts for every one, so a spectator can start
// playing at any segment), numbered 1, 2, 3… and sent in order. The server keeps them in order: a
// replay of the last one is answered unchanged, anything else out of order is refused. A segment
// whose recording starts well after the previous one ended marks a gap (a dropped connection, a
// reload) that judges are shown.

/** How long the browser records each segment. */
export const LIVE_SEGMENT_MS = 2000;
/** The largest segment the server takes (a 2 s slice of 1080p camera video is well under this). */
export const LIVE_SEGMENT_MAX_BYTES = 4 * 1024 * 1024;
/** The most segments one attempt may hold (4 hours of 2 s segments). */
export const LIVE_SEGMENT_MAX_COUNT = 7200;
/** The longest one segment may say it lasts. */
export const LIVE_SEGMENT_MAX_DURATION_MS = 60_000;
/** A hole between segments shorter than this is the recorder restarting, not a gap. */
export const LIVE_GAP_MIN_MS = 1000;
/** Segments the browser keeps while the server is out of reach; past this it drops them and the gap is marked. */
export const LIVE_SEGMENT_QUEUE_MAX = 30;
/** How far behind the newest segment a spectator starts playing. */
export const LIVE_SPECTATOR_LAG_SEGMENTS = 2;
/**
 * A live attempt that hears nothing from its athlete this long (no count update, no segment) is closed as
 * abandoned (end reason `inactive`): the athlete is gone, and its stored segments are removed.
 */
export const LIVE_GONE_MS = 30 * 60_000;
/** How many attempts' stored segments one cleanup run removes at most (the next run takes the rest). */
export const LIVE_CLEANUP_BATCH = 20;
/** How often each server makes sure a cleanup run is queued (it also runs at once after an abandon). */
export const LIVE_CLEANUP_EVERY_MS = 10 * 60_000;
/** Why an attempt closed for its athlete being gone says so (the athlete and spectators read it). */
export const LIVE_GONE_TEXT = `Closed after ${LIVE_GONE_MS / 60_000} minutes without a tap or video from the athlete; nothing was submitted.`;
/** The first bytes of every WebM (EBML) file. */
export const WEBM_MAGIC = [0x1a, 0x45, 0xdf, 0xa3] as const;

export const isWebm = (bytes: Uint8Array) => bytes.length >= 4 && WEBM_MAGIC.every((b, i) => bytes[i] === b);

/** The stream as the server knows it: the newest segment and where its recording ended (ms from the start). */
export interface StreamState {
  lastSeq: number;
  lastSha256: string | null;
  lastEndMs: number;
}

export interface IncomingSegment {
  seq: number;
  sha256: string;
  atMs: number;
  durationMs: number;
}

export type SegmentOutcome =
  { kind: 'store'; gapMs: number; state: StreamState } | { kind: 'replayed' } | { kind: 'refused'; status: 409 | 422; detail: string };

/** The server's rule for one segment: the next one in order is stored, with the gap before it. */
export function acceptSegment(state: StreamState, s: IncomingSegment): SegmentOutcome {
  if (s.seq === state.lastSeq && s.sha256 === state.lastSha256) return { kind: 'replayed' };
  if (s.seq <= state.lastSeq)
    return {
      kind: 'refused',
      status: 409,
      detail: `Segment ${s.seq} was already received${s.seq === state.lastSeq ? ' with other bytes' : ''}; send segment ${state.lastSeq + 1} next.`,
    };
  if (s.seq !== state.lastSeq + 1)
    return { kind: 'refused', status: 409, detail: `Segments go in order: send segment ${state.lastSeq + 1} next, not ${s.seq}.` };
  if (s.seq > LIVE_SEGMENT_MAX_COUNT)
    return { kind: 'refused', status: 409, detail: `A live attempt holds at most ${LIVE_SEGMENT_MAX_COUNT} segments.` };
  const gapMs = segmentGap(state, s);
  return {
    kind: 'store',
    gapMs,
    state: { lastSeq: s.seq, lastSha256: s.sha256, lastEndMs: Math.max(state.lastEndMs, s.atMs + s.durationMs) },
  };
}

/** The hole before a segment (0 for the first one, and for a hole too short to be more than the recorder restarting). */
export function segmentGap(state: StreamState, s: Pick<IncomingSegment, 'atMs'>): number {
  if (state.lastSeq === 0) return 0;
  const hole = s.atMs - state.lastEndMs;
  return hole >= LIVE_GAP_MIN_MS ? hole : 0;
}

/** A gap as judges read it: "gap of 12 s at 3:05". */
export function describeGap(gap: { at_ms: number; gap_ms: number }): string {
  const total = Math.floor(gap.at_ms / 1000);
  const at = `${Math.floor(total / 60)}:${String(total % 60).padStart(2, '0')}`;
  return `gap of ${Math.max(1, Math.round(gap.gap_ms / 1000))} s at ${at}`;
}

/** A gap as the judging screen lists it, at its place in the recording: "Gap of 4 s at 1:12 — the athlete's connection dropped". */
export function describeRecordingGap(gap: { recording_ms: number; gap_ms: number }): string {
  const text = describeGap({ at_ms: gap.recording_ms, gap_ms: gap.gap_ms });
  return `G${text.slice(1)} — the athlete’s connection dropped`;
}

/** Which segment a spectator starts at: a couple behind the newest, so playback has something buffered. */
export const spectatorStart = (lastSeq: number) => Math.max(1, lastSeq - LIVE_SPECTATOR_LAG_SEGMENTS);
