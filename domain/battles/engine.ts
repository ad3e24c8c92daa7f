import type { CutRule } from './formats.ts';

/**
 * The elimination engine: pure functions over one round's attempts. Sort keys are the scoring domain's
 * (domain/scoring/sort-key.ts: smaller is better, the tie-break folded in), so every score type ranks here as
 * it does on a challenge board.
 */
export interface RoundAttempt {
  athleteId: number;
  sortKey: bigint;
  /** Milliseconds since the epoch. */
  submittedAt: number;
}

export interface FieldMember {
  athleteId: number;
  /** When the athlete entered (ms): orders those who did not score. */
  enteredAt: number;
}

export interface RankedAthlete {
  athleteId: number;
  /** 1-based place in the round among the living field. */
  place: number;
  /** The best attempt's key and when it was submitted; null when the athlete did not score. */
  sortKey: bigint | null;
  submittedAt: number | null;
}

export interface RoundOutcome {
  ranking: RankedAthlete[];
  survivors: number[];
  eliminated: number[];
  /** How many the rule keeps (the cut line sits below this place); equals the field when nobody scored. */
  keep: number;
}

/** Each athlete's best attempt: the smallest key, earliest submission among equal keys. */
export function bestAttempts(attempts: readonly RoundAttempt[]): Map<number, RoundAttempt> {
  const best = new Map<number, RoundAttempt>();
  for (const a of attempts) {
    const b = best.get(a.athleteId);
    if (!b || a.sortKey < b.sortKey || (a.sortKey === b.sortKey && a.submittedAt < b.submittedAt)) best.set(a.athleteId, a);
  }
  return best;
}

/**
 * The living field in round order: scorers by key, then earliest best submission, then athlete id (the last only so
 * the order is total); then those who did not score, earliest entry first. Attempts of athletes outside the field
 * are ignored.
 */
export function rankRound(field: readonly FieldMember[], attempts: readonly RoundAttempt[]): RankedAthlete[] {
  const alive = new Set(field.map((f) => f.athleteId));
  const best = bestAttempts(attempts.filter((a) => alive.has(a.athleteId)));
  const scorers = [...best.values()].sort((a, b) =>
    a.sortKey !== b.sortKey ? (a.sortKey < b.sortKey ? -1 : 1) : a.submittedAt - b.submittedAt || a.athleteId - b.athleteId,
  );
  const idle = field.filter((f) => !best.has(f.athleteId)).sort((a, b) => a.enteredAt - b.enteredAt || a.athleteId - b.athleteId);
  const ranked: RankedAthlete[] = scorers.map((a, i) => ({
    athleteId: a.athleteId,
    place: i + 1,
    sortKey: a.sortKey,
    submittedAt: a.submittedAt,
  }));
  for (const f of idle) ranked.push({ athleteId: f.athleteId, place: ranked.length + 1, sortKey: null, submittedAt: null });
  return ranked;
}

/** How many of a field of `size` the rule keeps: never more than the field, never below the minimum the rule sets. */
export function keepCount(rule: CutRule, size: number): number {
  if (size <= 0) return 0;
  if (rule.kind === 'keep_top') return Math.min(size, Math.max(1, rule.keep));
  const cut = Math.floor((size * rule.percent) / 100);
  return Math.min(size, Math.max(size - cut, rule.minimum, 1));
}

/** Closes one battle royale round: rank, then cut at the rule's line. A round nobody scored in eliminates nobody. */
export function closeRoyaleRound(field: readonly FieldMember[], attempts: readonly RoundAttempt[], rule: CutRule): RoundOutcome {
  const ranking = rankRound(field, attempts);
  const anyScore = ranking.some((r) => r.sortKey !== null);
  const keep = anyScore ? keepCount(rule, ranking.length) : ranking.length;
  return {
    ranking,
    keep,
    survivors: ranking.slice(0, keep).map((r) => r.athleteId),
    eliminated: ranking.slice(keep).map((r) => r.athleteId),
  };
}

export interface EliminationRecord {
  athleteId: number;
  /** The round they fell in (1-based), or null for a survivor of the last round. */
  round: number | null;
  /** Their place in that round (or in the last round for survivors). */
  place: number;
}

/**
 * The final ranking after the last round: the last round's survivors in its order, then the eliminated, later
 * rounds first and by their place in the round they fell in.
 */
export function finalRanking(records: readonly EliminationRecord[]): EliminationRecord[] {
  const roundOrder = (r: number | null) => (r === null ? Number.POSITIVE_INFINITY : r);
  return [...records].sort((a, b) => roundOrder(b.round) - roundOrder(a.round) || a.place - b.place || a.athleteId - b.athleteId);
}

