import { closeSquadRound, type RoundAttempt, type SquadMember, type SquadOutcome } from './engine.ts';

/**
 * Negotiation politics in a squad decimation: immunity tokens, the pacts that trade them, and their use against a
 * round's cut. Pure: the server loads the battle's tokens and pacts, asks these functions whether a move is allowed
 * (the same words the caller then reads), and writes the result; the property tests play whole games through
 * `negotiationStep`.
 *
 * - The squad whose member ranks first in a round earns one token when the round closes (not after the last round).
 * - While a round is open, a captain may declare a held token on one living member of their squad: that member
 *   cannot fall in this round's cut. The token is spent when the round closes, whether or not it was needed.
 * - A pact moves one token between two standing squads: an offer gives one of the proposer's tokens, a request asks
 *   for one of the other squad's. It moves only when the other captain accepts; nothing else is owed (a promise in
 *   the note is public and not enforced). Each squad takes part in at most `tradesPerRound` accepted pacts per round;
 *   pacts still open when the round closes expire.
 */

export const NEGOTIATION_LIMITS = {
  /** A pact's note (what is promised in return, in the captain's words). */
  maxNoteLength: 200,
  /** Open proposals a squad may have made at once. */
  maxOpenPerSquad: 3,
  /** Entries of the public log a page gets. */
  maxLogItems: 100,
} as const;

export type PactKind = 'offer' | 'request';
export type PactStatus = 'open' | 'accepted' | 'declined' | 'withdrawn' | 'expired';
export type TokenStatus = 'held' | 'declared' | 'spent';

export interface Token {
  id: number;
  /** The squad (team id) holding it now. */
  holder: number;
  earnedBy: number;
  earnedRound: number;
  status: TokenStatus;
  /** Declared for this round … */
  usedRound: number | null;
  /** … on this member. */
  usedOn: number | null;
}

export interface Pact {
  id: number;
  round: number;
  kind: PactKind;
  /** The proposing squad. */
  from: number;
  to: number;
  status: PactStatus;
}

/** Why a move is refused: `limit` (409: a rule of the game says no now) or `invalid` (422: never allowed). */
export interface Refusal {
  kind: 'limit' | 'invalid';
  detail: string;
}

const limit = (detail: string): Refusal => ({ kind: 'limit', detail });
const invalid = (detail: string): Refusal => ({ kind: 'invalid', detail });
const trades = (n: number) => `${n} ${n === 1 ? 'trade' : 'trades'}`;

/** The squad a pact takes a token from, and the one it gives it to. */
export const giverOf = (p: Pick<Pact, 'kind' | 'from' | 'to'>) => (p.kind === 'offer' ? p.from : p.to);
export const takerOf = (p: Pick<Pact, 'kind' | 'from' | 'to'>) => (p.kind === 'offer' ? p.to : p.from);

/**
 * The words for a pact that ended without a trade, the same in the public log and on the battle page:
 * "Red Squad declined Blue Squad’s offer." / "Blue Squad withdrew its offer to Red Squad." ('proposal' when
 * the page no longer knows which kind it was).
 */
export function pactEndedText(p: { answer: 'declined' | 'withdrawn'; from: string; to: string; kind: PactKind | 'proposal' }): string {
  return p.answer === 'declined' ? `${p.to} declined ${p.from}’s ${p.kind}.` : `${p.from} withdrew its ${p.kind} to ${p.to}.`;
}

/** Tokens a squad could trade or declare now. */
export const freeTokens = (tokens: readonly Token[], team: number) => tokens.filter((t) => t.holder === team && t.status === 'held');

/** Accepted pacts a squad took part in during a round. */
export const tradesIn = (pacts: readonly Pact[], team: number, round: number) =>
  pacts.filter((p) => p.round === round && p.status === 'accepted' && (p.from === team || p.to === team)).length;

/** What the server (or a game) knows when a move is asked for. */
export interface NegotiationView {
  /** The open round, or null between rounds / before the start / after the end. */
  round: number | null;
  tradesPerRound: number;
  /** Squads with a living member. */
  standing: ReadonlySet<number>;
  tokens: readonly Token[];
  pacts: readonly Pact[];
  names?: ReadonlyMap<number, string>;
}

const nameOf = (v: NegotiationView, team: number) => v.names?.get(team) ?? `Squad ${team}`;

function roundProblem(v: NegotiationView, team: number): Refusal | null {
  if (v.round === null) return limit('Negotiation happens while a round is open.');
  if (!v.standing.has(team)) return limit('Your squad is out of this battle and cannot negotiate.');
  return null;
}

