import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  certificateExpiry,
  certificateInForce,
  CHECK_STATES,
  checkExternalVideoUrl,
  judgeRefusal,
  nextCheckState,
  penalizedValue,
  PENALTY_PERCENT,
  VERDICTS,
  verdictProblem,
  videoRequired,
  clipFeedback,
  drawClips,
  gradeClip,
  nextTestAttemptAt,
  TEST_ATTEMPT_WINDOW_DAYS,
  TEST_ATTEMPTS_MAX,
  TEST_COOLDOWN_HOURS,
  TEST_MARK_TOLERANCE_MS,
  testAttemptsLeft,
  type CheckState,
} from '#domain/judging.ts';
import { sortKey, type ScoreType } from '#domain/scoring/index.ts';

const SCORE_TYPES: ScoreType[] = ['time', 'reps', 'load', 'rounds_reps', 'distance', 'calories', 'points'];
const DAY = 86_400_000;

describe('penalty arithmetic', () => {
  it('makes a finished time 10% longer and 100 reps 90', () => {
    expect(penalizedValue('time', { status: 'finished', value: 300_000 }, 10)).toBe(330_000);
    expect(penalizedValue('reps', { status: 'finished', value: 100 }, 10)).toBe(90);
    expect(penalizedValue('time', { status: 'capped', value: 80 }, 10)).toBe(72);
    expect(penalizedValue('reps', { status: 'finished', value: 7 }, 30)).toBe(4);
  });

  it('never makes a result better, and a bigger penalty is never kinder (property)', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...SCORE_TYPES),
        fc.constantFrom<'finished' | 'capped'>('finished', 'capped'),
        fc.integer({ min: 0, max: 10_000_000 }),
        fc.integer({ min: 1, max: 60 }),
        fc.integer({ min: 1, max: 60 }),
        (type, status, value, a, b) => {
          const st = type === 'time' ? status : 'finished';
          const rules = {
            scoreType: type,
            timeCapMs: type === 'time' ? 3_600_000 : null,
            repsPerRound: type === 'rounds_reps' ? 10 : null,
            hasTiebreak: false,
          };
          const key = (v: number) => sortKey(rules, { status: st, value: v, tiebreakMs: null }, 'rx');
          const [small, big] = a <= b ? [a, b] : [b, a];
          const once = penalizedValue(type, { status: st, value }, small);
          const more = penalizedValue(type, { status: st, value }, big);
          expect(Number.isInteger(once)).toBe(true);
          expect(once).toBeGreaterThanOrEqual(0);
          expect(key(once) >= key(value)).toBe(true);
          expect(key(more) >= key(once)).toBe(true);
        },
      ),
    );
  });
});

describe('verdicts', () => {
  it('takes a percentage only with a penalty, within its range, and a reason with anything but valid', () => {
    expect(verdictProblem({ verdict: 'valid' })).toBeNull();
    expect(verdictProblem({ verdict: 'valid', penalty_percent: 5 })).toMatch(/no penalty/);
    expect(verdictProblem({ verdict: 'minor_penalty', penalty_percent: 10, reason: 'Short reps' })).toBeNull();
    expect(verdictProblem({ verdict: 'minor_penalty', penalty_percent: 31, reason: 'Short reps' })).toMatch(/1 to 30/);
    expect(verdictProblem({ verdict: 'major_penalty', penalty_percent: 20, reason: 'Short reps' })).toMatch(/31 to 60/);
    expect(verdictProblem({ verdict: 'invalid', reason: ' ' })).toMatch(/Say why/);
  });

  it('accepts exactly the whole percentages of each penalty’s range (property)', () => {
    fc.assert(
      fc.property(fc.constantFrom('minor_penalty', 'major_penalty' as const), fc.integer({ min: -5, max: 80 }), (verdict, pct) => {
        const r = PENALTY_PERCENT[verdict];
        expect(verdictProblem({ verdict, penalty_percent: pct, reason: 'No lockout' }) === null).toBe(pct >= r.min && pct <= r.max);
      }),
    );
  });

  it('moves through the states: a verdict, a senior’s confirmation, one appeal', () => {
    expect(nextCheckState('waiting', { type: 'verdict', verdict: 'valid' })).toBe('judged');
    expect(nextCheckState('waiting', { type: 'verdict', verdict: 'minor_penalty' })).toBe('judged');
    expect(nextCheckState('waiting', { type: 'verdict', verdict: 'major_penalty' })).toBe('confirming');
    expect(nextCheckState('confirming', { type: 'confirm', agree: true })).toBe('judged');
    expect(nextCheckState('confirming', { type: 'confirm', agree: false })).toBe('waiting');
    expect(nextCheckState('confirming', { type: 'confirm', agree: false }, { appealed: true })).toBe('appealed');
    expect(nextCheckState('judged', { type: 'appeal' })).toBe('appealed');
    expect(nextCheckState('judged', { type: 'appeal' }, { appealed: true })).toEqual({ refused: expect.stringMatching(/once/) });
    expect(nextCheckState('judged', { type: 'verdict', verdict: 'valid' })).toEqual({
      refused: expect.stringMatching(/already been judged/),
    });
  });

  it('reaches "judged" from any state in at most two steps, and never leaves it but by the one appeal (property)', () => {
    const event = fc.oneof(
      fc.record({ type: fc.constant('verdict' as const), verdict: fc.constantFrom(...VERDICTS) }),
      fc.record({ type: fc.constant('confirm' as const), agree: fc.boolean() }),
      fc.constant({ type: 'appeal' as const }),
    );
    fc.assert(
      fc.property(fc.array(event, { maxLength: 30 }), (events) => {
        let state: CheckState = 'waiting';
        let appeals = 0;
        for (const e of events) {
          const next = nextCheckState(state, e, { appealed: appeals > 0 });
          if (typeof next !== 'string') continue;
          expect(CHECK_STATES).toContain(next);
          if (state === 'judged') {
            expect(e.type).toBe('appeal');
            appeals++;
          }
          state = next;
        }
        expect(appeals).toBeLessThanOrEqual(1);
      }),
    );
  });
});

