import type { ScoreView } from '../api/challenges.ts';

/**
 * A score's state as its athlete reads it wherever the score is listed: ranked (their best,
 * on the board), verified (counted, not their best), under review (and why it was held), or
 * rejected with the judge's reason.
 */
export function ScoreState({ score, isBest }: { score: ScoreView; isBest: boolean }) {
  if (score.verification === 'rejected') {
    return (
      <span className="score-state">
        <span className="pill pill-rejected">Rejected</span>
        {score.review_reason && <span className="score-state-why">Reason: {score.review_reason}</span>}
      </span>
    );
  }
  if (score.verification === 'unverified') {
    return (
      <span className="score-state">
        <span className="pill">Under review</span>
        {score.held_reason && <span className="score-state-why muted">{score.held_reason}</span>}
      </span>
    );
  }
  return <span className="pill pill-open">{isBest ? 'Ranked' : 'Verified'}</span>;
}
