import { SCORE_TYPES, type ScoreType } from '../scoring/types.ts';
import { JUDGED_VIDEO_RULES } from './judged.ts';

/**
 * The battle formats catalogue: each format's parameters, their bounds, and the rules text generated from them
 * (the rules pages print exactly these sentences, so the page and the engine cannot disagree).
 */
export const BATTLE_FORMATS = ['battle_royale', 'squad_decimation', 'bracket_tournament'] as const;
export type BattleFormat = (typeof BATTLE_FORMATS)[number];

export const isBattleFormat = (v: unknown): v is BattleFormat => BATTLE_FORMATS.includes(v as BattleFormat);

/** How a round cuts the field: keep the best N, or eliminate the bottom P% but never leave fewer than `minimum`. */
export type CutRule = { kind: 'keep_top'; keep: number } | { kind: 'cut_percent'; percent: number; minimum: number };

/** A squad decimation round's rule: the `count` lowest-ranked living members of each squad are eliminated. */
export type SquadCutRule = { kind: 'per_squad'; count: number };

/** A bracket round (domain/battles/bracket.ts): each drawn pair plays head to head, the better score goes on. */
export type BracketRule = { kind: 'head_to_head' };

/** What a stored round applies: a battle royale cut, a squad cut or a bracket round. */
export type RoundRule = CutRule | SquadCutRule | BracketRule;

export const isSquadCut = (r: RoundRule): r is SquadCutRule => r.kind === 'per_squad';
export const isBracketRound = (r: RoundRule): r is BracketRule => r.kind === 'head_to_head';

export const BATTLE_LIMITS = {
  minRounds: 1,
  maxRounds: 8,
  maxAttemptsPerRound: 5,
  minRoundHours: 1,
  maxRoundHours: 14 * 24,
  maxField: 100_000,
  minKeep: 1,
  maxPercent: 90,
  minPercent: 1,
  minSquadSize: 2,
  maxSquadSize: 10,
  /** Squads of a decimation: at least two to fight over, at most what a page can show. */
  maxSquads: 32,
  maxImmunityTradesPerRound: 3,
  maxBracketSize: 64,
} as const;

export interface BattleRoyaleParams {
  rounds: number;
  /** The rule every round applies (a battle may set one per round; this is the catalogue's default). */
  cut: CutRule;
  attemptsPerRound: number;
  roundHours: number;
  /** Every attempt needs the athlete's own video and counts once a judge verifies it (domain/battles/judged.ts). */
  judgedVideo?: boolean;
}

export interface SquadDecimationParams {
  rounds: number;
  squadSize: number;
  /** Members of each squad eliminated per round (the lowest-ranked living ones). */
  cutPerSquad: number;
  immunity: boolean;
  tradesPerRound: number;
  roundHours: number;
  /** As for a battle royale: attempts need a judged video. */
  judgedVideo?: boolean;
}

export interface BracketParams {
  size: number;
  roundHours: number;
}

export interface FormatInfo<P> {
  format: BattleFormat;
  name: string;
  summary: string;
  defaults: P;
}

export const BATTLE_ROYALE: FormatInfo<BattleRoyaleParams> = {
  format: 'battle_royale',
  name: 'Battle royale',
  summary: 'Every athlete for themselves: each round cuts the field until the last round decides the winner.',
  defaults: { rounds: 3, cut: { kind: 'cut_percent', percent: 50, minimum: 2 }, attemptsPerRound: 3, roundHours: 48 },
};

export const SQUAD_DECIMATION: FormatInfo<SquadDecimationParams> = {
  format: 'squad_decimation',
  name: 'Squad decimation',
  summary: 'Teams of equal size: every round the weakest living member of each squad is out; the last squad standing wins.',
  // Immunity tokens and their trades: domain/battles/negotiation.ts.
  defaults: { rounds: 4, squadSize: 4, cutPerSquad: 1, immunity: true, tradesPerRound: 1, roundHours: 48 },
};

