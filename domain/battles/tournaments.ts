import { BATTLE_LIMITS, BRACKET_ROUND_TEXT, cutRuleProblem, cutRuleText, type CutRule } from './formats.ts';
import { keepCount } from './engine.ts';
import { bracketRounds, isPlayed, projectBracket } from './bracket.ts';

/**
 * Tournaments: an ordered list of stages (qualifier → semi-final → final), each stage a battle royale with its own
 * rounds, cut rules and dates. When a stage's last round closes, the top K of its final ranking advance into the
 * next stage, seeded by their final place (seed 1 = the stage's winner). A later stage may instead be a bracket
 * (bracket.ts): its seeds play head to head, and its order (champion, runner-up, …) seeds the stage after. Pure: the server stores the stages as
 * battles and calls these to validate, advance and project.
 */

const HOUR = 3_600_000;

export const TOURNAMENT_LIMITS = {
  minStages: 2,
  maxStages: 5,
  minStageName: 2,
  maxStageName: 40,
} as const;

/** A stage is a battle royale (rounds cut the field) or a single-elimination bracket seeded from the stage before. */
export const STAGE_FORMATS = ['battle_royale', 'bracket'] as const;
export type StageFormat = (typeof STAGE_FORMATS)[number];

export interface StageSpec {
  name: string;
  /** Battle royale when absent. */
  format?: StageFormat;
  /** When the stage's first round opens (ms since the epoch). */
  startsAt: number;
  roundHours: number;
  /** One cut rule per round (a battle royale stage); none for a bracket, whose rounds follow from its seeds. */
  cuts: CutRule[];
  /** How many of the stage's final ranking advance to the next stage; null for the last stage. */
  advance: number | null;
}

/** How many rounds each stage runs: its cuts, or for a bracket as many as the seeds advancing into it need. */
export const stageRoundCounts = (stages: readonly Pick<StageSpec, 'format' | 'cuts' | 'advance'>[]): number[] =>
  stages.map((s, i) => (s.format === 'bracket' ? bracketRounds(stages[i - 1]?.advance ?? 2) : s.cuts.length));

/** When the stage's last round closes (rounds run back to back); a bracket stage passes its round count. */
export const stageEnd = (s: Pick<StageSpec, 'startsAt' | 'roundHours' | 'cuts'>, rounds = s.cuts.length) =>
  s.startsAt + rounds * s.roundHours * HOUR;

/**
 * The smallest field a stage's rules are written for: two athletes to make a contest, and at least every minimum
 * or keep its rounds name (a keep-the-best-8 round in a field of 5 would cut nobody).
 */
export function stageMinimumField(s: Pick<StageSpec, 'cuts' | 'format'>): number {
  if (s.format === 'bracket') return 2;
  return Math.max(2, ...s.cuts.map((c) => (c.kind === 'keep_top' ? c.keep : c.minimum)));
}

export interface TournamentProblem {
  /** 0-based stage index, or null for the tournament as a whole. */
  stage: number | null;
  message: string;
}

/** Why a tournament's stages cannot be played as given, or null. The first problem found, in stage order. */
export function tournamentProblem(stages: readonly StageSpec[]): TournamentProblem | null {
  if (stages.length < TOURNAMENT_LIMITS.minStages || stages.length > TOURNAMENT_LIMITS.maxStages)
    return { stage: null, message: `A tournament has ${TOURNAMENT_LIMITS.minStages} to ${TOURNAMENT_LIMITS.maxStages} stages.` };
  const roundCounts = stageRoundCounts(stages);
  for (const [i, s] of stages.entries()) {
    const label = `Stage ${i + 1}`;
    const name = s.name.trim();
    if (name.length < TOURNAMENT_LIMITS.minStageName || name.length > TOURNAMENT_LIMITS.maxStageName)
      return {
        stage: i,
        message: `${label}: give it a name of ${TOURNAMENT_LIMITS.minStageName} to ${TOURNAMENT_LIMITS.maxStageName} characters.`,
      };
    if (s.format === 'bracket') {
      if (i === 0) return { stage: i, message: `${label}: a bracket is seeded from the stage before it, so stage 1 is a battle royale.` };
      if (s.cuts.length) return { stage: i, message: `${label}: a bracket's rounds follow from its seeds; give it no cut rules.` };
    } else if (s.cuts.length < BATTLE_LIMITS.minRounds || s.cuts.length > BATTLE_LIMITS.maxRounds)
      return { stage: i, message: `${label}: a stage has ${BATTLE_LIMITS.minRounds} to ${BATTLE_LIMITS.maxRounds} rounds.` };
    for (const [r, cut] of s.cuts.entries()) {
      const problem = cutRuleProblem(cut);
      if (problem) return { stage: i, message: `${label}, round ${r + 1}: ${problem}` };
    }
    if (!Number.isInteger(s.roundHours) || s.roundHours < BATTLE_LIMITS.minRoundHours || s.roundHours > BATTLE_LIMITS.maxRoundHours)
      return {
        stage: i,
        message: `${label}: each round is open ${BATTLE_LIMITS.minRoundHours} to ${BATTLE_LIMITS.maxRoundHours} hours.`,
      };
    if (!Number.isFinite(s.startsAt)) return { stage: i, message: `${label}: enter when its first round opens.` };
    const prev = stages[i - 1];
    if (prev && s.startsAt < stageEnd(prev, roundCounts[i - 1]))
      return { stage: i, message: `${label} must open after ${prev.name.trim() || `stage ${i}`} ends: stages run in date order.` };
    const next = stages[i + 1];
    if (!next) {
      if (s.advance !== null) return { stage: i, message: `${label} is the final: nobody advances from it.` };
      continue;
    }
    const min = stageMinimumField(next);
    if (s.advance === null || !Number.isInteger(s.advance) || s.advance < min || s.advance > BATTLE_LIMITS.maxField)
      return {
        stage: i,
        message: `${label}: advance at least ${min} athletes, the smallest field ${next.name.trim() || `stage ${i + 2}`} is written for.`,
      };
    if (next.format === 'bracket' && s.advance > BATTLE_LIMITS.maxBracketSize)
      return {
        stage: i,
        message: `${label}: advance 2 to ${BATTLE_LIMITS.maxBracketSize} athletes into the bracket of ${next.name.trim() || `stage ${i + 2}`}.`,
      };
  }
  return null;
}

