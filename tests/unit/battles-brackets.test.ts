import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  bracketFinalOrder,
  bracketRounds,
  bracketRules,
  closeBracketRound,
  decideMatch,
  firstRound,
  isBye,
  isPlayed,
  playBracket,
  projectBracket,
  projectTournament,
  seedPositions,
  stageEnd,
  stageRoundCounts,
  tournamentProblem,
  type BracketMatch,
  type BracketSide,
  type StageSpec,
} from '#domain/battles/index.ts';

const HOUR = 3_600_000;
const T0 = Date.parse('2026-12-10T10:00:00Z');

/** Seeds 1…n with athlete ids 100 + seed. */
const seeds = (n: number): BracketSide[] => Array.from({ length: n }, (_, i) => ({ seed: i + 1, athleteId: 101 + i }));

/** A deterministic "result" for every pair: a table of coin flips keyed by the two athletes. */
const byTable = (flips: readonly boolean[]) => (a: BracketSide, b: BracketSide) =>
  flips[(a.athleteId * 31 + b.athleteId * 17) % flips.length] ? a : b;

const field = fc.integer({ min: 2, max: 64 });
const flips = fc.array(fc.boolean(), { minLength: 1, maxLength: 97 });

describe('bracket draw', () => {
  it('places seeds so the top seeds meet last', () => {
    expect(seedPositions(8)).toEqual([1, 8, 4, 5, 2, 7, 3, 6]);
    expect(firstRound(seeds(8)).map((m) => [m.a?.seed, m.b?.seed])).toEqual([
      [1, 8],
      [4, 5],
      [2, 7],
      [3, 6],
    ]);
  });

  it('gives the top seeds byes when the field is not a power of two (5 seeds: 1, 2 and 3 go straight on)', () => {
    const r1 = firstRound(seeds(5));
    expect(bracketRounds(5)).toBe(3);
    expect(r1.map((m) => [m.a?.seed ?? null, m.b?.seed ?? null, m.winner?.seed ?? null])).toEqual([
      [1, null, 1],
      [4, 5, null],
      [2, null, 2],
      [3, null, 3],
    ]);
  });

  it('decides a head-to-head by score, an exact tie or no score by seed, one score beating none', () => {
    const [one, two] = seeds(2) as [BracketSide, BracketSide];
    const keys = (entries: [number, bigint][]) => new Map(entries.map(([id, sortKey]) => [id, { sortKey }]));
    expect(
      decideMatch(
        one,
        two,
        keys([
          [one.athleteId, 5n],
          [two.athleteId, 3n],
        ]),
      ),
    ).toBe(two);
    expect(
      decideMatch(
        one,
        two,
        keys([
          [one.athleteId, 3n],
          [two.athleteId, 3n],
        ]),
      ),
    ).toBe(one);
    expect(decideMatch(two, one, keys([]))).toBe(one);
    expect(decideMatch(one, two, keys([[two.athleteId, 9n]]))).toBe(two);
  });

  it('closes a round: losers by seed, the next round drawn from the winners', () => {
    const r1 = firstRound(seeds(5));
    const best = new Map([
      [104, { sortKey: 10n }],
      [105, { sortKey: 2n }],
    ]);
    const out = closeBracketRound(r1, best, 1, 3);
    expect(out.losers.map((l) => l.seed)).toEqual([4]);
    expect(out.next!.map((m) => [m.a?.seed, m.b?.seed])).toEqual([
      [1, 5],
      [2, 3],
    ]);
    expect(closeBracketRound(out.next!, new Map(), 3, 3).next).toBeNull();
  });

  it('orders the stage: champion, runner-up, then semi-final losers by seed, then earlier losers', () => {
    // The better seed wins everything but the final, which seed 2 takes.
    const matches = playBracket(seeds(8), (a, b, round) => (round === 3 ? (a.seed === 2 ? a : b) : a.seed < b.seed ? a : b));
    expect(bracketFinalOrder(matches).map((p) => [p.seed, p.place, p.lostIn])).toEqual([
      [2, 1, null],
      [1, 2, 3],
      [3, 3, 2],
      [4, 4, 2],
      [5, 5, 1],
      [6, 6, 1],
      [7, 7, 1],
      [8, 8, 1],
    ]);
  });
});

