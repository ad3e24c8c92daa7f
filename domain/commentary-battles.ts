/**
 * Commentary on battles (domain/commentary.ts re-exports this): the moments a closed round makes (who fell at
 * the cut, the round's winner, squads wiped out, an immunity that saved someone, the champion when the battle
 * ends) and the templates for them. The server hands in what the round's close decided, with names as the
 * battle's board shows them; each moment comes back once, keyed by its kind and round, so it is written once.
 */

export const BATTLE_COMMENTARY_KINDS = [
  'battle_cut',
  'battle_round_winner',
  'battle_squad_out',
  'battle_immunity',
  'battle_champion',
] as const;
export type BattleCommentaryKind = (typeof BATTLE_COMMENTARY_KINDS)[number];

export const BATTLE_KIND_LABELS: Record<BattleCommentaryKind, string> = {
  battle_cut: 'Battle: fell at the cut',
  battle_round_winner: 'Battle: round winner',
  battle_squad_out: 'Battle: squad wiped out',
  battle_immunity: 'Battle: saved by immunity',
  battle_champion: 'Battle: champion',
};

/** A line names at most this many athletes or squads, then says how many more ("and 12 more"). */
export const BATTLE_NAMES_SHOWN = 3;

export type BattleFormat = 'battle_royale' | 'squad_decimation' | 'bracket_tournament';

/** The public facts of one battle moment: names as the battle's board shows them, the score as it prints it. */
export interface BattleFacts {
  kind: BattleCommentaryKind;
  /** Who the line must name: the first of the fallen, the round's winner, the first squad out, the first member saved, the champion. */
  athlete: string;
  battle: string;
  format: BattleFormat;
  round: number;
  /** Everyone the line names (at most BATTLE_NAMES_SHOWN): the fallen, the squads out, the members saved. */
  names: string[];
  /** How many more fell (or went out, or were saved) than are named. */
  more: number;
  /** The squad of the round's winner or of the member saved (squad battles), else null. */
  squad: string | null;
  /** The round winner's best score as the board prints it. */
  score: string | null;
}

/** What one round's close decided, in the order the board shows it (the fallen best-placed first). */
export interface BattleRoundResult {
  battle: string;
  format: BattleFormat;
  round: number;
  fallen: string[];
  winner: { name: string; squad: string | null; score: string } | null;
  squadsOut: string[];
  saved: { name: string; squad: string }[];
  /** Set when the battle ended with this round: the last athlete or squad standing on top. */
  champion: string | null;
}

export interface BattleMoment {
  kind: BattleCommentaryKind;
  /** Once per battle: '<kind>:<round>'. */
  key: string;
  facts: BattleFacts;
}

export const battleMomentKey = (kind: BattleCommentaryKind, round: number) => `${kind}:${round}`;

/** The moments of one closed round, each once: nobody fell, nobody scored, nothing saved means no line for it. */
export function battleMoments(r: BattleRoundResult): BattleMoment[] {
  const moment = (kind: BattleCommentaryKind, facts: Partial<BattleFacts> & { athlete: string }): BattleMoment => ({
    kind,
    key: battleMomentKey(kind, r.round),
    facts: { battle: r.battle, format: r.format, round: r.round, names: [], more: 0, squad: null, score: null, ...facts, kind },
  });
  const named = (all: string[]) => ({ names: all.slice(0, BATTLE_NAMES_SHOWN), more: Math.max(0, all.length - BATTLE_NAMES_SHOWN) });
  const moments: BattleMoment[] = [];
  if (r.winner) moments.push(moment('battle_round_winner', { athlete: r.winner.name, squad: r.winner.squad, score: r.winner.score }));
  if (r.fallen.length) moments.push(moment('battle_cut', { athlete: r.fallen[0]!, ...named(r.fallen) }));
  if (r.saved.length)
    moments.push(
      moment('battle_immunity', {
        athlete: r.saved[0]!.name,
        squad: r.saved[0]!.squad,
        ...named(r.saved.map((s) => `${s.name} (${s.squad})`)),
      }),
    );
  if (r.squadsOut.length) moments.push(moment('battle_squad_out', { athlete: r.squadsOut[0]!, ...named(r.squadsOut) }));
  if (r.champion) moments.push(moment('battle_champion', { athlete: r.champion }));
  return moments;
}

