import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  battleRoyaleRules,
  closeRoyaleRound,
  closeSquadRound,
  cutRuleProblem,
  finalRanking,
  keepCount,
  squadDecimationRules,
  type CutRule,
  type FieldMember,
  type RoundAttempt,
} from '#domain/battles/index.ts';

const field = (n: number): FieldMember[] => Array.from({ length: n }, (_, i) => ({ athleteId: i + 1, enteredAt: i }));
const attempt = (athleteId: number, key: number, at = 0): RoundAttempt => ({ athleteId, sortKey: BigInt(key), submittedAt: at });

describe('battle royale round', () => {
  it('keeps the best N by their best attempt', () => {
    const out = closeRoyaleRound(field(4), [attempt(1, 50), attempt(1, 10), attempt(2, 20), attempt(3, 30), attempt(4, 40)], {
      kind: 'keep_top',
      keep: 2,
    });
    expect(out.survivors).toEqual([1, 2]);
    expect(out.eliminated).toEqual([3, 4]);
    expect(out.ranking[0]).toMatchObject({ athleteId: 1, sortKey: 10n });
  });

  it('eliminates the bottom half but never below the minimum', () => {
    const attempts = field(5).map((f) => attempt(f.athleteId, f.athleteId));
    expect(closeRoyaleRound(field(5), attempts, { kind: 'cut_percent', percent: 50, minimum: 2 }).survivors).toEqual([1, 2, 3]);
    expect(closeRoyaleRound(field(5), attempts, { kind: 'cut_percent', percent: 90, minimum: 4 }).survivors).toEqual([1, 2, 3, 4]);
  });

  it('breaks a tie at the cut line by the earlier submission', () => {
    const out = closeRoyaleRound(field(3), [attempt(1, 5, 100), attempt(2, 7, 300), attempt(3, 7, 200)], { kind: 'keep_top', keep: 2 });
    expect(out.survivors).toEqual([1, 3]);
    expect(out.eliminated).toEqual([2]);
  });

  it('ranks athletes who did not score last, earliest entry first', () => {
    const out = closeRoyaleRound(field(4), [attempt(4, 1)], { kind: 'keep_top', keep: 2 });
    expect(out.survivors).toEqual([4, 1]);
    expect(out.ranking.map((r) => r.sortKey)).toEqual([1n, null, null, null]);
  });

  it('eliminates nobody when nobody scored', () => {
    const out = closeRoyaleRound(field(6), [], { kind: 'keep_top', keep: 1 });
    expect(out.eliminated).toEqual([]);
    expect(out.survivors).toHaveLength(6);
  });

  it('ignores attempts of athletes outside the living field', () => {
    const out = closeRoyaleRound(field(2), [attempt(9, 1), attempt(2, 3), attempt(1, 4)], { kind: 'keep_top', keep: 1 });
    expect(out.survivors).toEqual([2]);
  });

  it('orders the final ranking: last survivors, then later eliminations', () => {
    const final = finalRanking([
      { athleteId: 1, round: 1, place: 3 },
      { athleteId: 2, round: null, place: 1 },
      { athleteId: 3, round: 2, place: 2 },
      { athleteId: 4, round: 1, place: 2 },
    ]);
    expect(final.map((r) => r.athleteId)).toEqual([2, 3, 4, 1]);
  });
});

const rule = fc.oneof(
  fc.record({ kind: fc.constant('keep_top' as const), keep: fc.integer({ min: 1, max: 40 }) }),
  fc.record({
    kind: fc.constant('cut_percent' as const),
    percent: fc.integer({ min: 1, max: 90 }),
    minimum: fc.integer({ min: 1, max: 40 }),
  }),
);
const roundInput = fc.integer({ min: 0, max: 30 }).chain((n) =>
  fc.tuple(
    fc.constant(field(n)),
    fc.array(
      fc.record({ athleteId: fc.integer({ min: 1, max: n + 3 }), key: fc.integer({ min: 0, max: 8 }), at: fc.integer({ min: 0, max: 5 }) }),
      {
        maxLength: 60,
      },
    ),
  ),
);
const minimumOf = (r: CutRule) => (r.kind === 'keep_top' ? r.keep : r.minimum);

describe('battle royale properties', () => {
  it('never leaves fewer survivors than the rule allows, nor eliminates anyone twice', () => {
    fc.assert(
      fc.property(roundInput, rule, ([f, raw], r) => {
        const out = closeRoyaleRound(
          f,
          raw.map((a) => attempt(a.athleteId, a.key, a.at)),
          r,
        );
        const n = f.length;
        expect(out.survivors.length + out.eliminated.length).toBe(n);
        expect(new Set([...out.survivors, ...out.eliminated]).size).toBe(n);
        if (out.eliminated.length) expect(out.survivors.length).toBeGreaterThanOrEqual(Math.min(n, minimumOf(r)));
        expect(out.survivors.length).toBe(out.ranking.some((x) => x.sortKey !== null) ? keepCount(r, n) : n);
      }),
    );
  });

  it('is deterministic whatever order the attempts arrive in', () => {
    fc.assert(
      fc.property(roundInput, rule, fc.integer(), ([f, raw], r, seed) => {
        const attempts = raw.map((a) => attempt(a.athleteId, a.key, a.at));
        const shuffled = [...attempts].sort((a, b) => ((a.athleteId * 7919 + seed) % 13) - ((b.athleteId * 7919 + seed) % 13));
        expect(closeRoyaleRound(f, shuffled, r)).toEqual(closeRoyaleRound(f, attempts, r));
      }),
    );
  });

  it('keeps a better score above a worse one (the cut is monotone)', () => {
    fc.assert(
      fc.property(roundInput, rule, ([f, raw], r) => {
        const out = closeRoyaleRound(
          f,
          raw.map((a) => attempt(a.athleteId, a.key, a.at)),
          r,
        );
        const keyOf = new Map(out.ranking.map((x) => [x.athleteId, x]));
        for (const s of out.survivors)
          for (const e of out.eliminated) {
            const a = keyOf.get(s)!;
            const b = keyOf.get(e)!;
            if (b.sortKey !== null) {
              expect(a.sortKey).not.toBeNull();
              expect(a.sortKey! < b.sortKey! || (a.sortKey === b.sortKey && a.submittedAt! <= b.submittedAt!)).toBe(true);
            }
          }
      }),
    );
  });

  it('a field only shrinks over rounds and the last survivor set is never empty', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 30 }), fc.array(rule, { minLength: 1, maxLength: 8 }), fc.integer(), (n, rules, seed) => {
        let alive = field(n);
        const gone = new Set<number>();
        for (const [i, r] of rules.entries()) {
          const attempts = alive.map((f) => attempt(f.athleteId, (f.athleteId * 31 + seed + i) % 7));
          const out = closeRoyaleRound(alive, attempts, r);
          for (const e of out.eliminated) {
            expect(gone.has(e)).toBe(false);
            gone.add(e);
          }
          expect(out.survivors.length).toBeLessThanOrEqual(alive.length);
          expect(out.survivors.length).toBeGreaterThan(0);
          alive = alive.filter((f) => out.survivors.includes(f.athleteId));
        }
      }),
    );
  });
});