describe('bracket properties (2–64 seeds, any results)', () => {
  it('has exactly one champion, and every athlete but the champion loses exactly once', () => {
    fc.assert(
      fc.property(field, flips, (n, f) => {
        const matches = playBracket(seeds(n), byTable(f));
        const order = bracketFinalOrder(matches);
        expect(order).toHaveLength(n);
        expect(order.filter((p) => p.lostIn === null)).toHaveLength(1);
        const final = matches.filter((m) => m.round === bracketRounds(n));
        expect(final).toHaveLength(1);
        expect(final[0]!.winner!.athleteId).toBe(order[0]!.athleteId);
      }),
    );
  });

  it('decides n - 1 head-to-heads, each with two entrants; byes only in round 1, only for the top seeds', () => {
    fc.assert(
      fc.property(field, flips, (n, f) => {
        const matches = playBracket(seeds(n), byTable(f));
        const played = matches.filter(isPlayed);
        expect(played).toHaveLength(n - 1);
        expect(played.every((m) => m.a && m.b && m.winner && [m.a.athleteId, m.b.athleteId].includes(m.winner.athleteId))).toBe(true);
        const byes = matches.filter(isBye);
        const size = 2 ** bracketRounds(n);
        expect(byes.every((m) => m.round === 1)).toBe(true);
        expect(byes.map((m) => (m.a ?? m.b)!.seed).sort((x, y) => x - y)).toEqual(Array.from({ length: size - n }, (_, i) => i + 1));
        // Every match is a bye or a head-to-head: no empty slot in a bracket of the size it needs.
        expect(matches.every((m) => isBye(m) || isPlayed(m))).toBe(true);
      }),
    );
  });

  it('is deterministic: the same seeds and results give the same bracket', () => {
    fc.assert(
      fc.property(field, flips, (n, f) => {
        expect(playBracket(seeds(n), byTable(f))).toEqual(playBracket(seeds(n), byTable(f)));
      }),
    );
  });

  it('never pairs seed 1 with seed 2 before the final', () => {
    fc.assert(
      fc.property(field, flips, (n, f) => {
        const rounds = bracketRounds(n);
        const meet = (m: BracketMatch) => [m.a?.seed, m.b?.seed].sort().join() === '1,2';
        expect(playBracket(seeds(n), byTable(f)).every((m) => !meet(m) || m.round === rounds)).toBe(true);
      }),
    );
  });

  it('projected by seed, the top 2^k seeds reach the round of 2^k (the bracket is balanced)', () => {
    fc.assert(
      fc.property(field, (n) => {
        const rounds = bracketRounds(n);
        const matches = projectBracket(n);
        for (let round = 2; round <= rounds; round += 1) {
          const sides = matches
            .filter((m) => m.round === round)
            .flatMap((m) => [m.a, m.b])
            .map((s) => s!.seed)
            .sort((x, y) => x - y);
          expect(sides).toEqual(Array.from({ length: 2 ** (rounds - round + 1) }, (_, i) => i + 1));
        }
      }),
    );
  });

  it('with fewer seeds than its slots (a stage that advanced fewer), still crowns one champion', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 16 }), fc.integer({ min: 0, max: 2 }), flips, (n, extra, f) => {
        const rounds = bracketRounds(n) + extra;
        const order = bracketFinalOrder(playBracket(seeds(n), byTable(f), rounds));
        expect(order).toHaveLength(n);
        expect(order.filter((p) => p.lostIn === null)).toHaveLength(1);
      }),
    );
  });
});

describe('bracket stages in a tournament', () => {
  const qualifier: StageSpec = {
    name: 'Qualifier',
    startsAt: T0,
    roundHours: 24,
    cuts: [{ kind: 'cut_percent', percent: 50, minimum: 4 }],
    advance: 5,
  };
  const bracket = (over: Partial<StageSpec> = {}): StageSpec => ({
    name: 'Knockout',
    format: 'bracket',
    startsAt: stageEnd(qualifier),
    roundHours: 12,
    cuts: [],
    advance: null,
    ...over,
  });

  it('runs as many rounds as its seeds need and ends after them', () => {
    expect(tournamentProblem([qualifier, bracket()])).toBeNull();
    expect(stageRoundCounts([qualifier, bracket()])).toEqual([1, 3]);
    const [, p] = projectTournament([qualifier, bracket()], 20);
    expect(p).toMatchObject({ format: 'bracket', field: 5, endsAt: stageEnd(qualifier) + 3 * 12 * HOUR });
    expect(p!.rounds.map((r) => [r.field, r.keep])).toEqual([
      [5, 4],
      [4, 2],
      [2, 1],
    ]);
  });

  it('refuses a bracket as stage 1, one with cut rules, one of more than 64 seeds, and a stage after it too early', () => {
    expect(tournamentProblem([bracket({ startsAt: T0 }), { ...qualifier, startsAt: T0 + 100 * HOUR }])?.message).toMatch(
      /stage 1 is a battle royale/,
    );
    expect(tournamentProblem([qualifier, bracket({ cuts: [{ kind: 'keep_top', keep: 2 }] })])?.message).toMatch(/no cut rules/);
    expect(tournamentProblem([{ ...qualifier, advance: 65 }, bracket()])?.message).toMatch(/2 to 64/);
    const after: StageSpec = {
      ...qualifier,
      name: 'Final',
      cuts: [{ kind: 'keep_top', keep: 1 }],
      startsAt: stageEnd(qualifier) + 2 * 12 * HOUR,
      advance: null,
    };
    expect(tournamentProblem([qualifier, bracket({ advance: 2 }), after])?.message).toMatch(/date order/);
    expect(tournamentProblem([qualifier, bracket({ advance: 2 }), { ...after, startsAt: stageEnd(qualifier) + 3 * 12 * HOUR }])).toBeNull();
  });

  it('says in its rules how seeding, byes and ties work', () => {
    const rules = bracketRules({ size: 5, roundHours: 12 }).join(' ');
    expect(rules).toMatch(/first meets last/);
    expect(rules).toMatch(/3 top seeds have byes/);
    expect(rules).toMatch(/12 hours/);
    expect(rules).toMatch(/tie goes to the better seed/);
    expect(bracketRules({ size: 8, roundHours: 1 }).join(' ')).toMatch(/Every seed plays in the first round/);
  });
});
