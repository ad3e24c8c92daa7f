import { BATTLE_LIMITS } from './formats.ts';

/**
 * A single-elimination bracket (a tournament stage of the bracket format): N seeds (2–64) placed so that the top
 * seeds meet last (1 v N, 2 v N-1 …, seed 1 and seed 2 in opposite halves), byes for the top seeds when N is not a
 * power of two, each match a head-to-head on the stage's workout in one round's window, winners on until one is
 * left. Pure: the server stores the matches (battle_matches) and calls these to draw, decide and place them.
 */

export interface BracketSide {
  seed: number;
  athleteId: number;
}

export interface BracketMatch {
  /** 1-based bracket round; the last round is the final. */
  round: number;
  /** 0-based position in its round, top to bottom; matches 2j and 2j+1 feed match j of the next round. */
  slot: number;
  a: BracketSide | null;
  b: BracketSide | null;
  /** Who goes on: a bye's side at once, a played match's when its round closes; null until then (or for an empty slot). */
  winner: BracketSide | null;
}

/** A match with exactly one side: that side goes on without playing. */
export const isBye = (m: Pick<BracketMatch, 'a' | 'b'>) => (m.a === null) !== (m.b === null);
/** A match with both sides: a head-to-head. */
export const isPlayed = (m: Pick<BracketMatch, 'a' | 'b'>) => m.a !== null && m.b !== null;

/** The rounds a bracket of n seeds needs: the smallest r with 2^r ≥ n (at least 1). */
export function bracketRounds(n: number): number {
  let r = 1;
  while (2 ** r < n && r < 16) r += 1;
  return r;
}

/** Whether n seeds make a bracket the catalogue plays. */
export const bracketSizeProblem = (n: number): string | null =>
  Number.isInteger(n) && n >= 2 && n <= BATTLE_LIMITS.maxBracketSize ? null : `A bracket has 2 to ${BATTLE_LIMITS.maxBracketSize} seeds.`;

/**
 * The seed in each line of a bracket of `size` (a power of two), top to bottom: [1, 8, 4, 5, 2, 7, 3, 6] for 8.
 * Built by doubling: each seed s of the smaller bracket is joined by its opponent size + 1 - s.
 */
export function seedPositions(size: number): number[] {
  let lines = [1];
  for (let n = 2; n <= size; n *= 2) lines = lines.flatMap((s) => [s, n + 1 - s]);
  return lines;
}

const match = (round: number, slot: number, a: BracketSide | null, b: BracketSide | null): BracketMatch => ({
  round,
  slot,
  a,
  b,
  winner: isBye({ a, b }) ? (a ?? b) : null,
});

/**
 * Round 1: the entrants (by their seed) in the standard lines of a bracket of 2^rounds; a seed with nobody opposite
 * has a bye. Empty slots (no entrant on either side, only when the bracket is bigger than it needs) are left out.
 */
export function firstRound(entrants: readonly BracketSide[], rounds = bracketRounds(entrants.length)): BracketMatch[] {
  const bySeed = new Map(entrants.map((e) => [e.seed, e]));
  const lines = seedPositions(2 ** rounds);
  const out: BracketMatch[] = [];
  for (let slot = 0; slot < lines.length / 2; slot += 1) {
    const m = match(1, slot, bySeed.get(lines[2 * slot]!) ?? null, bySeed.get(lines[2 * slot + 1]!) ?? null);
    if (m.a || m.b) out.push(m);
  }
  return out;
}

/** The next round from a decided one: the winners of slots 2j and 2j+1 meet in slot j (one of them alone: a bye). */
export function nextRound(decided: readonly BracketMatch[], round: number, rounds: number): BracketMatch[] {
  const winnerAt = (slot: number) => decided.find((m) => m.slot === slot)?.winner ?? null;
  const out: BracketMatch[] = [];
  for (let slot = 0; slot < 2 ** (rounds - round); slot += 1) {
    const m = match(round, slot, winnerAt(2 * slot), winnerAt(2 * slot + 1));
    if (m.a || m.b) out.push(m);
  }
  return out;
}

/** Each athlete's best attempt in the round (sort keys of the scoring domain: smaller is better, tie-break folded in). */
export type BestKeys = ReadonlyMap<number, { sortKey: bigint }>;

/**
 * One head-to-head: the better score wins (the smaller sort key); an exact tie, or neither scoring, goes to the
 * better seed; one scoring beats one who did not.
 */
