import { REVIEW_STATUS_LABELS, type ReviewStatus } from '../api/records.ts';

/** A review status in words (the colour only repeats what the words say). */
export function RecordStatus({ status }: { status: ReviewStatus }) {
  return <span className={`ath-chip record-status-${status}`}>{REVIEW_STATUS_LABELS[status]}</span>;
}

/** A 0–1000 normalized score as a bar with its number. */
export function ScoreMeter({ score }: { score: number | null }) {
  if (score === null) return <span className="muted">Not scored</span>;
  return (
    <span className="record-meter">
      <meter min={0} max={1000} value={score} aria-label={`Score ${score} of 1000`} />
      <span className="record-meter-value" aria-hidden="true">
        {score}
      </span>
    </span>
  );
}
