import { VERDICT_LABELS } from '#domain/judging.ts';
import type { ScoreView } from '../api/challenges.ts';

/**
 * A score's state as its athlete reads it wherever the score is listed: ranked (their best,
 * on the board), verified (counted, not their best), under review (and why it was held), or
 * rejected with the judge's reason; a result a judge's penalty changed also says from what and why.
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
  const adjusted = score.adjusted;
  if (adjusted) {
    const what = `${VERDICT_LABELS[adjusted.verdict]}${adjusted.penalty_percent ? ` (${adjusted.penalty_percent}%)` : ''}`;
    return (
      <span className="score-state">
        <span className="pill pill-open">{isBest ? 'Ranked' : 'Verified'}</span>
        <span className="pill pill-adjusted">Adjusted</span>
        <span className="score-state-why muted">
          From {adjusted.from_display} by a judge: {what}
          {adjusted.reason ? `. ${adjusted.reason}` : ''}
        </span>
      </span>
    );
  }
  return <span className="pill pill-open">{isBest ? 'Ranked' : 'Verified'}</span>;
}
