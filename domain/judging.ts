import { DIRECTION, type EncodedScore, type ScoreType } from './scoring/index.ts';

// Judging scores by video: the rules both the server and the browser apply.

/** When a challenge asks for a video with a score: never, with every score, or when the score would place in the top N. */
export const VIDEO_RULES = ['none', 'every', 'top_n'] as const;
export type VideoRule = (typeof VIDEO_RULES)[number];
export const VIDEO_TOP_N = { min: 1, max: 1000 } as const;

/** Is a video needed for a score that would place at `place` (null: not on the board)? */
export function videoRequired(rule: VideoRule, topN: number | null, place: number | null): boolean {
  if (rule === 'every') return true;
  if (rule === 'top_n') return place !== null && topN !== null && place <= topN;
  return false;
}

/** External hosts a score's video may link to instead of an upload. */
export const EXTERNAL_VIDEO_HOSTS = [
  'youtube.com',
  'www.youtube.com',
  'm.youtube.com',
  'youtu.be',
  'vimeo.com',
  'www.vimeo.com',
  'player.vimeo.com',
];
export const VIDEO_URL_MAX = 500;

/** The link, normalised, when it is an https YouTube or Vimeo address; otherwise a sentence saying what is wrong. */
export function checkExternalVideoUrl(raw: string): { ok: true; url: string } | { ok: false; detail: string } {
  const text = raw.trim();
  if (text.length === 0 || text.length > VIDEO_URL_MAX)
    return { ok: false, detail: `Paste a YouTube or Vimeo link (up to ${VIDEO_URL_MAX} characters).` };
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return { ok: false, detail: 'That is not a web address. Paste the link to your video on YouTube or Vimeo.' };
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:')
    return { ok: false, detail: 'Paste a web link (https://…) to your video on YouTube or Vimeo.' };
  if (url.username || url.password || (url.port && url.port !== '443'))
    return { ok: false, detail: 'Paste the plain link to your video on YouTube or Vimeo.' };
  if (!EXTERNAL_VIDEO_HOSTS.includes(url.hostname.toLowerCase()))
    return { ok: false, detail: `Videos can be linked from YouTube or Vimeo only, not from ${url.hostname}.` };
  url.protocol = 'https:';
  return { ok: true, url: url.toString() };
}

/** A judge's verdict. A minor penalty takes 1–30 %, a major one 31–60 %; major and invalid need a senior judge's confirmation. */
export const VERDICTS = ['valid', 'minor_penalty', 'major_penalty', 'invalid'] as const;
export type Verdict = (typeof VERDICTS)[number];
export const PENALTY_PERCENT: Record<'minor_penalty' | 'major_penalty', { min: number; max: number }> = {
  minor_penalty: { min: 1, max: 30 },
  major_penalty: { min: 31, max: 60 },
};
export const VERDICT_REASON = { min: 3, max: 500 } as const;
export const APPEAL_REASON = { min: 10, max: 1000 } as const;
export const NO_REP_MARKS_MAX = 200;
/** How long a claim keeps a submission for one judge. */
export const CLAIM_MINUTES = 30;
/** Live claims one judge may hold at once: a judge cannot take the whole queue away from the others. */
export const LIVE_CLAIMS_MAX = 5;
export const TOO_MANY_CLAIMS_TEXT = `You are already judging ${LIVE_CLAIMS_MAX} scores. Give a verdict on one (or let its claim lapse) before claiming another.`;
/** A judge's certificate lasts a season. */
export const CERTIFICATE_DAYS = 365;
export const JUDGE_LEVELS = ['judge', 'senior'] as const;
export type JudgeLevel = (typeof JUDGE_LEVELS)[number];

export const needsConfirmation = (verdict: Verdict) => verdict === 'major_penalty' || verdict === 'invalid';

