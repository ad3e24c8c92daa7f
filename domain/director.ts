import { ordinal } from './commentary-live.ts';
import { liveCountable } from './live.ts';
import type { ScoreType } from './scoring/types.ts';

// The broadcast director: which live attempt a broadcast features. Each candidate gets a transparent score
// (its parts are shown to editors in words), and a rule keeps the current pick unless the minimum interval
// has passed and a challenger beats it by a margin; an editor's pin wins while the pinned attempt is live.
// The server hands in the facts (read from the board); nothing here reads a clock or a database.

/** The least time between two switches the director makes on its own. */
export const DIRECTOR_MIN_INTERVAL_MS = 30_000;
/** How many points a challenger must lead the featured attempt by to take its place. */
export const DIRECTOR_SWITCH_MARGIN = 10;
/** How often each node re-evaluates the live broadcast (a switch still waits for the interval). */
export const DIRECTOR_EVALUATE_MS = 5000;
/** The most live attempts the director weighs (the longest running first). */
export const DIRECTOR_MAX_CANDIDATES = 50;

/** The score's weights: each part is whole points, and the score is their sum. */
export const DIRECTOR_WEIGHTS = {
  /** Points for projected 1st place; each place lower takes away `placeStep`, down to 0 (from 11th). */
  placeTop: 30,
  placeStep: 3,
  /** Points per doubling of the places at stake: 10 × log2(1 + places). */
  stake: 10,
  /** Points per second ahead of (or behind) the leader, counted up to `paceCapS` seconds either way. */
  pacePerS: 0.5,
  paceCapS: 60,
  /** Points per doubling of the spectators: 6 × log2(1 + watching). */
  spectators: 6,
} as const;

export type DirectorMode = 'auto' | 'pinned';
export const DIRECTOR_MODES = ['auto', 'pinned'] as const satisfies readonly DirectorMode[];

/**
 * How the attempt stands against the leader's mark (the best other entry on its board), in time; positive is
 * ahead. `leader_pace`: the leader's mark spread evenly over their time, when that pace reaches the attempt's
 * count, less the clock (a capped counted workout: over the cap; a for-time workout: over the leader's finishing
 * time when the workout's reps are known, or over the cap when the leader was capped too). `leader_mark`: a counted
 * workout without a cap, at its own pace so far, when it passed or will pass the leader's mark (how long ago, or
 * negative: how long until). `leader_time`: a for-time workout whose reps are not known, the time left inside the
 * leader's finishing time (negative: past it, so it can no longer beat the leader).
 */
export type PaceKind = 'leader_pace' | 'leader_mark' | 'leader_time';
export const PACE_KINDS = ['leader_pace', 'leader_mark', 'leader_time'] as const satisfies readonly PaceKind[];

export interface LeaderPace {
  kind: PaceKind;
  aheadMs: number;
}

/** What the director knows of one live attempt. */
export interface DirectorFacts {
  attemptId: number;
  /** The place it would take on its board if it ended now (null: not a score yet). */
  projectedPlace: number | null;
  /** Places it would gain over its athlete's standing before it (0 or more). */
  placesAtStake: number;
  pace: LeaderPace | null;
  /** Sockets watching the attempt now. */
  spectators: number;
}

export interface ScoreParts {
  place: number;
  stake: number;
  pace: number;
  spectators: number;
}

export interface ScoredCandidate extends DirectorFacts {
  score: number;
  parts: ScoreParts;
}

const whole = (n: number) => (Number.isFinite(n) ? Math.round(n) : 0);
const nonNegative = (n: number) => (Number.isFinite(n) && n > 0 ? n : 0);

/**
 * The places an attempt would gain if it ended now: from its athlete's standing before (their best
 * entry's place, or one past the end of the board without one) to its projected place.
 */
export function placesAtStake(standing: number, projectedPlace: number | null): number {
  if (projectedPlace === null || !Number.isFinite(standing)) return 0;
  return Math.max(0, Math.floor(standing) - Math.floor(projectedPlace));
}

/**
 * The attempt against the leader's mark, from board values (higher is better: a counted workout):
 * with a cap, `value × cap / leader − elapsed` (when the leader's even pace reaches this count, less the
 * clock); without one, `elapsed − leader × elapsed / value` (when its own pace reaches the leader's mark).
 * Null without a leader, a count, or time run.
 */
export function paceAgainstLeader(f: {
  value: number | null;
  leaderValue: number | null;
  elapsedMs: number;
  capMs: number | null;
}): LeaderPace | null {
  const { value, leaderValue, elapsedMs, capMs } = f;
  if (value === null || leaderValue === null || !(leaderValue > 0) || !(elapsedMs > 0) || !(value >= 0)) return null;
  if (capMs && capMs > 0) return { kind: 'leader_pace', aheadMs: Math.round((value * capMs) / leaderValue - elapsedMs) };
  if (!(value > 0)) return null;
  return { kind: 'leader_mark', aheadMs: Math.round(elapsedMs - (leaderValue * elapsedMs) / value) };
}

