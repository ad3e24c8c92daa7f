/**
 * Commentary on live attempts (domain/commentary.ts re-exports this): which moments of a live count are
 * worth a line, and the templates for them. The server hands in the count before and after an update,
 * the clock, and the marks compared against as board values (higher is better for the counted score
 * types); what comes back is each moment once, with the key that keeps it once per attempt.
 */

export const LIVE_COMMENTARY_KINDS = ['live_round', 'live_pace', 'live_leader', 'live_best', 'live_last_minute'] as const;
export type LiveCommentaryKind = (typeof LIVE_COMMENTARY_KINDS)[number];

export const LIVE_KIND_LABELS: Record<LiveCommentaryKind, string> = {
  live_round: 'Live: round passed',
  live_pace: 'Live: on pace to lead',
  live_leader: 'Live: past the leader',
  live_best: 'Live: past own best',
  live_last_minute: 'Live: last minute',
};

/** Pace is judged only once this share of the time cap has run (earlier, a fast start says little). */
export const PACE_MIN_SHARE = 0.25;
/** The last stretch of a capped attempt that gets its own line. */
export const LAST_MINUTE_MS = 60_000;

/** The public facts of one live moment: names as the board shows them, counts as the board prints them. */
export interface LiveFacts {
  kind: LiveCommentaryKind;
  athlete: string;
  challenge: string;
  /** The count now, as the board would print it ("5 rounds + 3 reps", "150 reps"). */
  count: string;
  /** The round just passed (live_round). */
  round: number | null;
  /** The mark compared against: the leader's (live_pace, live_leader, live_last_minute) or the athlete's own best (live_best). */
  mark: string | null;
  /** Who holds the leader's mark. */
  rival: string | null;
  /** Where the count is heading at this pace by the cap (live_pace). */
  projected: string | null;
  /** Whole seconds left on the cap (live_last_minute). */
  seconds_left: number | null;
}

/** One update of a live count, with the marks as board values (higher is better); null where not comparable. */
export interface LiveMoment {
  previousCount: number;
  count: number;
  elapsedMs: number;
  capMs: number | null;
  /** Reps in a round when a tap is a rep of a rounds workout; a tap is a round when `tapIsRound`. */
  repsPerRound: number | null;
  tapIsRound: boolean;
  /** The board values of the previous count, the count and the count projected to the cap (null: a for-time workout). */
  previousValue: number | null;
  value: number | null;
  projectedValue: number | null;
  /** The best mark of anyone else on the board, and the athlete's own best (board values). */
  leaderValue: number | null;
  bestValue: number | null;
}

export interface LiveEvent {
  kind: LiveCommentaryKind;
  /** Once per attempt: 'round:5', 'leader', 'best', 'pace', 'last_minute'. */
  key: string;
  round: number | null;
}

/** Rounds completed by a count (null when the workout has no rounds). */
export function roundsOf(count: number, m: Pick<LiveMoment, 'repsPerRound' | 'tapIsRound'>): number | null {
  if (m.tapIsRound) return count;
  if (m.repsPerRound && m.repsPerRound > 0) return Math.floor(count / m.repsPerRound);
  return null;
}

/** The count at the cap if the athlete keeps the pace so far (null without a cap or before any time ran). */
export function projectedCount(count: number, elapsedMs: number, capMs: number | null): number | null {
  if (!capMs || elapsedMs <= 0) return null;
  return Math.floor((count * capMs) / Math.min(elapsedMs, capMs));
}

/**
 * The moments an update makes: passing a round (the highest one passed), going past the leader's mark
 * or one's own best, being on pace to pass the leader (once a quarter of the cap has run), and entering
 * the last minute. Each moment's key is the same however often it is seen, so it is written once.
 */
