import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  closeSquadRound,
  roundRuleText,
  squadDecimationRules,
  squadFinalOrder,
  squadParamsProblem,
  type RoundAttempt,
  type SquadMember,
} from '#domain/battles/index.ts';

const attempt = (athleteId: number, key: number, at = 0): RoundAttempt => ({ athleteId, sortKey: BigInt(key), submittedAt: at });
const squads = (sizes: number[]): SquadMember[] =>
  sizes.flatMap((size, s) => Array.from({ length: size }, (_, i) => ({ athleteId: (s + 1) * 100 + i, squadId: s + 1, enteredAt: i })));

/** Squads of the given living sizes, some members scored (keys from a small range, so ties happen), a cut per squad. */
const roundCase = fc
  .record({
    sizes: fc.array(fc.integer({ min: 1, max: 5 }), { minLength: 1, maxLength: 6 }),
    cut: fc.integer({ min: 1, max: 4 }),
    scores: fc.array(fc.option(fc.record({ key: fc.integer({ min: 0, max: 6 }), at: fc.integer({ min: 0, max: 4 }) })), {
      minLength: 30,
      maxLength: 30,
    }),
  })
  .map(({ sizes, cut, scores }) => {
    const members = squads(sizes);
    const attempts = members.flatMap((m, i) => (scores[i] ? [attempt(m.athleteId, scores[i].key, scores[i].at)] : []));
    return { members, attempts, cut };
  });

describe('squad decimation cut (properties)', () => {
  it('cuts exactly the rule per squad (the lowest-ranked), but one stays when every squad would fall together', () => {
    fc.assert(
      fc.property(roundCase, ({ members, attempts, cut }) => {
        const out = closeSquadRound(members, attempts, { cutPerSquad: cut });
        const placeOf = new Map(out.ranking.map((r) => [r.athleteId, r.place]));
        const ids = [...new Set(members.map((m) => m.squadId))];
        if (!attempts.length) {
          expect(out.eliminated).toEqual([]);
          return;
        }
        const allFall = ids.every((s) => members.filter((m) => m.squadId === s).length <= cut);
        const expected = ids.reduce((n, s) => n + Math.min(cut, members.filter((m) => m.squadId === s).length), 0) - (allFall ? 1 : 0);
        expect(out.eliminated).toHaveLength(expected);
        for (const s of ids) {
          const own = members.filter((m) => m.squadId === s).map((m) => m.athleteId);
          const fell = own.filter((id) => out.eliminated.includes(id));
          const kept = own.filter((id) => !out.eliminated.includes(id));
          expect(fell.length).toBeLessThanOrEqual(cut);
          // Everyone who fell ranked below everyone of the same squad who stayed.
          for (const f of fell) for (const k of kept) expect(placeOf.get(f)!).toBeGreaterThan(placeOf.get(k)!);
        }
      }),
    );
  });

  it('a squad with no living member is out; the rest stand; a winner only when one is left', () => {
    fc.assert(
      fc.property(roundCase, ({ members, attempts, cut }) => {
        const out = closeSquadRound(members, attempts, { cutPerSquad: cut });
        const ids = [...new Set(members.map((m) => m.squadId))].sort((a, b) => a - b);
        const standing = out.standing.map((s) => s.squadId);
        expect([...standing, ...out.squadsOut].sort((a, b) => a - b)).toEqual(ids);
        for (const s of out.squadsOut)
          expect(members.filter((m) => m.squadId === s).every((m) => out.eliminated.includes(m.athleteId))).toBe(true);
        for (const s of out.standing) expect(s.living).toBeGreaterThan(0);
        expect(out.standing.length).toBeGreaterThan(0);
        expect(out.winner).toBe(out.standing.length === 1 ? out.standing[0]!.squadId : null);
      }),
    );
  });

  it('is deterministic: the order members and attempts arrive in changes nothing', () => {
    fc.assert(
      fc.property(roundCase, fc.integer(), ({ members, attempts, cut }, seed) => {
        const shuffle = <T>(xs: T[]) =>
          xs
            .map((x, i) => ({ x, k: Math.sin(seed + i * 7919) }))
            .sort((a, b) => a.k - b.k)
            .map((p) => p.x);
        const a = closeSquadRound(members, attempts, { cutPerSquad: cut });
        const b = closeSquadRound(shuffle(members), shuffle(attempts), { cutPerSquad: cut });
        expect(b).toEqual(a);
      }),
    );
  });

  it('the final order puts the squads standing first, then later rounds before earlier ones', () => {
    fc.assert(
      fc.property(
        fc.array(fc.record({ outRound: fc.option(fc.integer({ min: 1, max: 8 })), outPlace: fc.integer({ min: 1, max: 5 }) }), {
          maxLength: 12,
        }),
        (rows) => {
          const order = squadFinalOrder(rows.map((r, i) => ({ ...r, squadId: i + 1 })));
          expect(order).toHaveLength(rows.length);
          const rank = (r: number | null) => (r === null ? 99 : r);
          for (let i = 1; i < order.length; i++) expect(rank(order[i - 1]!.outRound)).toBeGreaterThanOrEqual(rank(order[i]!.outRound));
        },
      ),
    );
  });
});

describe('squad decimation cut (examples)', () => {
  it('a tie is broken by the earlier submission: the later one falls', () => {
    const out = closeSquadRound(squads([2, 2]), [attempt(100, 5, 10), attempt(101, 5, 20), attempt(200, 1), attempt(201, 2)], {
      cutPerSquad: 1,
    });
    expect(out.eliminated).toEqual([201, 101]);
  });

  it('a member who did not score falls before one who did', () => {
    const out = closeSquadRound(squads([3]), [attempt(100, 9), attempt(101, 9)], { cutPerSquad: 1 });
    expect(out.eliminated).toEqual([102]);
  });

  it('a round nobody scored in eliminates nobody', () => {
    const out = closeSquadRound(squads([2, 2]), [], { cutPerSquad: 1 });
    expect(out).toMatchObject({ eliminated: [], squadsOut: [], winner: null });
  });

  it('squads that fall together are ordered by the total of their places', () => {
    const out = closeSquadRound(squads([1, 1, 2]), [attempt(100, 3), attempt(200, 2), attempt(300, 1), attempt(301, 4)], {
      cutPerSquad: 1,
    });
    expect(out.squadsOut).toEqual([2, 1]);
    expect(out.winner).toBe(3);
  });

  it('states the shape and refuses one outside the bounds', () => {
    expect(squadParamsProblem({ squadSize: 4, cutPerSquad: 1, rounds: 4 })).toBeNull();
    expect(squadParamsProblem({ squadSize: 4, cutPerSquad: 4, rounds: 4 })).toMatch(/fewer than the squad size/);
    expect(squadParamsProblem({ squadSize: 1, cutPerSquad: 1, rounds: 4 })).toMatch(/Squads have 2 to 10/);
    expect(roundRuleText({ kind: 'per_squad', count: 2 })).toBe('the 2 lowest-ranked living members of each squad are eliminated');
    const rules = squadDecimationRules({ rounds: 3, squadSize: 3, cutPerSquad: 2, immunity: false, tradesPerRound: 0, roundHours: 24 });
    expect(rules.join(' ')).toContain('the 2 lowest-ranked living members of each squad are eliminated');
    expect(rules.join(' ')).not.toContain('immunity');
  });
});
