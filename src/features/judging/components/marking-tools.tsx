import { Minus, Plus, X } from 'lucide-react';
import { Button } from '#src/components/ui/button.tsx';
import { formatTimestamp } from '#domain/videos.ts';

/** A rep counter and no-rep marks at the video's current time (the player's N key marks too). */
export function MarkingTools({
  label,
  reps,
  marks,
  now,
  canMark,
  onRep,
  onMark,
  onUnmark,
}: {
  label: string;
  reps: number;
  marks: number[];
  /** The video's current time, in seconds. */
  now: number;
  canMark: boolean;
  onRep: (by: 1 | -1) => void;
  onMark: () => void;
  onUnmark: (atMs: number) => void;
}) {
  return (
    <>
      <div className="judging-counter" role="group" aria-label={`Rep counter${label}`}>
        <Button size="sm" aria-label={`One rep fewer${label}`} icon={<Minus aria-hidden size={16} />} onClick={() => onRep(-1)} />
        <output className="judging-count" aria-live="polite" aria-label={`Reps counted${label}`}>
          {reps}
        </output>
        <Button size="sm" aria-label={`One rep more${label}`} icon={<Plus aria-hidden size={16} />} onClick={() => onRep(1)} />
        <Button size="sm" onClick={onMark} disabled={!canMark} aria-keyshortcuts="N">
          Mark a no-rep at {formatTimestamp(now)}
        </Button>
      </div>
      {marks.length ? (
        <ul className="judging-marks" aria-label={`No-rep marks${label}`}>
          {marks.map((m) => (
            <li key={m}>
              <Button
                size="sm"
                variant="ghost"
                aria-label={`Remove the no-rep mark at ${formatTimestamp(m / 1000)}`}
                onClick={() => onUnmark(m)}
              >
                {formatTimestamp(m / 1000)} <X aria-hidden size={14} />
              </Button>
            </li>
          ))}
        </ul>
      ) : (
        <p className="muted">No no-reps marked.</p>
      )}
    </>
  );
}
