import { useId, useState } from 'react';
import { STREAK_NAMES, STREAK_UNITS } from '#domain/achievement-rules.ts';
import { useMyStreaks } from '../api/achievements.ts';
import { QueryState } from '#src/components/query-state.tsx';
import '../realtime.css';
import { ProgressBar } from '#src/components/ui/progress-bar.tsx';

/** The Active Streaks panel: each streak's count, best, next milestone and progress toward it. */
export function ActiveStreaks() {
  const [open, setOpen] = useState(true);
  const bodyId = useId();
  const titleId = useId();
  const streaks = useMyStreaks();
  const items = streaks.data?.items ?? [];
  const started = items.some((s) => s.best_count > 0);
  return (
    <section className="card streaks-panel" aria-labelledby={titleId}>
      <div className="panel-head">
        <h2 id={titleId}>Active Streaks</h2>
        <button
          type="button"
          className="btn btn-secondary btn-small"
          aria-expanded={open}
          aria-controls={bodyId}
          onClick={() => setOpen((o) => !o)}
        >
          {open ? 'Hide' : 'Show'}
        </button>
      </div>
      <div id={bodyId} hidden={!open}>
        <QueryState query={streaks} loading="Loading your streaks…">
          {() => (
            <>
              {!started && (
                <p className="muted">Submit a score to start your first streak. Scores on consecutive days and weeks keep it going.</p>
              )}
              <ul className="streak-list">
                {items.map((s) => {
                  const name = STREAK_NAMES[s.type];
                  const [one, many] = STREAK_UNITS[s.type];
                  return (
                    <li key={s.type} className="streak-item" data-testid={`streak-${s.type}`}>
                      <div className="streak-head">
                        <span className="streak-name">{name}</span>
                        <span className="streak-count">
                          <strong>{s.current_count}</strong> {s.current_count === 1 ? one : many}
                        </span>
                      </div>
                      <div className="streak-meta muted">
                        <span>Best: {s.best_count}</span>
                        <span>Next milestone: {s.next_milestone}</span>
                      </div>
                      <ProgressBar
                        value={s.progress_to_next}
                        label={`${name}: ${s.progress_to_next}% of the way to ${s.next_milestone}`}
                        showValue
                      />
                    </li>
                  );
                })}
              </ul>
            </>
          )}
        </QueryState>
      </div>
    </section>
  );
}
