import type { ScoreType } from '#domain/scoring/index.ts';
import { scoreInUnits } from '#domain/unit-preference.ts';
import { useUnitPreference } from '#src/lib/units.ts';

/** What of a score the text needs: the server's exact words and the canonical value behind them. */
interface ShownScore {
  status?: string;
  value?: number;
  display: string;
  tiebreak_ms?: number | null;
}

/**
 * A score in the viewer's units and precision (domain/unit-preference.ts scoreInUnits): loads to 0.5 kg or
 * 1 lb, short distances in metres, long ones in km or mi. Every other score reads as the server wrote it.
 */
export function useScoreText(): (score: ShownScore, scoreType: ScoreType | undefined) => string {
  const units = useUnitPreference();
  return (score, scoreType) =>
    score.status === 'finished' && score.value !== undefined && (scoreType === 'load' || scoreType === 'distance')
      ? scoreInUnits(scoreType, { status: 'finished', value: score.value, tiebreakMs: score.tiebreak_ms ?? null }, units)
      : score.display;
}
