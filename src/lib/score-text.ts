import type { ScoreType } from '#domain/scoring/index.ts';
import { displayInUnits, scoreInUnits } from '#domain/unit-preference.ts';
import { useUnitPreference } from './units.ts';

/** What of a score the text needs: the server's words and, where the answer has it, the canonical value behind them. */
export interface ShownScore {
  status?: string;
  value?: number;
  display: string;
  tiebreak_ms?: number | null;
}

/**
 * A score in the viewer's units and precision (domain/unit-preference.ts scoreInUnits): loads to 0.5 kg or
 * 1 lb, short distances in metres, long ones in km or mi. Without the value (an answer with the text only), the
 * server's metric text is read back and shown the same way; every other score reads as the server wrote it.
 */
export function useScoreText(): (score: ShownScore, scoreType?: ScoreType) => string {
  const units = useUnitPreference();
  return (score, scoreType) =>
    score.status === 'finished' && score.value !== undefined && (scoreType === 'load' || scoreType === 'distance')
      ? scoreInUnits(scoreType, { status: 'finished', value: score.value, tiebreakMs: score.tiebreak_ms ?? null }, units)
      : displayInUnits(score.display, units);
}

/** The server's text of a score (`display`) in the viewer's units, for answers that carry only the text. */
export function useDisplayText(): (display: string) => string {
  const units = useUnitPreference();
  return (display) => displayInUnits(display, units);
}