export interface StagePlace {
  athleteId: number;
  /** The athlete's final place in the stage (1 = winner). */
  place: number;
}

export interface Advancer {
  athleteId: number;
  /** Seed in the next stage: 1 for the best-placed advancer. */
  seed: number;
  /** Where they finished the stage they advance from. */
  fromPlace: number;
}

/**
 * Who advances from a finished stage: exactly min(K, finishers), the best final places first (athlete id only
 * breaks what the ranking never leaves tied), seeded 1… in that order. The input order does not matter.
 */
export function advancers(ranking: readonly StagePlace[], k: number): Advancer[] {
  const sorted = [...ranking].sort((a, b) => a.place - b.place || a.athleteId - b.athleteId);
  return sorted
    .slice(0, Math.max(0, Math.min(k, sorted.length)))
    .map((r, i) => ({ athleteId: r.athleteId, seed: i + 1, fromPlace: r.place }));
}

export interface ProjectedRound {
  roundNo: number;
  /** Athletes expected at the round's start, and how many its rule keeps if everyone scores. */
  field: number;
  keep: number;
  ruleText: string;
}

export interface ProjectedStage {
  stageNo: number;
  name: string;
  format: StageFormat;
  startsAt: number;
  endsAt: number;
  field: number;
  rounds: ProjectedRound[];
  /** How many go through to the next stage (null for the final). */
  advancing: number | null;
  /** The next stage's seed slots (K of them): seed n is this stage's n-th place. */
  seeds: { seed: number; fromPlace: number }[];
}

/**
 * The preview before a tournament starts: each stage's dates, its projected field round by round (if everyone
 * scores), and the seeding slots of the next stage (seed n = place n of this one).
 */
export function projectTournament(stages: readonly StageSpec[], entrants: number): ProjectedStage[] {
  const out: ProjectedStage[] = [];
  const roundCounts = stageRoundCounts(stages);
  let field = Math.max(0, entrants);
  for (const [i, s] of stages.entries()) {
    let alive = field;
    const bracket = s.format === 'bracket' ? projectBracket(field, roundCounts[i]) : [];
    const rounds =
      s.format === 'bracket'
        ? Array.from({ length: roundCounts[i]! }, (_, r) => {
            const matches = bracket.filter((m) => m.round === r + 1);
            // Everyone in the round's matches plays or has a bye; one goes on from each match.
            const inRound = matches.reduce((n, m) => n + (isPlayed(m) ? 2 : 1), 0);
            return { roundNo: r + 1, field: inRound, keep: matches.length, ruleText: BRACKET_ROUND_TEXT };
          })
        : s.cuts.map((cut, r) => {
            const keep = keepCount(cut, alive);
            const round = { roundNo: r + 1, field: alive, keep, ruleText: cutRuleText(cut) };
            alive = keep;
            return round;
          });
    const advancing = s.advance === null ? null : Math.min(s.advance, field);
    out.push({
      stageNo: i + 1,
      name: s.name.trim(),
      format: s.format ?? 'battle_royale',
      startsAt: s.startsAt,
      endsAt: stageEnd(s, roundCounts[i]),
      field,
      rounds,
      advancing,
      // The slots are the structure (K of them), whatever the field is so far: seed n is place n of this stage.
      seeds: Array.from({ length: s.advance ?? 0 }, (_, n) => ({ seed: n + 1, fromPlace: n + 1 })),
    });
    field = advancing ?? 0;
  }
  return out;
}

/** A stage's seed line in words, as the preview prints it. */
export const seedText = (seed: number, fromStage: string) => `Seed ${seed}: ${ordinal(seed)} place of ${fromStage}`;

export function ordinal(n: number): string {
  const tens = n % 100;
  if (tens >= 11 && tens <= 13) return `${n}th`;
  return `${n}${['th', 'st', 'nd', 'rd'][n % 10] ?? 'th'}`;
}
