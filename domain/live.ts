import type { ScoringRules, ScoreType } from './scoring/types.ts';

// Live attempts: the rules both sides run. The tap counter sends an absolute count with a sequence
// number that only goes up, so a retried or replayed update after a reconnect is recognised and never
// counted twice; the server's answer (its echo) is the authority the client reconciles with.

/** The most a live counter can reach (the scoring bounds for reps, calories). */
export const LIVE_MAX_COUNT = 100_000;
/** An update may lower the count by at most this much (the −1 undo, a few taps at a time). */
export const LIVE_CORRECTION_WINDOW = 10;
/** The longest live attempt without a time cap; past it the attempt ends itself. */
export const LIVE_MAX_DURATION_MS = 4 * 60 * 60 * 1000;
/** The highest sequence number an update may carry. */
export const LIVE_MAX_SEQ = 2_147_483_647;
/** Reactions spectators may send, and how many one person may send per window. */
export const LIVE_REACTIONS = ['🔥', '💪', '👏', '🚀', '😮'] as const;
export type LiveReaction = (typeof LIVE_REACTIONS)[number];
/** Each reaction's name, shown beside it (and read out) where the emoji may not render. */
export const LIVE_REACTION_NAMES: Record<LiveReaction, string> = {
  '🔥': 'Fire',
  '💪': 'Strong',
  '👏': 'Applause',
  '🚀': 'Rocket',
  '😮': 'Wow',
};
export const LIVE_REACTION_LIMIT = { count: 5, windowMs: 10_000 } as const;

/** Score types a tap counter can produce; load and distance are entered after the workout instead. */
export const LIVE_SCORE_TYPES = ['reps', 'rounds_reps', 'time', 'calories', 'points'] as const satisfies readonly ScoreType[];

export type LiveCountUnit = 'reps' | 'rounds' | 'calories' | 'points';

export function liveCountable(type: ScoreType): boolean {
  return (LIVE_SCORE_TYPES as readonly ScoreType[]).includes(type);
}

/** What one tap counts for this challenge's scoring. */
export function liveCountUnit(rules: Pick<ScoringRules, 'scoreType' | 'repsPerRound'>): LiveCountUnit {
  switch (rules.scoreType) {
    case 'calories':
      return 'calories';
    case 'points':
      return 'points';
    case 'rounds_reps':
      return rules.repsPerRound ? 'reps' : 'rounds';
    default:
      return 'reps';
  }
}

export interface LiveCounter {
  seq: number;
  count: number;
}

export type LiveUpdateOutcome =
  { kind: 'applied'; state: LiveCounter } | { kind: 'replayed'; state: LiveCounter } | { kind: 'refused'; detail: string };

/**
 * The server's rule for one update: a newer sequence number moves the count (down by at most the
 * correction window); the same number with the same count is a replay (answered, nothing stored);
 * an older number, or the same number with another count, is refused.
 */
export function applyLiveUpdate(state: LiveCounter, update: LiveCounter): LiveUpdateOutcome {
  if (!Number.isInteger(update.count) || update.count < 0 || update.count > LIVE_MAX_COUNT)
    return { kind: 'refused', detail: `The count must be a whole number from 0 to ${LIVE_MAX_COUNT.toLocaleString('en')}.` };
  if (update.seq === state.seq && update.count === state.count) return { kind: 'replayed', state };
  if (update.seq <= state.seq)
    return { kind: 'refused', detail: `Update ${update.seq} is older than update ${state.seq}, which is already counted.` };
  if (update.count < state.count - LIVE_CORRECTION_WINDOW)
    return {
      kind: 'refused',
      detail: `The count can go down by at most ${LIVE_CORRECTION_WINDOW} at a time (from ${state.count} to ${update.count} was asked).`,
    };
  return { kind: 'applied', state: { seq: update.seq, count: update.count } };
}

/** The client's side: what it shows (optimistic) and the newest update it sent. */
export interface LocalCounter {
  /** The count shown, with taps the server has not answered yet. */
  count: number;
  /** The sequence number of the newest update sent (or to send). */
  seq: number;
  /** The newest sequence number the server has answered. */
  ackedSeq: number;
}

export const freshCounter = (count = 0, seq = 0): LocalCounter => ({ count, seq, ackedSeq: seq });

/** A tap (+1) or an undo (−1, never below zero): a new update to send. */
export function tapCounter(local: LocalCounter, delta: 1 | -1): LocalCounter {
  const count = Math.min(LIVE_MAX_COUNT, Math.max(0, local.count + delta));
  if (count === local.count) return local;
  return { ...local, count, seq: local.seq + 1 };
}

/**
 * The server's echo reconciled: an answer to the newest update sent replaces the shown count (the
 * server is the authority); an answer to an older one only moves what is acknowledged, so taps still
 * on their way are not lost from the screen.
 */
export function reconcileCounter(local: LocalCounter, echo: LiveCounter): LocalCounter {
  if (echo.seq < local.ackedSeq) return local;
  if (echo.seq >= local.seq) return { count: echo.count, seq: echo.seq, ackedSeq: echo.seq };
  return { ...local, ackedSeq: echo.seq };
}

/** Whether the screen has taps the server has not answered (the update to resend after a reconnect). */
export const counterPending = (local: LocalCounter) => local.seq > local.ackedSeq;

export interface LiveEnd {
  count: number;
  elapsedMs: number;
  /** A for-time workout: the athlete finished the work (time is the score). */
  finished: boolean;
}

/**
 * The submit-score body a live attempt ends with, for the challenge's score type: the same fields a
 * typed-in score takes, so validation, ranking and achievements are the normal submission's. Null
 * when the end cannot be a score (a for-time workout without a cap that was not finished).
 */
export function liveScoreBody(
  rules: Pick<ScoringRules, 'scoreType' | 'repsPerRound' | 'timeCapMs'>,
  end: LiveEnd,
): Record<string, unknown> | null {
  switch (rules.scoreType) {
    case 'reps':
      return { reps: end.count };
    case 'calories':
      return { calories: end.count };
    case 'points':
      return { points: end.count };
    case 'rounds_reps':
      return rules.repsPerRound
        ? { rounds: Math.floor(end.count / rules.repsPerRound), reps: end.count % rules.repsPerRound }
        : { rounds: end.count };
    case 'time':
      if (end.finished) return { time_ms: Math.max(1000, Math.round(end.elapsedMs)) };
      return rules.timeCapMs ? { capped: true, reps: end.count } : null;
    default:
      return null;
  }
}

/** The clock as the screens show it: m:ss, or h:mm:ss past an hour. */
export function formatLiveClock(ms: number): string {
  const total = Math.max(0, Math.floor(ms / 1000));
  const h = Math.floor(total / 3600);
  const m = Math.floor((total % 3600) / 60);
  const s = total % 60;
  const ss = String(s).padStart(2, '0');
  return h ? `${h}:${String(m).padStart(2, '0')}:${ss}` : `${m}:${ss}`;
}
