import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  advancers,
  ordinal,
  projectTournament,
  stageEnd,
  stageMinimumField,
  tournamentProblem,
  type StagePlace,
  type StageSpec,
} from '#domain/battles/index.ts';

const HOUR = 3_600_000;
const T0 = Date.parse('2026-12-10T10:00:00Z');

const twoStages = (over: Partial<StageSpec>[] = []): StageSpec[] => {
  const qualifier: StageSpec = {
    name: 'Qualifier',
    startsAt: T0,
    roundHours: 24,
    cuts: [{ kind: 'cut_percent', percent: 50, minimum: 4 }],
    advance: 4,
    ...over[0],
  };
  const final: StageSpec = {
    name: 'Final',
    startsAt: stageEnd(qualifier),
    roundHours: 24,
    cuts: [
      { kind: 'keep_top', keep: 2 },
      { kind: 'keep_top', keep: 1 },
    ],
    advance: null,
    ...over[1],
  };
  return [qualifier, final];
};

/** A ranking of n athletes with distinct ids, places 1…n, in a shuffled order. */
const ranking = fc.uniqueArray(fc.integer({ min: 1, max: 10_000 }), { minLength: 0, maxLength: 60 }).chain((ids) =>
  fc.shuffledSubarray(
    ids.map((athleteId, i) => ({ athleteId, place: i + 1 })),
    { minLength: ids.length, maxLength: ids.length },
  ),
);

describe('tournament validation', () => {
  it('accepts stages in date order whose advancing count fills the next stage', () => {
    expect(tournamentProblem(twoStages())).toBeNull();
  });

  it('refuses a stage that opens before the previous one ends', () => {
    const stages = twoStages([{}, { startsAt: T0 + HOUR }]);
    expect(tournamentProblem(stages)).toMatchObject({ stage: 1, message: expect.stringMatching(/date order/) });
  });

  it('refuses advancing fewer than the next stage is written for, and advancing from the final', () => {
    expect(tournamentProblem(twoStages([{ advance: 1 }]))).toMatchObject({ stage: 0, message: expect.stringMatching(/at least 2/) });
    expect(tournamentProblem(twoStages([{}, { advance: 3 }]))).toMatchObject({ stage: 1, message: expect.stringMatching(/final/) });
    expect(tournamentProblem(twoStages().slice(0, 1))?.message).toMatch(/2 to 5 stages/);
  });

  it('refuses a round rule outside the catalogue bounds', () => {
    expect(tournamentProblem(twoStages([{ cuts: [{ kind: 'cut_percent', percent: 95, minimum: 1 }] }]))?.message).toMatch(
      /Stage 1, round 1/,
    );
  });

  it('any generated well-formed tournament passes; moving a later stage before its predecessor ends never does', () => {
    fc.assert(
      fc.property(
        fc.array(
          fc.record({
            hours: fc.integer({ min: 1, max: 72 }),
            rounds: fc.integer({ min: 1, max: 4 }),
            keep: fc.integer({ min: 1, max: 16 }),
            gap: fc.integer({ min: 0, max: 48 }),
          }),
          { minLength: 2, maxLength: 5 },
        ),
        fc.integer({ min: 1, max: 200 }),
        (shape, early) => {
          let at = T0;
          const stages: StageSpec[] = shape.map((s) => {
            const stage: StageSpec = {
              name: 'Stage',
              startsAt: at,
              roundHours: s.hours,
              cuts: Array.from({ length: s.rounds }, () => ({ kind: 'keep_top', keep: s.keep })),
              advance: 0,
            };
            at = stageEnd(stage) + s.gap * HOUR;
            return stage;
          });
          stages.forEach((s, i) => (s.advance = i + 1 < stages.length ? stageMinimumField(stages[i + 1]!) : null));
          expect(tournamentProblem(stages)).toBeNull();
          const moved = stages.map((s) => ({ ...s }));
          moved[1]!.startsAt = stageEnd(moved[0]!) - Math.min(early, moved[0]!.roundHours) * HOUR;
          expect(tournamentProblem(moved)?.stage).toBe(1);
        },
      ),
    );
  });
});

describe('advancement', () => {
  it('takes the top K by final place, seeded in that order', () => {
    const places: StagePlace[] = [
      { athleteId: 9, place: 3 },
      { athleteId: 4, place: 1 },
      { athleteId: 7, place: 2 },
    ];
    expect(advancers(places, 2)).toEqual([
      { athleteId: 4, seed: 1, fromPlace: 1 },
      { athleteId: 7, seed: 2, fromPlace: 2 },
    ]);
  });

  it('exactly min(K, finishers) advance', () => {
    fc.assert(
      fc.property(ranking, fc.integer({ min: 0, max: 80 }), (r, k) => {
        expect(advancers(r, k)).toHaveLength(Math.min(k, r.length));
      }),
    );
  });

  it('seeding follows the previous stage final ranking: seed n is the n-th best place, and nobody below an advancer is left out', () => {
    fc.assert(
      fc.property(ranking, fc.integer({ min: 1, max: 80 }), (r, k) => {
        const out = advancers(r, k);
        out.forEach((a, i) => expect(a.seed).toBe(i + 1));
        for (let i = 1; i < out.length; i++) expect(out[i]!.fromPlace).toBeGreaterThan(out[i - 1]!.fromPlace);
        const worst = out.at(-1)?.fromPlace ?? 0;
        const chosen = new Set(out.map((a) => a.athleteId));
        for (const p of r) if (p.place <= worst) expect(chosen.has(p.athleteId)).toBe(true);
      }),
    );
  });

  it('is deterministic: the same ranking in any order advances the same athletes with the same seeds', () => {
    fc.assert(
      fc.property(ranking, fc.integer({ min: 0, max: 80 }), (r, k) => {
        expect(advancers([...r].reverse(), k)).toEqual(advancers(r, k));
      }),
    );
  });
});

describe('preview', () => {
  it('projects each stage: dates, the field round by round, and the next stage seeds', () => {
    const [q, f] = projectTournament(twoStages(), 10);
    expect(q).toMatchObject({ stageNo: 1, field: 10, advancing: 4, startsAt: T0, endsAt: T0 + 24 * HOUR });
    expect(q!.rounds).toEqual([{ roundNo: 1, field: 10, keep: 5, ruleText: expect.stringMatching(/bottom 50%/) }]);
    expect(q!.seeds).toEqual([1, 2, 3, 4].map((n) => ({ seed: n, fromPlace: n })));
    expect(f).toMatchObject({ stageNo: 2, field: 4, advancing: null, seeds: [] });
    expect(f!.rounds.map((r) => [r.field, r.keep])).toEqual([
      [4, 2],
      [2, 1],
    ]);
  });

  it('never projects more advancing than entered', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 500 }), (n) => {
        const [q, f] = projectTournament(twoStages(), n);
        expect(q!.advancing).toBe(Math.min(4, n));
        expect(f!.field).toBe(q!.advancing);
      }),
    );
  });

  it('names places in words', () => {
    expect([1, 2, 3, 4, 11, 12, 13, 21, 22].map(ordinal)).toEqual(['1st', '2nd', '3rd', '4th', '11th', '12th', '13th', '21st', '22nd']);
  });
});
