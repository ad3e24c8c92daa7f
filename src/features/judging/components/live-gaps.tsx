import { Button } from '#src/components/ui/button.tsx';
import type { JudgingSubmission } from '../api/judging.ts';

type Gap = JudgingSubmission['live_gaps'][number];

/** The player's markers for a live recording's gaps (where each falls in the recording). */
export const gapMarkers = (gaps: readonly Gap[]) => gaps.map((g) => ({ seconds: g.recording_ms / 1000, label: g.text }));

/**
 * The gaps of a video recorded live (the athlete's connection dropped, so nothing was recorded for a while):
 * each one a button that takes the player there. Nothing for an uploaded video.
 */
export function LiveGaps({ gaps, onSeek }: { gaps: readonly Gap[]; onSeek: (seconds: number) => void }) {
  if (!gaps.length) return null;
  return (
    <section className="judging-gaps" aria-labelledby="judging-gaps-title">
      <h3 id="judging-gaps-title">Gaps in this live recording</h3>
      <p className="muted">Nothing was recorded for these moments. Choose one to watch the video from there.</p>
      <ul className="judging-marks">
        {gaps.map((g) => (
          <li key={`${g.recording_ms}-${g.at_ms}`}>
            <Button size="sm" variant="secondary" onClick={() => onSeek(g.recording_ms / 1000)}>
              {g.text}
            </Button>
          </li>
        ))}
      </ul>
    </section>
  );
}