/** The verdict's words for a sentence. */
export const VERDICT_LABELS: Record<Verdict, string> = {
  valid: 'Valid',
  minor_penalty: 'Minor penalty',
  major_penalty: 'Major penalty',
  invalid: 'Invalid',
};

/** Why a verdict's fields do not fit together (null when they do). */
export function verdictProblem(v: { verdict: Verdict; penalty_percent?: number | null; reason?: string | null }): string | null {
  const reason = v.reason?.trim() ?? '';
  if (v.verdict === 'minor_penalty' || v.verdict === 'major_penalty') {
    const range = PENALTY_PERCENT[v.verdict];
    const pct = v.penalty_percent;
    if (pct === undefined || pct === null || !Number.isInteger(pct) || pct < range.min || pct > range.max)
      return `A ${VERDICT_LABELS[v.verdict].toLowerCase()} is a whole percentage from ${range.min} to ${range.max}.`;
  } else if (v.penalty_percent !== undefined && v.penalty_percent !== null) {
    return `A verdict of “${VERDICT_LABELS[v.verdict]}” takes no penalty percentage.`;
  }
  if (v.verdict !== 'valid' && (reason.length < VERDICT_REASON.min || reason.length > VERDICT_REASON.max))
    return `Say why (${VERDICT_REASON.min} to ${VERDICT_REASON.max} characters): the athlete reads it.`;
  return null;
}

/**
 * The score after a penalty of `percent` %: a finished time takes that much longer (rounded
 * up to the millisecond); every other result (reps, load, a capped athlete's reps…) shrinks
 * by it (rounded down). A penalty never makes a result better.
 */
export function penalizedValue(scoreType: ScoreType, score: Pick<EncodedScore, 'status' | 'value'>, percent: number): number {
  if (percent <= 0) return score.value;
  const higherIsBetter = score.status === 'capped' || DIRECTION[scoreType] === 'higher_is_better';
  return higherIsBetter ? Math.floor((score.value * (100 - percent)) / 100) : Math.ceil((score.value * (100 + percent)) / 100);
}

/** The percentage a verdict takes off (0 for valid or invalid). */
export const penaltyOf = (verdict: Verdict, percent: number | null | undefined) =>
  verdict === 'minor_penalty' || verdict === 'major_penalty' ? (percent ?? 0) : 0;

/** A judge's certificate in force at `now`. */
export interface Certificate {
  level: JudgeLevel;
  grantedAt: Date;
  expiresAt: Date;
  revokedAt?: Date | null;
}

export const certificateExpiry = (grantedAt: Date) => new Date(grantedAt.getTime() + CERTIFICATE_DAYS * 86_400_000);

export function certificateInForce(c: Certificate | null | undefined, now: Date): boolean {
  return !!c && !c.revokedAt && c.grantedAt.getTime() <= now.getTime() && now.getTime() < c.expiresAt.getTime();
}

/**
 * The states of a score's video check.
 * waiting: in the queue · confirming: a major penalty or invalid waits for a senior judge ·
 * judged: final (until an appeal) · appealed: back in the queue for a different judge.
 */
export const CHECK_STATES = ['waiting', 'confirming', 'judged', 'appealed'] as const;
export type CheckState = (typeof CHECK_STATES)[number];

/**
 * A score's video check as answers name it (`video_check`), from its row's state: judged, or unverified, which says
 * why when the video it was submitted with was still processing (`processing`: waiting for its video) or could not
 * be processed (`no_video`). Those two states are before and outside judging's queue (CHECK_STATES).
 */
export type VideoCheck = 'unverified' | 'judged' | 'waiting_for_video' | 'no_video';
export function videoCheckOf(state: string): VideoCheck {
  if (state === 'judged') return 'judged';
  if (state === 'processing') return 'waiting_for_video';
  if (state === 'no_video') return 'no_video';
  return 'unverified';
}

/** A check the board shows as "Unverified": not judged yet (or judged and appealed). */
export const isUnverified = (state: CheckState) => state !== 'judged';