describe('who may judge', () => {
  const now = new Date('2026-11-26T12:00:00Z');
  const cert = (level: 'judge' | 'senior', daysAgo = 10) => {
    const grantedAt = new Date(now.getTime() - daysAgo * DAY);
    return { level, grantedAt, expiresAt: certificateExpiry(grantedAt) };
  };

  it('a certificate lasts a season of 365 days', () => {
    expect(certificateInForce(cert('judge', 364), now)).toBe(true);
    expect(certificateInForce(cert('judge', 365), now)).toBe(false);
    expect(certificateInForce({ ...cert('judge'), revokedAt: now }, now)).toBe(false);
    expect(certificateInForce(null, now)).toBe(false);
  });

  it('refuses the uncertified, one’s own score, a repeat judge on appeal, and a junior or the same judge confirming', () => {
    const score = { athleteId: 1, earlierJudges: [7], appealed: false };
    expect(judgeRefusal({ id: 2, certificate: null }, score, now)?.detail).toMatch(/certificate/);
    expect(judgeRefusal({ id: 1, certificate: cert('judge') }, score, now)?.detail).toMatch(/own score/);
    expect(judgeRefusal({ id: 2, certificate: cert('judge') }, score, now)).toBeNull();
    expect(judgeRefusal({ id: 7, certificate: cert('judge') }, { ...score, appealed: true }, now)?.detail).toMatch(/appeal/);
    expect(judgeRefusal({ id: 2, certificate: cert('judge') }, score, now, { senior: true })?.detail).toMatch(/senior/);
    expect(judgeRefusal({ id: 7, certificate: cert('senior') }, score, now, { senior: true })?.detail).toMatch(/not the one/);
    expect(judgeRefusal({ id: 8, certificate: cert('senior') }, score, now, { senior: true })).toBeNull();
  });
});

describe('video rules and links', () => {
  it('needs a video for every score, or for a place within the top N', () => {
    expect(videoRequired('none', null, 1)).toBe(false);
    expect(videoRequired('every', null, null)).toBe(true);
    expect(videoRequired('top_n', 3, 3)).toBe(true);
    expect(videoRequired('top_n', 3, 4)).toBe(false);
    expect(videoRequired('top_n', 3, null)).toBe(false);
  });

  it('takes YouTube and Vimeo links only', () => {
    expect(checkExternalVideoUrl('https://www.youtube.com/watch?v=abc')).toEqual({ ok: true, url: 'https://www.youtube.com/watch?v=abc' });
    expect(checkExternalVideoUrl('http://youtu.be/abc')).toEqual({ ok: true, url: 'https://youtu.be/abc' });
    expect(checkExternalVideoUrl('https://vimeo.com/123')).toMatchObject({ ok: true });
    expect(checkExternalVideoUrl('https://youtube.com.evil.test/x')).toMatchObject({
      ok: false,
      detail: expect.stringMatching(/YouTube or Vimeo only/),
    });
    expect(checkExternalVideoUrl('javascript:alert(1)')).toMatchObject({ ok: false });
    expect(checkExternalVideoUrl('https://user:pw@vimeo.com/1')).toMatchObject({ ok: false });
    expect(checkExternalVideoUrl('not a link')).toMatchObject({ ok: false, detail: expect.stringMatching(/not a web address/) });
  });
});

