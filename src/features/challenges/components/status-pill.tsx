import { STATUS_LABELS, type Challenge } from '../api/challenges.ts';

/** A challenge's status as a coloured pill (its own module: the board shows it without the card). */
export function StatusPill({ status }: { status: Challenge['status'] }) {
  return <span className={`pill pill-${status}`}>{STATUS_LABELS[status]}</span>;
}