export type JudgingEvent = { type: 'verdict'; verdict: Verdict } | { type: 'confirm'; agree: boolean } | { type: 'appeal' };

/** The next state, or a sentence saying why the step is not possible now. */
export function nextCheckState(
  state: CheckState,
  event: JudgingEvent,
  opts: { appealed?: boolean } = {},
): CheckState | { refused: string } {
  switch (event.type) {
    case 'verdict':
      if (state === 'judged') return { refused: 'This score has already been judged.' };
      if (state === 'confirming') return { refused: 'This verdict is waiting for a senior judge to confirm it.' };
      return needsConfirmation(event.verdict) ? 'confirming' : 'judged';
    case 'confirm':
      if (state !== 'confirming') return { refused: 'There is no verdict waiting for confirmation on this score.' };
      return event.agree ? 'judged' : opts.appealed ? 'appealed' : 'waiting';
    case 'appeal':
      if (state !== 'judged') return { refused: 'Only a judged score can be appealed.' };
      if (opts.appealed) return { refused: 'This score has already been appealed once.' };
      return 'appealed';
  }
}

/** Who may give a verdict on a score, or why not. */
export function judgeRefusal(
  judge: { id: number; certificate: Certificate | null },
  score: { athleteId: number; earlierJudges: number[]; appealed: boolean },
  now: Date,
  opts: { senior?: boolean } = {},
): { status: 403; detail: string } | null {
  if (!certificateInForce(judge.certificate, now))
    return { status: 403, detail: 'Only judges with a certificate in force can judge scores.' };
  if (opts.senior && judge.certificate!.level !== 'senior')
    return { status: 403, detail: 'A major penalty or an invalid verdict is confirmed by a senior judge.' };
  if (judge.id === score.athleteId) return { status: 403, detail: 'You cannot judge your own score.' };
  if ((score.appealed || opts.senior) && score.earlierJudges.includes(judge.id))
    return {
      status: 403,
      detail: opts.senior
        ? 'A second judge confirms this verdict, not the one who gave it.'
        : 'An appeal goes to a judge who has not judged this score.',
    };
  return null;
}

// The judging test (/video-judging-test-page): a candidate counts reps and marks no-reps on reference clips.

/** How far a candidate's count may be from the reference count, in reps. */
export const TEST_REP_TOLERANCE = 1;
/** How close a candidate's no-rep mark must be to a reference mark, in ms. */
export const TEST_MARK_TOLERANCE_MS = 1500;
/** Marks with no reference mark near them that a passing answer may have. */
export const TEST_EXTRA_MARKS = 1;

export interface ClipAnswer {
  reps: number;
  marks: number[];
}

export interface ClipGrade {
  passed: boolean;
  repsOff: number;
  missedMarks: number;
  extraMarks: number;
}

/** Grades one clip: each reference no-rep must have a candidate mark within the tolerance (each mark used once). */
export function gradeClip(reference: ClipAnswer, answer: ClipAnswer): ClipGrade {
  const unused = [...answer.marks].sort((a, b) => a - b);
  let missed = 0;
  for (const at of [...reference.marks].sort((a, b) => a - b)) {
    let best = -1;
    for (let i = 0; i < unused.length; i++) {
      const d = Math.abs(unused[i]! - at);
      if (d <= TEST_MARK_TOLERANCE_MS && (best < 0 || d < Math.abs(unused[best]! - at))) best = i;
    }
    if (best < 0) missed++;
    else unused.splice(best, 1);
  }
  const repsOff = Math.abs(answer.reps - reference.reps);
  return {
    passed: repsOff <= TEST_REP_TOLERANCE && missed === 0 && unused.length <= TEST_EXTRA_MARKS,
    repsOff,
    missedMarks: missed,
    extraMarks: unused.length,
  };
}

