import type { ScoreType } from '../api/challenges.ts';
import { useMySubmissions } from '../api/my-challenges.ts';
import { useScoreText } from '../api/score-text.ts';
import { ScoreState } from './score-state.tsx';

/**
 * Above a board, the signed-in athlete's own scores in this challenge that the board does not
 * show: those under review and those rejected (with the judge's reason). Nothing when there are none.
 */
export function OwnScoreStatus({ challengeId, scoreType }: { challengeId: number; scoreType: ScoreType }) {
  const mine = useMySubmissions();
  const scoreText = useScoreText();
  const waiting = (mine.data?.items ?? []).filter((r) => r.challenge.id === challengeId && r.score.verification !== 'verified');
  if (waiting.length === 0) return null;
  return (
    <section className="own-score-status" aria-label="Your scores not on the board">
      <p className="hint">Your scores not on this board:</p>
      <ul>
        {waiting.map((r) => (
          <li key={r.score.id}>
            <strong>{scoreText(r.score, scoreType)}</strong> <ScoreState score={r.score} isBest={false} />
          </li>
        ))}
      </ul>
    </section>
  );
}
