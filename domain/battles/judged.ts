import type { Verdict } from '../judging.ts';

/**
 * Judged-video battles: every attempt names the athlete's own uploaded video and waits for a judge. An attempt's
 * judging state is null in other battles; in a judged one it is waiting, then verified (it counts, with the judge's
 * penalty if any) or rejected (it never counts). A round's close counts only what has been verified by then, and
 * the attempts of the round still waiting become expired (they never count; no verdict reaches them any more).
 */
export const ATTEMPT_JUDGING = ['waiting', 'verified', 'rejected', 'expired'] as const;
export type AttemptJudging = (typeof ATTEMPT_JUDGING)[number];

/** Whether an attempt in this judging state counts towards its round (the board and the close). */
export const attemptCounts = (judging: AttemptJudging | null): boolean => judging === null || judging === 'verified';

/** The state a judge's verdict puts an attempt in: invalid rejects it, every other verdict verifies it. */
export const attemptVerdictState = (verdict: Verdict): 'verified' | 'rejected' => (verdict === 'invalid' ? 'rejected' : 'verified');

/** The attempts that count, in their order (what the engine is given at a round's close). */
export const countingAttempts = <A extends { judging: AttemptJudging | null }>(attempts: A[]): A[] =>
  attempts.filter((a) => attemptCounts(a.judging));

/** The athlete's words for an attempt's state (the attempts list). */
export const ATTEMPT_JUDGING_LABELS: Record<AttemptJudging, string> = {
  waiting: 'Waiting for a verdict',
  verified: 'Verified',
  rejected: 'Rejected',
  expired: 'Not judged before the round closed',
};

/** The rules of a judged-video battle, as the rules pages state them. */
export const JUDGED_VIDEO_RULES: readonly string[] = [
  'Attempts need a judged video: every attempt names a video of it that you uploaded and that has finished processing; an attempt without one is refused.',
  'An attempt counts only once a certified judge has verified it, as submitted or with the penalty the judge gives (a penalty makes the score worse, never better). A rejected attempt does not count.',
  'An attempt still waiting for a verdict when its round closes does not count: the round closes on time and its cut uses verified attempts alone, so submit early enough for a judge to watch it. A later verdict does not change a closed round.',
];