// ---- Squad decimation ----

export interface SquadMember extends FieldMember {
  squadId: number;
}

export interface SquadOutcome {
  ranking: RankedAthlete[];
  eliminated: number[];
  /** Immunity tokens spent: the athletes they protected from this cut. */
  immunityUsed: number[];
  /** Squads with a living member after the round, best first (living members, then total of places). */
  standing: { squadId: number; living: number; totalPlaces: number }[];
  /** The squads that fell this round, best first (most members alive at the round's start, then total of places, best place). */
  squadsOut: number[];
  /** Set when one squad is left (or the last ones fell together and this one is best). */
  winner: number | null;
  /** The squad whose member ranked first: it earns an immunity token. Null when nobody scored. */
  tokenEarnedBy: number | null;
}

/**
 * One squad decimation round: every living member ranked together; per squad the `cutPerSquad` lowest-ranked
 * living members not protected by immunity are out. Immunity only changes who falls, never how many. A round
 * nobody scored eliminates nobody. When every remaining squad would fall, the one whose best member ranked
 * highest keeps that member and wins.
 */
export function closeSquadRound(
  members: readonly SquadMember[],
  attempts: readonly RoundAttempt[],
  opts: { cutPerSquad: number; immune?: ReadonlySet<number> },
): SquadOutcome {
  const ranking = rankRound(members, attempts);
  const squadOf = new Map(members.map((m) => [m.athleteId, m.squadId]));
  const squads = [...new Set(members.map((m) => m.squadId))].sort((a, b) => a - b);
  const anyScore = ranking.some((r) => r.sortKey !== null);
  const immune = opts.immune ?? new Set<number>();
  const eliminated = new Set<number>();
  const immunityUsed: number[] = [];
  if (anyScore) {
    for (const squad of squads) {
      // Lowest ranked first.
      const living = ranking.filter((r) => squadOf.get(r.athleteId) === squad).reverse();
      let toCut = Math.min(opts.cutPerSquad, living.length);
      for (const r of living) {
        if (toCut === 0) break;
        if (immune.has(r.athleteId)) {
          immunityUsed.push(r.athleteId);
          continue;
        }
        eliminated.add(r.athleteId);
        toCut -= 1;
      }
    }
  }
  const standingOf = (keepAll: boolean) =>
    squads
      .map((squadId) => {
        const own = ranking.filter((r) => squadOf.get(r.athleteId) === squadId);
        return {
          squadId,
          living: own.filter((r) => keepAll || !eliminated.has(r.athleteId)).length,
          totalPlaces: own.reduce((s, r) => s + r.place, 0),
          bestPlace: Math.min(...own.map((r) => r.place)),
        };
      })
      .sort((a, b) => b.living - a.living || a.totalPlaces - b.totalPlaces || a.bestPlace - b.bestPlace || a.squadId - b.squadId);
  let standing = standingOf(false).filter((s) => s.living > 0);
  let winner: number | null = null;
  if (standing.length === 0 && squads.length > 0) {
    // Everyone left would fall together: the squad whose best member ranked highest keeps that member.
    const best = ranking[0]!;
    eliminated.delete(best.athleteId);
    standing = standingOf(false).filter((s) => s.living > 0);
  }
  if (standing.length === 1) winner = standing[0]!.squadId;
  const squadsOut = standingOf(true)
    .filter((s) => !standing.some((x) => x.squadId === s.squadId))
    .map((s) => s.squadId);
  const top = ranking[0];
  return {
    ranking,
    eliminated: ranking.filter((r) => eliminated.has(r.athleteId)).map((r) => r.athleteId),
    immunityUsed,
    standing: standing.map(({ squadId, living, totalPlaces }) => ({ squadId, living, totalPlaces })),
    squadsOut,
    winner,
    tokenEarnedBy: anyScore && top ? squadOf.get(top.athleteId)! : null,
  };
}

export interface SquadRecord {
  squadId: number;
  /** The round the squad fell in, or null when it was still standing at the end. */
  outRound: number | null;
  /** Its order among those that fell in that round (or among those standing at the end), 1 = best. */
  outPlace: number;
}

/** The final squad places: those standing at the end in their order, then the fallen, later rounds first. */
export function squadFinalOrder(records: readonly SquadRecord[]): SquadRecord[] {
  const roundOrder = (r: number | null) => (r === null ? Number.POSITIVE_INFINITY : r);
  return [...records].sort((a, b) => roundOrder(b.outRound) - roundOrder(a.outRound) || a.outPlace - b.outPlace || a.squadId - b.squadId);
}
