import { formatScore, type ScoreType } from '../../../../domain/scoring/index.ts';
import { useUnitPreference } from '../../../lib/units.ts';

/** What of a score the text needs: the server's metric words and the canonical value behind them. */
interface ShownScore {
  status?: string;
  value?: number;
  display: string;
  tiebreak_ms?: number | null;
}

/**
 * A score in the viewer's units: weights and distances are written again from the canonical value in lb or mi
 * when they prefer imperial; every other score (and every metric one) reads as the server wrote it.
 */
export function useScoreText(): (score: ShownScore, scoreType: ScoreType | undefined) => string {
  const units = useUnitPreference();
  return (score, scoreType) =>
    units === 'imperial' && score.status === 'finished' && score.value !== undefined && (scoreType === 'load' || scoreType === 'distance')
      ? formatScore(scoreType, { status: 'finished', value: score.value, tiebreakMs: score.tiebreak_ms ?? null }, { units })
      : score.display;
}