export const BRACKET_TOURNAMENT: FormatInfo<BracketParams> = {
  format: 'bracket_tournament',
  name: 'Bracket tournament',
  summary: 'Head-to-head pairs seeded from a qualifier; the better score of each pair advances until one is left.',
  defaults: { size: 8, roundHours: 48 },
};

export const FORMAT_CATALOGUE = [BATTLE_ROYALE, SQUAD_DECIMATION, BRACKET_TOURNAMENT] as const;

export const formatName = (f: BattleFormat) => FORMAT_CATALOGUE.find((x) => x.format === f)!.name;

const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;

/** The rule in one phrase, as the rules page and the round list say it. */
export function cutRuleText(cut: CutRule): string {
  if (cut.kind === 'keep_top') return `the best ${plural(cut.keep, 'athlete')} advance`;
  return `the bottom ${cut.percent}% are eliminated, never leaving fewer than ${plural(cut.minimum, 'athlete')}`;
}

/** A squad cut in one phrase. */
export function squadCutText(count: number): string {
  return count === 1
    ? 'the lowest-ranked living member of each squad is eliminated'
    : `the ${count} lowest-ranked living members of each squad are eliminated`;
}

/** A bracket round in one phrase. */
export const BRACKET_ROUND_TEXT = 'head to head: in each pair the better score goes on, a tie to the better seed';

/** Any stored round's rule in one phrase. */
export const roundRuleText = (r: RoundRule): string =>
  isSquadCut(r) ? squadCutText(r.count) : isBracketRound(r) ? BRACKET_ROUND_TEXT : cutRuleText(r);

const TIE_TEXT = 'Ties at the cut line are broken by the workout’s tie-break time, then by who submitted that best attempt first.';
const NOBODY_TEXT = 'A round in which nobody scored eliminates nobody.';

export function battleRoyaleRules(p: BattleRoyaleParams): string[] {
  return [
    `Enter before the first round opens. The battle runs ${plural(p.rounds, 'round')}; each round is open for ${plural(p.roundHours, 'hour')}.`,
    `In every round you may submit up to ${plural(p.attemptsPerRound, 'attempt')}; only your best ${p.judgedVideo ? 'verified ' : ''}attempt counts.`,
    `When a round closes, ${cutRuleText(p.cut)}. Athletes who did not score rank below everyone who did, earliest entry first.`,
    TIE_TEXT,
    NOBODY_TEXT,
    'Eliminated athletes cannot submit again. The last round’s ranking is the final result; eliminated athletes follow, later rounds first.',
    ...(p.judgedVideo ? JUDGED_VIDEO_RULES : []),
  ];
}

export function squadDecimationRules(p: SquadDecimationParams): string[] {
  const rules = [
    `Squads are existing teams of exactly ${plural(p.squadSize, 'member')}. The battle runs up to ${plural(p.rounds, 'round')} of ${plural(p.roundHours, 'hour')} each.`,
    `Every living member scores in every round; members are ranked together by their best ${p.judgedVideo ? 'verified ' : ''}attempt.`,
    `When a round closes, ${squadCutText(p.cutPerSquad)}. A member who did not score ranks lowest.`,
    'A squad with no living members is out. The last squad standing wins; if several squads are left after the last round, or the last ones fall together, the squad with the most living members wins, then the lower total of its members’ places in the last round.',
    TIE_TEXT,
    NOBODY_TEXT,
    ...(p.judgedVideo ? JUDGED_VIDEO_RULES : []),
  ];
  if (p.immunity) rules.push(...immunityRules(p.tradesPerRound));
  return rules;
}