function tradeLimitProblem(v: NegotiationView, a: number, b: number): Refusal | null {
  for (const team of [a, b])
    if (tradesIn(v.pacts, team, v.round!) >= v.tradesPerRound)
      return limit(
        v.tradesPerRound === 0
          ? 'This battle allows no trades.'
          : `${nameOf(v, team)} has made its ${trades(v.tradesPerRound)} this round (at most ${trades(v.tradesPerRound)} per round).`,
      );
  return null;
}

function tokenProblem(v: NegotiationView, p: Pick<Pact, 'kind' | 'from' | 'to'>): Refusal | null {
  if (freeTokens(v.tokens, giverOf(p)).length > 0) return null;
  return limit(
    p.kind === 'offer'
      ? 'Your squad holds no free immunity token to offer.'
      : `${nameOf(v, p.to)} holds no free immunity token to ask for.`,
  );
}

export function proposalProblem(v: NegotiationView, p: { from: number; to: number; kind: PactKind; note?: string }): Refusal | null {
  if (p.from === p.to) return invalid('Propose a pact to another squad.');
  if ((p.note ?? '').length > NEGOTIATION_LIMITS.maxNoteLength)
    return invalid(`Keep the note to ${NEGOTIATION_LIMITS.maxNoteLength} characters.`);
  const r = roundProblem(v, p.from);
  if (r) return r;
  if (!v.standing.has(p.to)) return invalid(`${nameOf(v, p.to)} is not standing in this battle.`);
  const open = v.pacts.filter((x) => x.from === p.from && x.status === 'open').length;
  if (open >= NEGOTIATION_LIMITS.maxOpenPerSquad)
    return limit(`Your squad has ${NEGOTIATION_LIMITS.maxOpenPerSquad} proposals waiting: withdraw one first.`);
  return tradeLimitProblem(v, p.from, p.to) ?? tokenProblem(v, p);
}

const closedText: Record<Exclude<PactStatus, 'open'>, string> = {
  accepted: 'accepted',
  declined: 'declined',
  withdrawn: 'withdrawn',
  expired: 'expired when its round closed',
};

function openPactProblem(v: NegotiationView, pact: Pact | undefined): Refusal | null {
  if (!pact) return invalid('No such proposal in this battle.');
  if (pact.status !== 'open') return limit(`This proposal was already ${closedText[pact.status]}.`);
  if (v.round !== pact.round) return limit(`This proposal ${closedText.expired}.`);
  return null;
}

/** Accepting: only the squad it was made to, within both squads' trade limits, while the giver holds a free token. */
export function acceptProblem(v: NegotiationView, pactId: number, team: number): Refusal | null {
  const pact = v.pacts.find((p) => p.id === pactId);
  const o = openPactProblem(v, pact);
  if (o) return o;
  if (pact!.to !== team) return invalid(`Only the captain of ${nameOf(v, pact!.to)} can answer this proposal.`);
  return (
    roundProblem(v, team) ??
    (v.standing.has(pact!.from) ? null : limit(`${nameOf(v, pact!.from)} is out of this battle.`)) ??
    tradeLimitProblem(v, pact!.from, pact!.to) ??
    (freeTokens(v.tokens, giverOf(pact!)).length
      ? null
      : limit(`${nameOf(v, giverOf(pact!))} no longer holds a free immunity token, so this pact cannot be kept.`))
  );
}

/** Declining: the squad it was made to; withdrawing: the squad that made it. Both only while it is open. */
export function answerProblem(v: NegotiationView, pactId: number, team: number, answer: 'decline' | 'withdraw'): Refusal | null {
  const pact = v.pacts.find((p) => p.id === pactId);
  const o = openPactProblem(v, pact);
  if (o) return o;
  if (answer === 'decline' && pact!.to !== team) return invalid(`Only the captain of ${nameOf(v, pact!.to)} can decline this proposal.`);
  if (answer === 'withdraw' && pact!.from !== team)
    return invalid(`Only the captain of ${nameOf(v, pact!.from)} can withdraw this proposal.`);
  return null;
}

/** Declaring a token: a held one, on a living member of the captain's own squad not already protected this round. */
export function declareProblem(v: NegotiationView, team: number, member: number, living: readonly number[]): Refusal | null {
  const r = roundProblem(v, team);
  if (r) return r;
  if (!living.includes(member)) return invalid('Protect a living member of your own squad.');
  if (v.tokens.some((t) => t.status === 'declared' && t.usedRound === v.round && t.usedOn === member))
    return limit('That member is already protected in this round.');
  if (!freeTokens(v.tokens, team).length) return limit('Your squad holds no free immunity token.');
  return null;
}