describe('the judging test', () => {
  it('passes a count within one rep with every no-rep marked within 1.5 s', () => {
    expect(gradeClip({ reps: 20, marks: [3000, 9000] }, { reps: 19, marks: [9400, 2000] })).toMatchObject({ passed: true });
    expect(gradeClip({ reps: 20, marks: [3000] }, { reps: 18, marks: [3000] })).toMatchObject({ passed: false, repsOff: 2 });
    expect(gradeClip({ reps: 20, marks: [3000] }, { reps: 20, marks: [5000] })).toMatchObject({
      passed: false,
      missedMarks: 1,
      extraMarks: 1,
    });
    // One mark cannot stand for two no-reps.
    expect(gradeClip({ reps: 20, marks: [3000, 3500] }, { reps: 20, marks: [3200] })).toMatchObject({ passed: false, missedMarks: 1 });
    expect(gradeClip({ reps: 5, marks: [] }, { reps: 5, marks: [1, 2] })).toMatchObject({ passed: false, extraMarks: 2 });
  });

  it('passes the reference itself, and any answer whose marks are each moved by less than the tolerance (property)', () => {
    fc.assert(
      fc.property(
        fc.uniqueArray(fc.integer({ min: 0, max: 600 }), { maxLength: 12 }).map((xs) => xs.map((x) => x * 4 * TEST_MARK_TOLERANCE_MS)),
        fc.integer({ min: 0, max: 500 }),
        fc.array(fc.integer({ min: -TEST_MARK_TOLERANCE_MS, max: TEST_MARK_TOLERANCE_MS }), { minLength: 12, maxLength: 12 }),
        fc.integer({ min: -1, max: 1 }),
        (marks, reps, shifts, off) => {
          expect(gradeClip({ reps, marks }, { reps, marks }).passed).toBe(true);
          const moved = marks.map((m, i) => Math.max(0, m + shifts[i]!));
          expect(gradeClip({ reps, marks }, { reps: Math.max(0, reps + off), marks: moved }).passed).toBe(true);
        },
      ),
    );
  });
});

describe('the judging test’s attempts', () => {
  it('tells what needs another look in yes or no, never by how much', () => {
    const told = clipFeedback(gradeClip({ reps: 20, marks: [3000, 9000] }, { reps: 14, marks: [3000, 40_000, 50_000] }));
    expect(told).toEqual({ passed: false, count_right: false, missed_no_reps: true, extra_no_reps: true });
    expect(clipFeedback(gradeClip({ reps: 20, marks: [] }, { reps: 21, marks: [5000] }))).toEqual({
      passed: true,
      count_right: true,
      missed_no_reps: false,
      extra_no_reps: false,
    });
  });

  it('draws distinct clips of the pool, as many as asked or the whole pool (property, seeded)', () => {
    fc.assert(
      fc.property(
        fc.uniqueArray(fc.nat(), { maxLength: 30 }),
        fc.nat({ max: 10 }),
        fc.infiniteStream(fc.double({ min: 0, max: 1, maxExcluded: true, noNaN: true })),
        (pool, n, stream) => {
          const random = () => stream.next().value as number;
          const drawn = drawClips(pool, n, random);
          expect(drawn).toHaveLength(Math.min(n, pool.length));
          expect(new Set(drawn).size).toBe(drawn.length);
          for (const x of drawn) expect(pool).toContain(x);
        },
      ),
    );
  });

  it('reaches every clip of the pool over draws: sweeping attempts does not converge on one set', () => {
    let seed = 7;
    const random = () => (seed = (seed * 16_807) % 2_147_483_647) / 2_147_483_647;
    const pool = Array.from({ length: 12 }, (_, i) => i);
    const sets = new Set<string>();
    const seen = new Set<number>();
    for (let i = 0; i < 50; i++) {
      const drawn = drawClips(pool, 5, random);
      sets.add([...drawn].sort((x, y) => x - y).join());
      drawn.forEach((x) => seen.add(x));
    }
    expect(seen.size).toBe(12);
    expect(sets.size).toBeGreaterThan(40);
  });

  it('allows a few attempts in the window, with a wait after a failed one', () => {
    const now = new Date('2026-12-01T12:00:00Z');
    const ago = (h: number, passed = false) => ({ gradedAt: new Date(now.getTime() - h * 3_600_000), passed });
    expect(nextTestAttemptAt([], now)).toBeNull();
    expect(nextTestAttemptAt([ago(1)], now)).toEqual(new Date(now.getTime() + (TEST_COOLDOWN_HOURS - 1) * 3_600_000));
    expect(nextTestAttemptAt([ago(TEST_COOLDOWN_HOURS + 1)], now)).toBeNull();
    const full = Array.from({ length: TEST_ATTEMPTS_MAX }, (_, i) => ago(TEST_COOLDOWN_HOURS + 1 + 24 * i));
    const oldest = full[full.length - 1]!.gradedAt.getTime();
    expect(nextTestAttemptAt(full, now)).toEqual(new Date(oldest + TEST_ATTEMPT_WINDOW_DAYS * DAY));
    expect(testAttemptsLeft(full, now)).toBe(0);
    // Attempts older than the window no longer count.
    expect(nextTestAttemptAt([ago(TEST_ATTEMPT_WINDOW_DAYS * 24 + 1), ...full.slice(1)], now)).toBeNull();
    expect(testAttemptsLeft([ago(1)], now)).toBe(TEST_ATTEMPTS_MAX - 1);
  });
});
