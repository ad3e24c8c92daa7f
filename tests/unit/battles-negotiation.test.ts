import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { squadDraftProblem } from '#machines/squad-battle-create.ts';
import draftSample from '../model/samples/squad-battle-create.samples.ts';
import {
  closeWithImmunity,
  immunityRules,
  negotiationStep,
  squadDecimationRules,
  tradesIn,
  type NegotiationGame,
  type NegotiationMove,
  type RoundAttempt,
  type SquadMember,
  type Token,
} from '#domain/battles/index.ts';

const squads = (sizes: number[]): SquadMember[] =>
  sizes.flatMap((size, s) => Array.from({ length: size }, (_, i) => ({ athleteId: (s + 1) * 100 + i, squadId: s + 1, enteredAt: i })));
const attempt = (athleteId: number, key: number, at = 0): RoundAttempt => ({ athleteId, sortKey: BigInt(key), submittedAt: at });
const declared = (id: number, holder: number, member: number, round = 1): Token => ({
  id,
  holder,
  earnedBy: holder,
  earnedRound: round - 1,
  status: 'declared',
  usedRound: round,
  usedOn: member,
});

describe('a round closed with immunity', () => {
  it('passes over a protected lowest member: the next-lowest of that squad falls instead, and the token is spent', () => {
    const members = squads([3, 2]);
    const attempts = [attempt(100, 1), attempt(101, 2), attempt(102, 9), attempt(200, 3), attempt(201, 4)];
    const r = closeWithImmunity(members, attempts, { cutPerSquad: 1, round: 1, tokens: [declared(7, 1, 102)], last: false });
    expect(r.outcome.eliminated.sort()).toEqual([101, 201]);
    expect(r.outcome.immunityUsed).toEqual([102]);
    expect(r.spent).toEqual([7]);
    expect(r.earnedBy).toBe(1);
  });

  it('a squad whose every living member is protected loses nobody that round', () => {
    const members = squads([2, 2]);
    const attempts = [attempt(100, 5), attempt(101, 6), attempt(200, 1), attempt(201, 2)];
    const tokens = [declared(1, 1, 100), declared(2, 1, 101)];
    const r = closeWithImmunity(members, attempts, { cutPerSquad: 1, round: 1, tokens, last: false });
    expect(r.outcome.eliminated).toEqual([201]);
    expect(r.spent.sort()).toEqual([1, 2]);
  });

  it('a token declared on a member who was not on the block is spent all the same', () => {
    const r = closeWithImmunity(squads([2, 2]), [attempt(100, 1), attempt(101, 2), attempt(200, 3), attempt(201, 4)], {
      cutPerSquad: 1,
      round: 1,
      tokens: [declared(3, 1, 100)],
      last: false,
    });
    expect(r.outcome.eliminated.sort()).toEqual([101, 201]);
    expect(r.outcome.immunityUsed).toEqual([]);
    expect(r.spent).toEqual([3]);
  });

  it('only the round it was declared for counts, and no token is earned after the last round', () => {
    const r = closeWithImmunity(squads([2, 2]), [attempt(100, 1), attempt(101, 2), attempt(200, 3), attempt(201, 4)], {
      cutPerSquad: 1,
      round: 2,
      tokens: [declared(3, 1, 101, 3)],
      last: true,
    });
    expect(r.outcome.eliminated).toContain(101);
    expect(r.spent).toEqual([]);
    expect(r.earnedBy).toBeNull();
  });

  const roundArb = fc.record({
    sizes: fc.array(fc.integer({ min: 1, max: 5 }), { minLength: 1, maxLength: 6 }),
    cut: fc.integer({ min: 1, max: 3 }),
    keys: fc.array(fc.integer({ min: 0, max: 9 }), { maxLength: 40 }),
    immuneIdx: fc.uniqueArray(fc.integer({ min: 0, max: 40 }), { maxLength: 6 }),
  });
  const play = ({ sizes, cut, keys, immuneIdx }: { sizes: number[]; cut: number; keys: number[]; immuneIdx: number[] }) => {
    const members = squads(sizes);
    const attempts = keys.length ? members.map((m, i) => attempt(m.athleteId, keys[i % keys.length]!, i)) : [];
    const immune = [...new Set(immuneIdx.map((i) => members[i % members.length]!.athleteId))];
    const tokens = immune.map((m, i) => declared(i + 1, members.find((x) => x.athleteId === m)!.squadId, m));
    return {
      members,
      attempts,
      immune,
      tokens,
      r: closeWithImmunity(members, attempts, { cutPerSquad: cut, round: 1, tokens, last: false }),
    };
  };

  it('eliminates exactly what the rule allows: per squad the cut among its unprotected members, one fewer only when all would fall', () => {
    fc.assert(
      fc.property(roundArb, (arb) => {
        const { members, attempts, immune, r } = play(arb);
        const bySquad = new Map<number, number[]>();
        for (const m of members) bySquad.set(m.squadId, [...(bySquad.get(m.squadId) ?? []), m.athleteId]);
        if (!attempts.length) {
          expect(r.outcome.eliminated).toEqual([]);
          return;
        }
        let expected = 0;
        let allFall = true;
        for (const [, ids] of bySquad) {
          const open = ids.filter((id) => !immune.includes(id)).length;
          const n = Math.min(arb.cut, open);
          expected += n;
          if (n < ids.length) allFall = false;
          const fell = r.outcome.eliminated.filter((id) => ids.includes(id)).length;
          expect(fell).toBeLessThanOrEqual(Math.min(arb.cut, open));
        }
        expect(r.outcome.eliminated.length).toBe(expected - (allFall ? 1 : 0));
      }),
    );
  });

  it('never cuts a protected member, spends every declared token, and is deterministic whatever the order of its inputs', () => {
    fc.assert(
      fc.property(roundArb, fc.integer(), (arb, seed) => {
        const { members, attempts, immune, tokens, r } = play(arb);
        for (const id of r.outcome.eliminated) expect(immune).not.toContain(id);
        expect(r.spent.sort((a, b) => a - b)).toEqual(tokens.map((t) => t.id));
        const shuffle = <T>(xs: T[]) => {
          const k = xs.length ? ((seed % xs.length) + xs.length) % xs.length : 0;
          return [...xs.slice(k), ...xs.slice(0, k)].reverse();
        };
        const again = closeWithImmunity(shuffle(members), shuffle(attempts), {
          cutPerSquad: arb.cut,
          round: 1,
          tokens: shuffle(tokens),
          last: false,
        });
        expect(again.outcome.eliminated).toEqual(r.outcome.eliminated);
        expect(again.earnedBy).toEqual(r.earnedBy);
      }),
    );
  });
});