/** The token a pact moves or a declaration spends: the oldest free one of that squad. */
export const tokenToMove = (tokens: readonly Token[], team: number) =>
  [...freeTokens(tokens, team)].sort((a, b) => a.earnedRound - b.earnedRound || a.id - b.id)[0]!;

/** Members protected in a round: the declared tokens' members who are still alive. */
export const immuneIn = (tokens: readonly Token[], round: number, living: ReadonlySet<number>) =>
  new Set(
    tokens
      .filter((t) => t.status === 'declared' && t.usedRound === round && t.usedOn !== null && living.has(t.usedOn))
      .map((t) => t.usedOn!),
  );

/** A round's close with its immunities: the engine's cut, the tokens it spends and the squad that earns the next. */
export function closeWithImmunity(
  members: readonly SquadMember[],
  attempts: readonly RoundAttempt[],
  opts: { cutPerSquad: number; round: number; tokens: readonly Token[]; last: boolean },
): { outcome: SquadOutcome; spent: number[]; earnedBy: number | null } {
  const living = new Set(members.map((m) => m.athleteId));
  const immune = immuneIn(opts.tokens, opts.round, living);
  const outcome = closeSquadRound(members, attempts, { cutPerSquad: opts.cutPerSquad, immune });
  const spent = opts.tokens.filter((t) => t.status === 'declared' && t.usedRound === opts.round).map((t) => t.id);
  const over = opts.last || outcome.standing.length <= 1;
  return { outcome, spent, earnedBy: over ? null : outcome.tokenEarnedBy };
}

// ---- A whole game of moves, for the property tests (and as the reference the server follows) ----

export type NegotiationMove =
  | { type: 'earn'; team: number }
  | { type: 'propose'; from: number; to: number; kind: PactKind }
  | { type: 'accept'; pactId: number; team: number }
  | { type: 'decline'; pactId: number; team: number }
  | { type: 'withdraw'; pactId: number; team: number }
  | { type: 'declare'; team: number; member: number }
  | { type: 'close' };

export interface NegotiationGame extends NegotiationView {
  round: number;
  living: ReadonlyMap<number, readonly number[]>;
  earned: number;
}

export function negotiationStep(g: NegotiationGame, m: NegotiationMove): { game: NegotiationGame; refused: Refusal | null } {
  const refuse = (r: Refusal) => ({ game: g, refused: r });
  const tokens = g.tokens.map((t) => ({ ...t }));
  const pacts = g.pacts.map((p) => ({ ...p }));
  switch (m.type) {
    case 'earn': {
      const id = tokens.length + 1;
      tokens.push({ id, holder: m.team, earnedBy: m.team, earnedRound: g.round, status: 'held', usedRound: null, usedOn: null });
      return { game: { ...g, tokens, earned: g.earned + 1 }, refused: null };
    }
    case 'propose': {
      const r = proposalProblem(g, m);
      if (r) return refuse(r);
      pacts.push({ id: pacts.length + 1, round: g.round, kind: m.kind, from: m.from, to: m.to, status: 'open' });
      return { game: { ...g, pacts }, refused: null };
    }
    case 'accept': {
      const r = acceptProblem(g, m.pactId, m.team);
      if (r) return refuse(r);
      const pact = pacts.find((p) => p.id === m.pactId)!;
      const token = tokens.find((t) => t.id === tokenToMove(g.tokens, giverOf(pact)).id)!;
      token.holder = takerOf(pact);
      pact.status = 'accepted';
      return { game: { ...g, tokens, pacts }, refused: null };
    }
    case 'decline':
    case 'withdraw': {
      const r = answerProblem(g, m.pactId, m.team, m.type);
      if (r) return refuse(r);
      pacts.find((p) => p.id === m.pactId)!.status = m.type === 'decline' ? 'declined' : 'withdrawn';
      return { game: { ...g, pacts }, refused: null };
    }
    case 'declare': {
      const r = declareProblem(g, m.team, m.member, g.living.get(m.team) ?? []);
      if (r) return refuse(r);
      const token = tokens.find((t) => t.id === tokenToMove(g.tokens, m.team).id)!;
      Object.assign(token, { status: 'declared', usedRound: g.round, usedOn: m.member });
      return { game: { ...g, tokens }, refused: null };
    }
    case 'close': {
      for (const t of tokens) if (t.status === 'declared' && t.usedRound === g.round) t.status = 'spent';
      for (const p of pacts) if (p.status === 'open') p.status = 'expired';
      return { game: { ...g, tokens, pacts, round: g.round + 1 }, refused: null };
    }
  }
}
