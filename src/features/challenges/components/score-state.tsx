import { VERDICT_LABELS } from '#domain/judging.ts';
import type { ScoreView } from '../api/challenges.ts';
import { useDisplayText } from '#src/lib/score-text.ts';

/** Why a score with a video is still Unverified, by its video check (null: judged). */
const UNVERIFIED_WHY: Record<NonNullable<ScoreView['video_check']>, string | null> = {
  unverified: 'Waiting for a judge to watch the video',
  waiting_for_video: 'Waiting for its video: it goes to the judges once processing is over',
  no_video: 'Its video could not be processed, so no judge can watch it',
  judged: null,
};

/**
 * A score's state as its athlete reads it wherever the score is listed: ranked (their best,
 * on the board), verified (counted, not their best), unverified (its video waits for a judge, as
 * the board says), under review (and why it was held), or
 * rejected with the judge's reason; a result a judge's penalty changed also says from what and why.
 */
export function ScoreState({ score, isBest }: { score: ScoreView; isBest: boolean }) {
  const shown = useDisplayText();
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
  // A score with a video no judge has passed yet reads as the board shows it: Unverified, one badge, not also "Ranked".
  const why = score.video_check ? UNVERIFIED_WHY[score.video_check] : null;
  const main =
    why !== null && why !== undefined ? (
      <>
        <span className="pill pill-unverified">Unverified</span>
        <span className="score-state-why muted">{why}</span>
      </>
    ) : (
      <span className="pill pill-open">{isBest ? 'Ranked' : 'Verified'}</span>
    );
  const adjusted = score.adjusted;
  if (adjusted) {
    const what = `${VERDICT_LABELS[adjusted.verdict]}${adjusted.penalty_percent ? ` (${adjusted.penalty_percent}%)` : ''}`;
    return (
      <span className="score-state">
        {main}
        <span className="pill pill-adjusted">Adjusted</span>
        <span className="score-state-why muted">
          From {shown(adjusted.from_display)} by a judge: {what}
          {adjusted.reason ? `. ${adjusted.reason}` : ''}
        </span>
      </span>
    );
  }
  return <span className="score-state">{main}</span>;
}