describe('negotiation moves', () => {
  const game = (tradesPerRound = 1): NegotiationGame => ({
    round: 1,
    tradesPerRound,
    standing: new Set([1, 2, 3]),
    tokens: [],
    pacts: [],
    living: new Map([
      [1, [11, 12]],
      [2, [21, 22]],
      [3, [31, 32]],
    ]),
    earned: 0,
    names: new Map([
      [1, 'Wolves'],
      [2, 'Bears'],
      [3, 'Hawks'],
    ]),
  });
  const run = (g: NegotiationGame, moves: NegotiationMove[]) => {
    const refusals: (string | null)[] = [];
    for (const m of moves) {
      const r = negotiationStep(g, m);
      g = r.game;
      refusals.push(r.refused?.detail ?? null);
    }
    return { g, refusals };
  };

  it('an offer accepted moves the token; the squad cannot trade again that round; an unanswered one expires', () => {
    const { g, refusals } = run(game(), [
      { type: 'earn', team: 1 },
      { type: 'earn', team: 1 },
      { type: 'propose', from: 1, to: 2, kind: 'offer' },
      { type: 'propose', from: 1, to: 3, kind: 'offer' },
      { type: 'accept', pactId: 1, team: 3 },
      { type: 'accept', pactId: 1, team: 2 },
      { type: 'accept', pactId: 2, team: 3 },
      { type: 'close' },
      { type: 'accept', pactId: 2, team: 3 },
    ]);
    expect(refusals).toEqual([
      null,
      null,
      null,
      null,
      'Only the captain of Bears can answer this proposal.',
      null,
      'Wolves has made its 1 trade this round (at most 1 trade per round).',
      null,
      'This proposal was already expired when its round closed.',
    ]);
    expect(g.tokens.map((t) => t.holder)).toEqual([2, 1]);
  });

  it('a request asks for the other squad’s token; declaring protects a living member once', () => {
    const { g, refusals } = run(game(), [
      { type: 'earn', team: 2 },
      { type: 'propose', from: 1, to: 3, kind: 'request' },
      { type: 'propose', from: 1, to: 2, kind: 'request' },
      { type: 'accept', pactId: 1, team: 2 },
      { type: 'declare', team: 1, member: 21 },
      { type: 'declare', team: 1, member: 12 },
      { type: 'declare', team: 1, member: 12 },
    ]);
    expect(refusals).toEqual([
      null,
      'Hawks holds no free immunity token to ask for.',
      null,
      null,
      'Protect a living member of your own squad.',
      null,
      'That member is already protected in this round.',
    ]);
    expect(g.tokens[0]).toMatchObject({ holder: 1, status: 'declared', usedOn: 12, usedRound: 1 });
  });

  const moveArb: fc.Arbitrary<NegotiationMove> = fc.oneof(
    fc.record({ type: fc.constant('earn' as const), team: fc.integer({ min: 1, max: 3 }) }),
    fc.record({
      type: fc.constant('propose' as const),
      from: fc.integer({ min: 1, max: 3 }),
      to: fc.integer({ min: 1, max: 3 }),
      kind: fc.constantFrom('offer' as const, 'request' as const),
    }),
    fc.record({
      type: fc.constantFrom('accept' as const, 'decline' as const, 'withdraw' as const),
      pactId: fc.integer({ min: 1, max: 12 }),
      team: fc.integer({ min: 1, max: 3 }),
    }),
    fc.record({
      type: fc.constant('declare' as const),
      team: fc.integer({ min: 1, max: 3 }),
      member: fc.constantFrom(11, 12, 21, 22, 31, 32),
    }),
    fc.constant({ type: 'close' as const }),
  );

  it('conserves tokens (earned = held + declared + spent), never trades over the limit, and plays the same twice', () => {
    fc.assert(
      fc.property(fc.array(moveArb, { maxLength: 60 }), fc.integer({ min: 0, max: 2 }), (moves, limit) => {
        const { g, refusals } = run(game(limit), moves);
        const count = (s: string) => g.tokens.filter((t) => t.status === s).length;
        expect(count('held') + count('declared') + count('spent')).toBe(g.earned);
        for (let round = 1; round <= g.round; round++)
          for (const team of [1, 2, 3]) expect(tradesIn(g.pacts, team, round)).toBeLessThanOrEqual(limit);
        // A member is protected at most once per round.
        const uses = g.tokens.filter((t) => t.usedOn !== null).map((t) => `${t.usedRound}:${t.usedOn}`);
        expect(new Set(uses).size).toBe(uses.length);
        expect(run(game(limit), moves).refusals).toEqual(refusals);
      }),
    );
  });

  it('refuses an accept that would go over the limit', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 2 }), (limit) => {
        const moves: NegotiationMove[] = [
          { type: 'earn', team: 1 },
          { type: 'earn', team: 1 },
          { type: 'earn', team: 1 },
        ];
        for (let i = 0; i < 3; i++) moves.push({ type: 'propose', from: 2, to: 1, kind: 'request' });
        const { g } = run(game(Math.max(limit, 1)), moves.slice(0, 3 + 3));
        let state = { ...g, tradesPerRound: limit };
        const answers = [1, 2, 3].map((pactId) => {
          const r = negotiationStep(state, { type: 'accept', pactId, team: 1 });
          state = r.game;
          return r.refused;
        });
        expect(answers.filter((a) => a === null)).toHaveLength(limit);
        expect(answers.slice(limit).every((a) => a?.kind === 'limit')).toBe(true);
      }),
    );
  });
});

