import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  BATTLE_COMMENTARY_KINDS,
  BATTLE_NAMES_SHOWN,
  BATTLE_TEMPLATES,
  LINE_MAX_LENGTH,
  battleMoments,
  commentaryPrompt,
  namedList,
  templateCount,
  templateLine,
  usableGeneratedLine,
  type BattleFacts,
  type BattleRoundResult,
} from '#domain/commentary.ts';
import { pactEndedText } from '#domain/battles/index.ts';

const name = fc
  .string({ minLength: 1, maxLength: 30 })
  .map((s) => s.trim())
  .filter((s) => s.length > 0 && !/\s{2}|null|undefined|NaN/.test(s));

const result: fc.Arbitrary<BattleRoundResult> = fc.record({
  battle: name,
  format: fc.constantFrom('battle_royale' as const, 'squad_decimation' as const, 'bracket_tournament' as const),
  round: fc.integer({ min: 1, max: 8 }),
  fallen: fc.array(name, { maxLength: 20 }),
  winner: fc.option(fc.record({ name, squad: fc.option(name, { nil: null }), score: fc.constantFrom('50 reps', '4:12') }), {
    nil: null,
  }),
  squadsOut: fc.array(name, { maxLength: 6 }),
  saved: fc.array(fc.record({ name, squad: name }), { maxLength: 4 }),
  champion: fc.option(name, { nil: null }),
});

const example = (kind: BattleFacts['kind'], over: Partial<BattleFacts> = {}): BattleFacts => ({
  kind,
  athlete: 'Ana',
  battle: 'Burpee Royale',
  format: 'battle_royale',
  round: 2,
  names: ['Ana', 'Bo', 'Cy'],
  more: 12,
  squad: null,
  score: '50 reps',
  ...over,
});