/**
 * What a candidate hears about one clip: passed or not and, when not, which part needs
 * another look, in words a judges' course would use. Never how far off the count was nor
 * where the no-reps are: those numbers would give the reference answers away.
 */
export interface ClipFeedback {
  passed: boolean;
  /** The count was within the tolerance. */
  count_right: boolean;
  /** At least one no-rep was not marked near where it happens. */
  missed_no_reps: boolean;
  /** More marks where the reference has no no-rep than a passing answer may have. */
  extra_no_reps: boolean;
}

export const clipFeedback = (g: ClipGrade): ClipFeedback => ({
  passed: g.passed,
  count_right: g.repsOff <= TEST_REP_TOLERANCE,
  missed_no_reps: g.missedMarks > 0,
  extra_no_reps: g.extraMarks > TEST_EXTRA_MARKS,
});

/** Clips one attempt draws at random from the pool of reference clips (all of them when the pool is smaller). */
export const TEST_CLIPS_PER_ATTEMPT = 5;
/** Attempts a candidate may send within a rolling window of TEST_ATTEMPT_WINDOW_DAYS. */
export const TEST_ATTEMPTS_MAX = 3;
export const TEST_ATTEMPT_WINDOW_DAYS = 30;
/** The wait after a failed attempt before the next one. */
export const TEST_COOLDOWN_HOURS = 24;

/** `count` items of `pool` in a random order, drawn without repeats (`random` returns [0, 1), as Math.random). */
export function drawClips<T>(pool: readonly T[], count: number, random: () => number): T[] {
  const left = [...pool];
  const drawn: T[] = [];
  while (drawn.length < count && left.length > 0) {
    const i = Math.min(left.length - 1, Math.floor(random() * left.length));
    drawn.push(left.splice(i, 1)[0]!);
  }
  return drawn;
}

/**
 * When the candidate may send the next attempt, given the attempts graded so far (null: now).
 * At most TEST_ATTEMPTS_MAX in any TEST_ATTEMPT_WINDOW_DAYS, and TEST_COOLDOWN_HOURS after a failed one.
 */
export function nextTestAttemptAt(graded: readonly { gradedAt: Date; passed: boolean }[], now: Date): Date | null {
  const windowMs = TEST_ATTEMPT_WINDOW_DAYS * 86_400_000;
  const recent = graded
    .filter((a) => a.gradedAt.getTime() > now.getTime() - windowMs)
    .sort((a, b) => b.gradedAt.getTime() - a.gradedAt.getTime());
  let at = 0;
  if (recent.length >= TEST_ATTEMPTS_MAX) at = recent[TEST_ATTEMPTS_MAX - 1]!.gradedAt.getTime() + windowMs;
  const last = recent[0];
  if (last && !last.passed) at = Math.max(at, last.gradedAt.getTime() + TEST_COOLDOWN_HOURS * 3_600_000);
  return at > now.getTime() ? new Date(at) : null;
}

/** Attempts left in the rolling window at `now` (the wait after a failed one aside). */
export function testAttemptsLeft(graded: readonly { gradedAt: Date }[], now: Date): number {
  const since = now.getTime() - TEST_ATTEMPT_WINDOW_DAYS * 86_400_000;
  return Math.max(0, TEST_ATTEMPTS_MAX - graded.filter((a) => a.gradedAt.getTime() > since).length);
}

/** The sentence of a refused attempt: when the candidate can try again (UTC, to the minute). */
export function testAttemptWait(at: Date): string {
  const iso = new Date(Math.ceil(at.getTime() / 60_000) * 60_000).toISOString();
  const when = `${iso.slice(0, 10)} at ${iso.slice(11, 16)} UTC`;
  return `You can take the judging test again from ${when}: it allows ${TEST_ATTEMPTS_MAX} attempts in ${TEST_ATTEMPT_WINDOW_DAYS} days and a wait of ${TEST_COOLDOWN_HOURS} hours after a failed one.`;
}