describe('the rules text', () => {
  it('states what a token does, what a trade owes and the limit', () => {
    const text = squadDecimationRules({ rounds: 4, squadSize: 4, cutPerSquad: 1, immunity: true, tradesPerRound: 2, roundHours: 48 }).join(
      ' ',
    );
    expect(text).toContain('earns an immunity token');
    expect(text).toContain('the next-lowest unprotected member of that squad falls instead');
    expect(text).toContain('nobody of that squad falls');
    expect(text).toContain('nothing is owed in return');
    expect(text).toContain('at most 2 trades per round');
    expect(immunityRules(0).join(' ')).toContain('cannot be traded');
  });
});

describe('creating a battle with immunity', () => {
  const draft = draftSample.input!.draft;
  const now = Date.parse('2026-12-01T10:00:00Z');
  it('takes 0 to 3 trades per squad and round, and any number when immunity is off', () => {
    expect(squadDraftProblem(draft, now)).toBeNull();
    expect(squadDraftProblem({ ...draft, tradesPerRound: 4 }, now)).toBe('Allow 0 to 3 trades per squad and round.');
    expect(squadDraftProblem({ ...draft, tradesPerRound: Number.NaN }, now)).toBe('Allow 0 to 3 trades per squad and round.');
    expect(squadDraftProblem({ ...draft, immunity: false, tradesPerRound: Number.NaN }, now)).toBeNull();
  });
});