/** The negotiation rules (domain/battles/negotiation.ts), as the rules pages state them. */
export function immunityRules(tradesPerRound: number): string[] {
  return [
    'The squad whose member ranks first in a round earns an immunity token (none is earned when the battle ends).',
    'While a round is open, a captain may spend a token on one living member of their squad: that member cannot fall in that round’s cut. The declaration is final, and the token is spent when the round closes even if the member would not have fallen.',
    'Immunity changes who falls, never makes more fall: when a protected member is among the lowest-ranked, the next-lowest unprotected member of that squad falls instead; if every living member of a squad is protected, nobody of that squad falls.',
    tradesPerRound > 0
      ? `While a round is open, captains may trade tokens: offer one of yours to another squad, or ask one of theirs. The token moves only when the other captain accepts; nothing is owed in return (a promise written in the proposal’s note is public, not enforced). Each squad takes part in at most ${plural(tradesPerRound, 'trade')} per round; proposals not answered when the round closes expire.`
      : 'Tokens cannot be traded in this battle.',
    'Every proposal, answer and use of a token is public in the battle’s negotiation log.',
  ];
}

export function bracketRules(p: BracketParams): string[] {
  const byes = 2 ** Math.ceil(Math.log2(Math.max(2, p.size))) - p.size;
  return [
    `${plural(p.size, 'athlete')} are seeded from the stage before (seed 1 is its winner): first meets last, second meets second to last, and so on, placed so that the top two seeds can only meet in the final.`,
    byes > 0
      ? `${plural(byes, 'top seed')} ${byes === 1 ? 'has a bye' : 'have byes'} in the first round (${plural(p.size, 'seed')} do not fill a bracket of ${byes + p.size}) and ${byes === 1 ? 'goes' : 'go'} straight to the second.`
      : 'Every seed plays in the first round.',
    `Each bracket round is open for ${plural(p.roundHours, 'hour')}; in each pair the better best attempt goes on (the workout’s tie-break counts), and an exact tie goes to the better seed.`,
    'An athlete who does not score loses the pair; if neither scores, the better seed goes on.',
    'Winners meet winners until one is left. The stage’s order: the champion, the runner-up, then the semi-final losers by seed, then earlier rounds’ losers, later rounds first and by seed.',
  ];
}

/** Whether a round's rule is within the catalogue's bounds; the reason otherwise. */
export function cutRuleProblem(cut: CutRule): string | null {
  if (cut.kind === 'keep_top') {
    if (!Number.isInteger(cut.keep) || cut.keep < BATTLE_LIMITS.minKeep || cut.keep > BATTLE_LIMITS.maxField)
      return `Keep between ${BATTLE_LIMITS.minKeep} and ${BATTLE_LIMITS.maxField} athletes.`;
    return null;
  }
  if (!Number.isInteger(cut.percent) || cut.percent < BATTLE_LIMITS.minPercent || cut.percent > BATTLE_LIMITS.maxPercent)
    return `Eliminate between ${BATTLE_LIMITS.minPercent}% and ${BATTLE_LIMITS.maxPercent}% per round.`;
  if (!Number.isInteger(cut.minimum) || cut.minimum < 1 || cut.minimum > BATTLE_LIMITS.maxField)
    return 'The minimum field must be at least 1 athlete.';
  return null;
}

/** Whether a squad battle's shape is within the catalogue's bounds; the reason otherwise. */
export function squadParamsProblem(p: { squadSize: number; cutPerSquad: number; rounds: number }): string | null {
  if (!Number.isInteger(p.squadSize) || p.squadSize < BATTLE_LIMITS.minSquadSize || p.squadSize > BATTLE_LIMITS.maxSquadSize)
    return `Squads have ${BATTLE_LIMITS.minSquadSize} to ${BATTLE_LIMITS.maxSquadSize} members.`;
  if (!Number.isInteger(p.cutPerSquad) || p.cutPerSquad < 1 || p.cutPerSquad >= p.squadSize)
    return `Eliminate 1 to ${p.squadSize - 1} members of each squad per round (fewer than the squad size).`;
  if (!Number.isInteger(p.rounds) || p.rounds < BATTLE_LIMITS.minRounds || p.rounds > BATTLE_LIMITS.maxRounds)
    return `A battle has ${BATTLE_LIMITS.minRounds} to ${BATTLE_LIMITS.maxRounds} rounds.`;
  return null;
}

export const BATTLE_SCORE_TYPES: readonly ScoreType[] = SCORE_TYPES;