export function decideMatch(a: BracketSide, b: BracketSide, best: BestKeys): BracketSide {
  const ka = best.get(a.athleteId)?.sortKey;
  const kb = best.get(b.athleteId)?.sortKey;
  if (ka !== undefined && kb !== undefined && ka !== kb) return ka < kb ? a : b;
  if (ka !== undefined && kb === undefined) return a;
  if (kb !== undefined && ka === undefined) return b;
  return a.seed <= b.seed ? a : b;
}

export interface BracketRoundOutcome {
  /** The round's matches, every one now with its winner. */
  decided: BracketMatch[];
  /** Who lost a head-to-head this round, by seed. */
  losers: BracketSide[];
  /** The next round's matches (byes decided), or null after the final. */
  next: BracketMatch[] | null;
}

/** Closes a bracket round: decides every undecided head-to-head from the best attempts, then draws the next round. */
export function closeBracketRound(matches: readonly BracketMatch[], best: BestKeys, round: number, rounds: number): BracketRoundOutcome {
  // A side left alone (its opponent's account is gone) goes on as after a bye.
  const decided = matches.map((m) =>
    m.winner ? m : m.a && m.b ? { ...m, winner: decideMatch(m.a, m.b, best) } : { ...m, winner: m.a ?? m.b },
  );
  const losers = decided
    .filter(isPlayed)
    .map((m) => (m.winner!.athleteId === m.a!.athleteId ? m.b! : m.a!))
    .sort((x, y) => x.seed - y.seed);
  return { decided, losers, next: round < rounds ? nextRound(decided, round + 1, rounds) : null };
}

/** Plays a whole bracket with `decide` choosing each head-to-head's winner: every match of every round. */
export function playBracket(
  entrants: readonly BracketSide[],
  decide: (a: BracketSide, b: BracketSide, round: number) => BracketSide,
  rounds = bracketRounds(entrants.length),
): BracketMatch[] {
  const all: BracketMatch[] = [];
  let current = firstRound(entrants, rounds);
  for (let round = 1; round <= rounds; round += 1) {
    const decided = current.map((m) => (m.winner || !m.a || !m.b ? m : { ...m, winner: decide(m.a, m.b, round) }));
    all.push(...decided);
    if (round < rounds) current = nextRound(decided, round + 1, rounds);
  }
  return all;
}

/** The bracket as the preview projects it from seeds 1…n: the better seed wins every match (athlete ids are the seeds). */
export const projectBracket = (n: number, rounds = bracketRounds(n)) =>
  playBracket(
    Array.from({ length: Math.max(0, n) }, (_, i) => ({ seed: i + 1, athleteId: i + 1 })),
    (a, b) => (a.seed < b.seed ? a : b),
    rounds,
  );

export interface BracketPlace {
  athleteId: number;
  seed: number;
  /** 1 = champion. */
  place: number;
  /** The round they lost in; null for the champion. */
  lostIn: number | null;
}

/**
 * The stage's final order: the champion, the runner-up, then the semi-final losers by seed, then the quarter-final
 * losers by seed, and so on (later rounds first). It seeds the next stage as a royale stage's final ranking does.
 */
export function bracketFinalOrder(matches: readonly BracketMatch[]): BracketPlace[] {
  const sides = new Map<number, BracketSide>();
  const lostIn = new Map<number, number>();
  for (const m of matches) {
    for (const s of [m.a, m.b]) if (s) sides.set(s.athleteId, s);
    if (m.winner && m.a && m.b) lostIn.set(m.winner.athleteId === m.a.athleteId ? m.b.athleteId : m.a.athleteId, m.round);
  }
  const roundOf = (id: number) => lostIn.get(id) ?? Number.POSITIVE_INFINITY;
  return [...sides.values()]
    .sort((x, y) => roundOf(y.athleteId) - roundOf(x.athleteId) || x.seed - y.seed || x.athleteId - y.athleteId)
    .map((s, i) => ({ athleteId: s.athleteId, seed: s.seed, place: i + 1, lostIn: lostIn.get(s.athleteId) ?? null }));
}

/** A bracket round's name: the final, the semi-finals, the quarter-finals, else "Round r". */
export function bracketRoundName(round: number, rounds: number): string {
  const left = rounds - round;
  return left === 0 ? 'Final' : left === 1 ? 'Semi-finals' : left === 2 ? 'Quarter-finals' : `Round ${round}`;
}