/** The leader's mark on a for-time board: a finishing time (ms), or the reps done within the cap (capped). */
export interface ForTimeMark {
  status: 'finished' | 'capped';
  value: number;
}

/**
 * A for-time attempt (lower time is better: its count is reps done so far, not its score) against the leader:
 * - the leader was capped (nobody finished): their reps spread over the cap; when that pace reaches the attempt's
 *   count, less the clock (`leader_pace`);
 * - the leader finished in T and the workout's reps W are known: the leader's even pace did `count` reps at
 *   count × T / W; that less the clock (`leader_pace`: positive when the attempt has done more reps than the
 *   leader's pace had at the same time; with every rep done, T − the clock, its margin if it finished now);
 * - the leader finished and W is not known: T − the clock (`leader_time`: the time left to beat the leader).
 * Null without a leader, a count, or time run.
 */
export function forTimePace(f: {
  count: number | null;
  elapsedMs: number;
  capMs: number | null;
  leader: ForTimeMark | null;
  workReps: number | null;
}): LeaderPace | null {
  const { count, elapsedMs, capMs, leader, workReps } = f;
  if (!leader || count === null || !(count >= 0) || !(elapsedMs > 0) || !(leader.value > 0)) return null;
  if (leader.status === 'capped') {
    if (!(capMs && capMs > 0)) return null;
    return { kind: 'leader_pace', aheadMs: Math.round((count * capMs) / leader.value - elapsedMs) };
  }
  if (workReps && workReps > 0)
    return { kind: 'leader_pace', aheadMs: Math.round((Math.min(count, workReps) * leader.value) / workReps - elapsedMs) };
  return { kind: 'leader_time', aheadMs: Math.round(leader.value - elapsedMs) };
}

/**
 * Pace against the leader for any score type a live attempt can have (domain/live.ts `LIVE_SCORE_TYPES`): for
 * time by `forTimePace`; counted types (reps, rounds and reps, calories, points) by `paceAgainstLeader` on the
 * board's values (`value`: the count as the board encodes it; the leader's mark only when finished). Load and
 * distance have no live attempts (entered after the workout): null.
 */
export function livePace(f: {
  scoreType: ScoreType;
  /** The attempt's count as the board would encode it (counted types). */
  value: number | null;
  /** The attempt's count (a for-time workout's reps so far). */
  count: number | null;
  elapsedMs: number;
  capMs: number | null;
  leader: ForTimeMark | null;
  /** A for-time workout's reps, when known. */
  workReps?: number | null;
}): LeaderPace | null {
  if (f.scoreType === 'time')
    return forTimePace({ count: f.count, elapsedMs: f.elapsedMs, capMs: f.capMs, leader: f.leader, workReps: f.workReps ?? null });
  if (!liveCountable(f.scoreType)) return null;
  return paceAgainstLeader({
    value: f.value,
    leaderValue: f.leader?.status === 'finished' ? f.leader.value : null,
    elapsedMs: f.elapsedMs,
    capMs: f.capMs,
  });
}

/**
 * The score's parts for one candidate, and their sum. A `leader_time` pace counts only when behind: time left
 * inside the leader's time says nothing of being ahead (a fresh attempt has the most), being past it does.
 */
export function scoreCandidate(f: DirectorFacts): ScoredCandidate {
  const w = DIRECTOR_WEIGHTS;
  const place =
    f.projectedPlace !== null && f.projectedPlace >= 1 ? Math.max(0, w.placeTop - w.placeStep * (Math.floor(f.projectedPlace) - 1)) : 0;
  const stake = whole(w.stake * Math.log2(1 + nonNegative(f.placesAtStake)));
  const capped = f.pace ? Math.max(-w.paceCapS, Math.min(w.paceCapS, f.pace.aheadMs / 1000)) : 0;
  const aheadS = f.pace?.kind === 'leader_time' ? Math.min(0, capped) : capped;
  const pace = whole(w.pacePerS * (Number.isFinite(aheadS) ? aheadS : 0)) || 0;
  const spectators = whole(w.spectators * Math.log2(1 + nonNegative(f.spectators)));
  const parts = { place, stake, pace, spectators };
  return { ...f, parts, score: place + stake + pace + spectators };
}

/** Candidates scored, best first: a higher score, then the lower attempt id (the earlier started), so ties never wobble. */
export function rankCandidates(candidates: readonly DirectorFacts[]): ScoredCandidate[] {
  const byId = new Map<number, DirectorFacts>();
  for (const c of candidates) if (!byId.has(c.attemptId)) byId.set(c.attemptId, c);
  return [...byId.values()].map(scoreCandidate).sort((a, b) => b.score - a.score || a.attemptId - b.attemptId);
}

export interface DirectorState {
  /** The attempt featured now (null: none). */
  currentId: number | null;
  /** The editor's pin (null: the director chooses). */
  pinnedId: number | null;
  /** When the featured attempt last changed (ms since the epoch; null: never). */
  lastSwitchAt: number | null;
  now: number;
}