export function liveEvents(m: LiveMoment): LiveEvent[] {
  const events: LiveEvent[] = [];
  if (m.count > m.previousCount) {
    const before = roundsOf(m.previousCount, m);
    const now = roundsOf(m.count, m);
    if (before !== null && now !== null && now > before && now >= 1) events.push({ kind: 'live_round', key: `round:${now}`, round: now });
  }
  const crossed = (mark: number | null) =>
    mark !== null && m.value !== null && m.previousValue !== null && m.value > mark && m.previousValue <= mark;
  if (m.leaderValue !== null && m.leaderValue > 0 && crossed(m.leaderValue))
    events.push({ kind: 'live_leader', key: 'leader', round: null });
  // Past one's own best (when that is not also past the leader: the lead is the bigger news).
  else if (m.bestValue !== null && m.bestValue > 0 && crossed(m.bestValue)) events.push({ kind: 'live_best', key: 'best', round: null });
  if (
    m.capMs &&
    m.leaderValue !== null &&
    m.leaderValue > 0 &&
    m.value !== null &&
    m.value <= m.leaderValue &&
    m.projectedValue !== null &&
    m.projectedValue > m.leaderValue &&
    m.elapsedMs >= m.capMs * PACE_MIN_SHARE &&
    m.elapsedMs < m.capMs - LAST_MINUTE_MS
  )
    events.push({ kind: 'live_pace', key: 'pace', round: null });
  if (m.capMs && m.capMs > LAST_MINUTE_MS && m.elapsedMs < m.capMs && m.capMs - m.elapsedMs <= LAST_MINUTE_MS)
    events.push({ kind: 'live_last_minute', key: 'last_minute', round: null });
  return events;
}

export const ordinal = (n: number): string => {
  const tens = n % 100;
  if (tens >= 11 && tens <= 13) return `${n}th`;
  return `${n}${['th', 'st', 'nd', 'rd'][n % 10] ?? 'th'}`;
};

type Template = (f: LiveFacts) => string;
const mark = (f: LiveFacts) => f.mark ?? 'the top mark';
const rival = (f: LiveFacts) => f.rival ?? 'the leader';
const left = (f: LiveFacts) => `${f.seconds_left ?? 60} seconds`;

export const LIVE_TEMPLATES: Record<LiveCommentaryKind, Template[]> = {
  live_round: [
    (f) => `${f.athlete} completes round ${f.round ?? 1} live on ${f.challenge}.`,
    (f) => `Round ${f.round ?? 1} done for ${f.athlete}, now at ${f.count} on ${f.challenge}.`,
    (f) => `${f.athlete} rolls into the ${ordinal((f.round ?? 1) + 1)} round of ${f.challenge} (${f.count} so far).`,
    (f) => `That's ${f.round ?? 1} rounds in the bank for ${f.athlete} on ${f.challenge}.`,
  ],
  live_pace: [
    (f) => `${f.athlete} is on pace for ${f.projected ?? f.count} on ${f.challenge}, ahead of ${rival(f)}'s ${mark(f)}.`,
    (f) => `Keep this up and ${f.athlete} takes the lead on ${f.challenge}: ${f.projected ?? f.count} projected against ${mark(f)}.`,
    (f) => `Watch ${f.athlete}: the pace on ${f.challenge} points to ${f.projected ?? f.count}, past ${rival(f)}.`,
  ],
  live_leader: [
    (f) => `${f.athlete} passes ${rival(f)}'s ${mark(f)} live on ${f.challenge}!`,
    (f) => `Past the leader! ${f.athlete} is at ${f.count} on ${f.challenge}, beyond ${mark(f)}.`,
    (f) => `${f.count} and counting: ${f.athlete} is now ahead of the board's best on ${f.challenge}.`,
    (f) => `The top mark on ${f.challenge} falls live: ${f.athlete} goes past ${rival(f)}.`,
  ],
  live_best: [
    (f) => `${f.athlete} beats their own best of ${mark(f)} live on ${f.challenge}.`,
    (f) => `A personal best in the making: ${f.athlete} is past ${mark(f)} on ${f.challenge}.`,
    (f) => `${f.count} on ${f.challenge}: ${f.athlete} has never gone this far before.`,
  ],
  live_last_minute: [
    (f) => `Last minute for ${f.athlete} on ${f.challenge}, at ${f.count} with ${left(f)} to go.`,
    (f) =>
      f.mark
        ? `${left(f)} left: ${f.athlete} stands at ${f.count} on ${f.challenge}, the mark to beat is ${f.mark}.`
        : `${left(f)} left: ${f.athlete} stands at ${f.count} on ${f.challenge}.`,
    (f) => `Into the final minute: ${f.athlete} pushes on at ${f.count} on ${f.challenge}.`,
  ],
};