/** "A", "A and B", "A, B and C", "A, B, C and 12 more". */
export function namedList(names: readonly string[], more = 0): string {
  const all = more > 0 ? [...names, `${more} more`] : [...names];
  if (all.length <= 1) return all[0] ?? '';
  return `${all.slice(0, -1).join(', ')} and ${all.at(-1)}`;
}

type Template = (f: BattleFacts) => string;
const list = (f: BattleFacts) => namedList(f.names.length ? f.names : [f.athlete], f.more);
const many = (f: BattleFacts) => Math.max(1, f.names.length) + f.more > 1;
const fall = (f: BattleFacts) => (many(f) ? 'fall' : 'falls');
const isAre = (f: BattleFacts) => (many(f) ? 'are' : 'is');
const squadOf = (f: BattleFacts) => (f.squad ? ` for ${f.squad}` : '');
const score = (f: BattleFacts) => f.score ?? 'the best score';
/** A bracket stage: athletes go out by losing a match, not at a cut. */
const ko = (f: BattleFacts) => f.format === 'bracket_tournament';

export const BATTLE_TEMPLATES: Record<BattleCommentaryKind, Template[]> = {
  battle_cut: [
    (f) =>
      ko(f)
        ? `Round ${f.round} of ${f.battle} is decided: ${list(f)} ${many(f) ? 'lose their matches' : 'loses the match'} and ${isAre(f)} out.`
        : `Round ${f.round} of ${f.battle} is closed: ${list(f)} ${fall(f)} at the cut.`,
    (f) =>
      ko(f)
        ? `Knocked out of ${f.battle} in round ${f.round}: ${list(f)}.`
        : `The cut claims ${list(f)} in round ${f.round} of ${f.battle}.`,
    (f) => `Out of ${f.battle} after round ${f.round}: ${list(f)}.`,
  ],
  battle_round_winner: [
    (f) =>
      ko(f)
        ? `${f.athlete} posts the best attempt of round ${f.round} in ${f.battle}: ${score(f)}.`
        : `${f.athlete} wins round ${f.round} of ${f.battle}${squadOf(f)} with ${score(f)}.`,
    (f) => `Top of round ${f.round} in ${f.battle}: ${f.athlete}${squadOf(f)}, ${score(f)}.`,
    (f) => `${score(f)} makes ${f.athlete} the best of round ${f.round} in ${f.battle}.`,
  ],
  battle_squad_out: [
    (f) => `${list(f)} ${isAre(f)} wiped out in round ${f.round} of ${f.battle}.`,
    (f) => `Nobody left standing: round ${f.round} of ${f.battle} ends the run of ${list(f)}.`,
    (f) => `${f.battle} loses ${many(f) ? 'squads' : 'a squad'} in round ${f.round}: ${list(f)} ${isAre(f)} out.`,
  ],
  battle_immunity: [
    (f) => `Immunity pays off: ${list(f)} ${many(f) ? 'survive' : 'survives'} round ${f.round} of ${f.battle} on a token.`,
    (f) => `A token saves ${list(f)} from round ${f.round}'s cut in ${f.battle}.`,
    (f) => `${list(f)} would have fallen in round ${f.round} of ${f.battle}, but immunity held.`,
  ],
  battle_champion: [
    (f) => `${f.athlete} wins ${f.battle}, through every ${ko(f) ? 'match' : 'cut'} to the top of round ${f.round}!`,
    (f) => `${f.battle} is over after ${f.round} ${f.round === 1 ? 'round' : 'rounds'}: ${f.athlete} takes the win.`,
    (f) => `${f.format === 'squad_decimation' ? 'Champion squad' : 'Champion'} of ${f.battle}: ${f.athlete}, still standing at the end.`,
  ],
};