/**
 * Why the pick is what it is: `pinned` (the editor's pin, live), `none` (nobody is live), `first` (nothing
 * live was featured), `waiting` (the interval since the last switch has not passed), `switched` (a
 * challenger beat the featured attempt by the margin), `kept` (nobody did).
 */
export type DirectorReason = 'pinned' | 'none' | 'first' | 'waiting' | 'switched' | 'kept';

export interface DirectorChoice {
  attemptId: number | null;
  reason: DirectorReason;
  /** The candidates, scored and ranked. */
  ranked: ScoredCandidate[];
  /** The earliest the director may switch on its own (null: it may now). */
  nextSwitchAt: number | null;
}

/** The earliest the director may switch again after a switch at `lastSwitchAt`. */
export const nextSwitchAt = (lastSwitchAt: number | null, now: number) =>
  lastSwitchAt !== null && now < lastSwitchAt + DIRECTOR_MIN_INTERVAL_MS ? lastSwitchAt + DIRECTOR_MIN_INTERVAL_MS : null;

/**
 * The director's rule. A pinned attempt wins while it is live. Otherwise a featured attempt that is still
 * live stays until `DIRECTOR_MIN_INTERVAL_MS` has passed since the last switch and the best challenger
 * leads it by `DIRECTOR_SWITCH_MARGIN` points; a featured attempt that ended (or none) gives way at once
 * to the best candidate. The pick is always a live candidate, or null when nobody is live.
 */
export function choose(candidates: readonly DirectorFacts[], state: DirectorState): DirectorChoice {
  const ranked = rankCandidates(candidates);
  const next = nextSwitchAt(state.lastSwitchAt, state.now);
  const pick = (attemptId: number | null, reason: DirectorReason): DirectorChoice => ({ attemptId, reason, ranked, nextSwitchAt: next });
  if (state.pinnedId !== null && ranked.some((c) => c.attemptId === state.pinnedId)) return pick(state.pinnedId, 'pinned');
  const best = ranked[0];
  if (!best) return pick(null, 'none');
  const current = ranked.find((c) => c.attemptId === state.currentId);
  if (!current) return pick(best.attemptId, 'first');
  if (best.attemptId === current.attemptId) return pick(current.attemptId, 'kept');
  if (next !== null) return pick(current.attemptId, 'waiting');
  return best.score >= current.score + DIRECTOR_SWITCH_MARGIN ? pick(best.attemptId, 'switched') : pick(current.attemptId, 'kept');
}

/** A span of time in words: "4 s", "2 min 5 s", "1 h 10 min". */
export function spanWords(ms: number): string {
  const s = Math.round(Math.abs(ms) / 1000);
  if (s < 60) return `${s} s`;
  if (s < 3600) return s % 60 ? `${Math.floor(s / 60)} min ${s % 60} s` : `${s / 60} min`;
  const m = Math.round(s / 60);
  return m % 60 ? `${Math.floor(m / 60)} h ${m % 60} min` : `${m / 60} h`;
}

/** What the pace says in words. */
export function paceWords(pace: LeaderPace | null): string {
  if (!pace) return 'no leader’s mark to pace against';
  const span = spanWords(pace.aheadMs);
  if (span === '0 s' && pace.kind === 'leader_time') return 'at the leader’s time';
  if (span === '0 s') return pace.kind === 'leader_pace' ? 'level with the leader’s pace' : 'at the leader’s mark';
  if (pace.kind === 'leader_pace') return `${span} ${pace.aheadMs > 0 ? 'ahead of' : 'behind'} the leader’s pace`;
  if (pace.kind === 'leader_time') return pace.aheadMs > 0 ? `${span} left to beat the leader’s time` : `past the leader’s time by ${span}`;
  return pace.aheadMs > 0 ? `past the leader’s mark ${span} ago` : `reaches the leader’s mark in ${span} at this pace`;
}

/** A candidate's facts in words, in the order of the score's parts ("would place 2nd · 2 places at stake · …"). */
export function candidateWords(c: DirectorFacts): string[] {
  const stake = Math.max(0, Math.floor(c.placesAtStake));
  return [
    c.projectedPlace !== null ? `would place ${ordinal(c.projectedPlace)}` : 'no place yet',
    stake === 0 ? 'no places at stake' : `${stake} ${stake === 1 ? 'place' : 'places'} at stake`,
    paceWords(c.pace),
    c.spectators > 0 ? `${c.spectators} watching` : 'nobody watching',
  ];
}

/** Why the director picked what it did, for the panel. */
export const REASON_WORDS: Record<DirectorReason, string> = {
  pinned: 'Pinned: the featured attempt stays while it is live, whatever the scores.',
  none: 'Nobody is live: the broadcast keeps what it showed.',
  first: 'The featured attempt is not live: the best candidate takes over at once.',
  waiting: `The last switch was less than ${DIRECTOR_MIN_INTERVAL_MS / 1000} s ago: the featured attempt stays for now.`,
  switched: `A challenger led by ${DIRECTOR_SWITCH_MARGIN} points or more: the director switched.`,
  kept: `No challenger leads the featured attempt by ${DIRECTOR_SWITCH_MARGIN} points: it stays.`,
};
