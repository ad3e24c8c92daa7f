import { DIRECTION, type Division, type EncodedScore, type ScoringRules } from './types.ts';
import { MAX_TIEBREAK_MS } from './validate.ts';

/**
 * One sortable integer per score, smaller is better, so a leaderboard is one
 * index scan on (challenge, sort_key) and an athlete's rank is a count of the
 * keys below theirs. Bits, high to low:
 *   62     division: Rx (0) above Scaled (1) on the combined board
 *   61     status: finished (0) above capped (1)
 *   25–60  primary value (36 bits), inverted when higher is better
 *   0–24   tie-break time in ms (25 bits), no tie-break sorts last
 */
const PRIMARY_BITS = 36n;
const TIEBREAK_BITS = 25n;
const PRIMARY_MAX = (1n << PRIMARY_BITS) - 1n;
const TIEBREAK_NONE = (1n << TIEBREAK_BITS) - 1n;

export function sortKey(rules: ScoringRules, score: EncodedScore, division: Division): bigint {
  const divisionBit = division === 'rx' ? 0n : 1n;
  const statusBit = score.status === 'capped' ? 1n : 0n;
  const value = BigInt(score.value);
  if (value < 0n || value > PRIMARY_MAX) throw new RangeError('score out of range for the sort key');
  // A capped athlete is ranked by reps (more is better) after every finisher.
  const higherIsBetter = score.status === 'capped' || DIRECTION[rules.scoreType] === 'higher_is_better';
  const primary = higherIsBetter ? PRIMARY_MAX - value : value;
  const tiebreak = score.tiebreakMs === null ? TIEBREAK_NONE : BigInt(Math.min(score.tiebreakMs, MAX_TIEBREAK_MS - 1));
  return (divisionBit << 62n) | (statusBit << 61n) | (primary << TIEBREAK_BITS) | tiebreak;
}

/** The key with the division bit cleared: to compare within one division. */
export function withinDivision(key: bigint): bigint {
  return key & ~(1n << 62n);
}