describe('squad decimation round', () => {
  const squads = (sizes: number[]) =>
    sizes.flatMap((size, s) => Array.from({ length: size }, (_, i) => ({ athleteId: (s + 1) * 100 + i, squadId: s + 1, enteredAt: 0 })));

  it('eliminates the lowest-ranked living member of each squad', () => {
    const members = squads([2, 2]);
    const out = closeSquadRound(members, [attempt(100, 1), attempt(101, 4), attempt(200, 2), attempt(201, 3)], { cutPerSquad: 1 });
    expect(out.eliminated.sort()).toEqual([101, 201]);
    expect(out.tokenEarnedBy).toBe(1);
    expect(out.winner).toBeNull();
  });

  it('an immune member is passed over and the next lowest falls instead', () => {
    const out = closeSquadRound(squads([3, 2]), [attempt(100, 1), attempt(101, 2), attempt(102, 3)], {
      cutPerSquad: 1,
      immune: new Set([102]),
    });
    expect(out.eliminated).toContain(101);
    expect(out.eliminated).not.toContain(102);
    expect(out.immunityUsed).toEqual([102]);
  });

  it('an emptied squad is out and the last squad standing wins', () => {
    const out = closeSquadRound(squads([1, 2]), [attempt(100, 5), attempt(200, 1), attempt(201, 2)], { cutPerSquad: 1 });
    expect(out.squadsOut).toEqual([1]);
    expect(out.winner).toBe(2);
  });

  it('when the last members fall together, the best-ranked one stays and wins', () => {
    const out = closeSquadRound(squads([1, 1]), [attempt(100, 5), attempt(200, 1)], { cutPerSquad: 1 });
    expect(out.eliminated).toEqual([100]);
    expect(out.winner).toBe(2);
  });

  it('never eliminates more than the rule says per squad, immunity or not', () => {
    fc.assert(
      fc.property(
        fc.array(fc.integer({ min: 1, max: 5 }), { minLength: 1, maxLength: 6 }),
        fc.integer({ min: 1, max: 3 }),
        fc.array(fc.integer({ min: 0, max: 9 }), { maxLength: 40 }),
        fc.array(fc.integer({ min: 0, max: 40 }), { maxLength: 5 }),
        (sizes, cut, keys, immuneIdx) => {
          const members = squads(sizes);
          const attempts = members.map((m, i) => attempt(m.athleteId, keys[i % Math.max(1, keys.length)] ?? i));
          const immune = new Set(immuneIdx.map((i) => members[i % members.length]!.athleteId));
          const out = closeSquadRound(members, keys.length ? attempts : [], { cutPerSquad: cut, immune });
          for (const s of new Set(members.map((m) => m.squadId))) {
            const fell = out.eliminated.filter((id) => members.find((m) => m.athleteId === id)!.squadId === s);
            expect(fell.length).toBeLessThanOrEqual(cut);
          }
          for (const id of out.eliminated) expect(immune.has(id)).toBe(false);
          expect(out.standing.length).toBeGreaterThan(0);
          if (!keys.length) expect(out.eliminated).toEqual([]);
        },
      ),
    );
  });
});

describe('formats', () => {
  it('states the round rule and the tie rule in the rules text', () => {
    const text = battleRoyaleRules({ rounds: 3, cut: { kind: 'keep_top', keep: 4 }, attemptsPerRound: 2, roundHours: 24 }).join(' ');
    expect(text).toContain('3 rounds');
    expect(text).toContain('the best 4 athletes advance');
    expect(text).toContain('up to 2 attempts');
    expect(text).toContain('tie-break');
    const squad = squadDecimationRules({ rounds: 4, squadSize: 3, cutPerSquad: 1, immunity: true, tradesPerRound: 1, roundHours: 48 }).join(
      ' ',
    );
    expect(squad).toContain('exactly 3 members');
    expect(squad).toContain('immunity token');
  });

  it('refuses rules outside the bounds', () => {
    expect(cutRuleProblem({ kind: 'keep_top', keep: 0 })).toMatch(/Keep between/);
    expect(cutRuleProblem({ kind: 'cut_percent', percent: 95, minimum: 2 })).toMatch(/Eliminate between/);
    expect(cutRuleProblem({ kind: 'cut_percent', percent: 50, minimum: 2 })).toBeNull();
  });
});
