import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  ATTEMPT_JUDGING,
  attemptCounts,
  attemptVerdictState,
  battleRoyaleRules,
  closeRoyaleRound,
  countingAttempts,
  squadDecimationRules,
  type AttemptJudging,
} from '#domain/battles/index.ts';

describe('judged-video battles (domain/battles/judged.ts)', () => {
  it('counts attempts not judged or verified, never waiting, rejected or expired ones', () => {
    expect(ATTEMPT_JUDGING.filter((j) => attemptCounts(j))).toEqual(['verified']);
    expect(attemptCounts(null)).toBe(true);
    expect(attemptVerdictState('valid')).toBe('verified');
    expect(attemptVerdictState('minor_penalty')).toBe('verified');
    expect(attemptVerdictState('major_penalty')).toBe('verified');
    expect(attemptVerdictState('invalid')).toBe('rejected');
  });

  it('a round closed on the counting attempts never ranks an athlete by an attempt that did not count', () => {
    const judging = fc.constantFrom<AttemptJudging | null>(null, ...ATTEMPT_JUDGING);
    fc.assert(
      fc.property(
        fc.array(fc.record({ athleteId: fc.integer({ min: 1, max: 12 }), key: fc.integer({ min: 1, max: 1000 }), judging }), {
          maxLength: 30,
        }),
        (raw) => {
          const field = [...new Set(raw.map((a) => a.athleteId))].map((athleteId) => ({ athleteId, enteredAt: athleteId }));
          const attempts = countingAttempts(raw).map((a, i) => ({ athleteId: a.athleteId, sortKey: BigInt(a.key), submittedAt: i }));
          const outcome = closeRoyaleRound(field, attempts, { kind: 'keep_top', keep: 3 });
          const scored = new Set(attempts.map((a) => a.athleteId));
          // Whoever has only waiting, rejected or expired attempts ranks below everyone with a counting one.
          const places = outcome.ranking.map((r) => scored.has(r.athleteId));
          expect(places).toEqual([...places].sort((a, b) => Number(b) - Number(a)));
        },
      ),
    );
  });

  it('the rules text says it, for both formats, only when the battle judges videos', () => {
    const royale = { rounds: 3, cut: { kind: 'keep_top' as const, keep: 4 }, attemptsPerRound: 2, roundHours: 24 };
    expect(battleRoyaleRules(royale).join(' ')).not.toMatch(/judged video/);
    const judged = battleRoyaleRules({ ...royale, judgedVideo: true }).join(' ');
    expect(judged).toMatch(/only your best verified attempt counts/);
    expect(judged).toMatch(/still waiting for a verdict when its round closes does not count/);
    const squad = { rounds: 4, squadSize: 3, cutPerSquad: 1, immunity: false, tradesPerRound: 0, roundHours: 48 };
    expect(squadDecimationRules(squad).join(' ')).not.toMatch(/judged video/);
    expect(squadDecimationRules({ ...squad, judgedVideo: true }).join(' ')).toMatch(/need a judged video/);
  });
});