describe('battle commentary templates', () => {
  it('every kind has three phrasings, each naming who the line is about, and seeds reach them all', () => {
    for (const kind of BATTLE_COMMENTARY_KINDS) {
      expect(templateCount(kind)).toBe(3);
      const f = example(kind);
      for (const template of BATTLE_TEMPLATES[kind]) {
        const line = template(f);
        expect(line).toContain('Ana');
        expect(line).toContain('Burpee Royale');
        expect(line).not.toMatch(/undefined|null|NaN/);
      }
      const seen = new Set(Array.from({ length: 200 }, (_, seed) => templateLine(f, seed)));
      expect(seen.size).toBe(3);
    }
  });

  it('say who fell: a few names, then how many more', () => {
    const lines = BATTLE_TEMPLATES.battle_cut.map((t) => t(example('battle_cut')));
    for (const line of lines) expect(line).toContain('Ana, Bo, Cy and 12 more');
    expect(BATTLE_TEMPLATES.battle_cut[0]!(example('battle_cut', { names: ['Di'], more: 0, athlete: 'Di' }))).toBe(
      'Round 2 of Burpee Royale is closed: Di falls at the cut.',
    );
    expect(
      BATTLE_TEMPLATES.battle_squad_out[0]!(example('battle_squad_out', { athlete: 'Red Squad', names: ['Red Squad'], more: 0 })),
    ).toBe('Red Squad is wiped out in round 2 of Burpee Royale.');
    expect(BATTLE_TEMPLATES.battle_round_winner[0]!(example('battle_round_winner', { squad: 'Blue Squad', names: [], more: 0 }))).toBe(
      'Ana wins round 2 of Burpee Royale for Blue Squad with 50 reps.',
    );
    expect(
      BATTLE_TEMPLATES.battle_immunity[1]!(example('battle_immunity', { names: ['Ana (Red Squad)'], more: 0, squad: 'Red Squad' })),
    ).toBe("A token saves Ana (Red Squad) from round 2's cut in Burpee Royale.");
    expect(BATTLE_TEMPLATES.battle_champion[2]!(example('battle_champion', { format: 'squad_decimation', athlete: 'Red Squad' }))).toBe(
      'Champion squad of Burpee Royale: Red Squad, still standing at the end.',
    );
  });

  it('a bracket stage speaks of matches lost, never of a cut', () => {
    const bracket = { format: 'bracket_tournament' as const, battle: 'Cup · Knockout' };
    const lines = BATTLE_TEMPLATES.battle_cut.map((t) => t(example('battle_cut', { ...bracket, names: ['Kai'], more: 0, athlete: 'Kai' })));
    for (const line of lines) expect(line).not.toMatch(/cut/i);
    expect(lines[0]).toBe('Round 2 of Cup · Knockout is decided: Kai loses the match and is out.');
    expect(lines[1]).toBe('Knocked out of Cup · Knockout in round 2: Kai.');
    expect(BATTLE_TEMPLATES.battle_round_winner[0]!(example('battle_round_winner', { ...bracket, names: [], more: 0 }))).toBe(
      'Ana posts the best attempt of round 2 in Cup · Knockout: 50 reps.',
    );
    expect(BATTLE_TEMPLATES.battle_champion[0]!(example('battle_champion', bracket))).toContain('through every match');
  });

  it('list names in plain words', () => {
    expect(namedList([])).toBe('');
    expect(namedList(['A'])).toBe('A');
    expect(namedList(['A', 'B'])).toBe('A and B');
    expect(namedList(['A', 'B', 'C'], 12)).toBe('A, B, C and 12 more');
  });

  it('a closed round makes each moment once, keyed by kind and round, naming at most a few', () => {
    fc.assert(
      fc.property(result, fc.integer(), (r, seed) => {
        const moments = battleMoments(r);
        const keys = moments.map((m) => m.key);
        expect(new Set(keys).size).toBe(keys.length);
        expect(moments.some((m) => m.kind === 'battle_cut')).toBe(r.fallen.length > 0);
        expect(moments.some((m) => m.kind === 'battle_round_winner')).toBe(r.winner !== null);
        expect(moments.some((m) => m.kind === 'battle_squad_out')).toBe(r.squadsOut.length > 0);
        expect(moments.some((m) => m.kind === 'battle_immunity')).toBe(r.saved.length > 0);
        expect(moments.some((m) => m.kind === 'battle_champion')).toBe(r.champion !== null);
        for (const m of moments) {
          expect(m.key).toBe(`${m.kind}:${r.round}`);
          expect(m.facts.names.length).toBeLessThanOrEqual(BATTLE_NAMES_SHOWN);
          const line = templateLine(m.facts, seed);
          expect(line).toBe(templateLine(m.facts, seed));
          expect(line.length).toBeLessThanOrEqual(LINE_MAX_LENGTH);
          expect(line).not.toMatch(/[\r\n]|undefined|NaN/);
          expect(line).toContain(m.facts.athlete);
        }
        const cut = moments.find((m) => m.kind === 'battle_cut');
        if (cut) expect(cut.facts.names.length + cut.facts.more).toBe(r.fallen.length);
      }),
    );
  });

  it('prompt a model with the public facts only, and use its answer only when it names who the line is about', () => {
    const f = { ...example('battle_cut'), secret_email: 'ana@example.test' } as BattleFacts;
    const [system, user] = commentaryPrompt(f);
    expect(system!.content).toMatch(/elimination battle/);
    expect(JSON.parse(user!.content)).toEqual({
      event: 'Battle: fell at the cut',
      battle: 'Burpee Royale',
      format: 'battle royale',
      round: 2,
      about: 'Ana',
      named: ['Ana', 'Bo', 'Cy'],
      and_more: 12,
      squad: null,
      score: '50 reps',
    });
    expect(user!.content).not.toContain('example.test');
    expect(usableGeneratedLine('Ana and 14 others fall in round 2!', f)).toBe('Ana and 14 others fall in round 2!');
    expect(usableGeneratedLine('Fourteen fall in round 2!', f)).toBeNull();
  });
});

describe('pacts that end without a trade', () => {
  it('say who declined whose offer, or who withdrew theirs', () => {
    expect(pactEndedText({ answer: 'declined', from: 'Blue Squad', to: 'Red Squad', kind: 'offer' })).toBe(
      'Red Squad declined Blue Squad’s offer.',
    );
    expect(pactEndedText({ answer: 'withdrawn', from: 'Blue Squad', to: 'Red Squad', kind: 'request' })).toBe(
      'Blue Squad withdrew its request to Red Squad.',
    );
    expect(pactEndedText({ answer: 'declined', from: 'Blue Squad', to: 'Red Squad', kind: 'proposal' })).toBe(
      'Red Squad declined Blue Squad’s proposal.',
    );
  });
});
