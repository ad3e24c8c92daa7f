import { useId } from 'react';
import { Link } from 'wouter';
import { formatDate } from '#src/lib/format.ts';
import { useMyAchievements } from '../api/achievements.ts';
import { QueryState } from '#src/components/query-state.tsx';
import { AchievementIcon } from './achievement-icon.tsx';
import '../realtime.css';

/** What the athlete has unlocked, newest first, with the points they add up to. */
export function RecentAchievements({ limit = 6 }: { limit?: number }) {
  const titleId = useId();
  const list = useMyAchievements();
  return (
    <section className="card achievements-panel" aria-labelledby={titleId}>
      <div className="panel-head">
        <h2 id={titleId}>Achievements</h2>
        {list.data && <span className="muted">{list.data.total_points.toLocaleString()} points</span>}
      </div>
      <QueryState
        query={list}
        loading="Loading your achievements…"
        empty={<p className="muted">Nothing unlocked yet. Your first score on any challenge unlocks one.</p>}
      >
        {(data) => (
          <ul className="achievement-list">
            {data.items.slice(0, limit).map((a) => (
              <li key={a.id}>
                <span className="achievement-list-icon" aria-hidden="true">
                  <AchievementIcon achievement={a} size={24} />
                </span>
                <span className="achievement-list-text">
                  <strong>{a.title}</strong>
                  <span className="muted">
                    {a.description} · {formatDate(a.unlocked_at)}
                  </span>
                </span>
                <span className={`rarity-badge rarity-${a.rarity}`}>{a.rarity.toUpperCase()}</span>
                <span className="achievement-list-points">+{a.points}</span>
              </li>
            ))}
          </ul>
        )}
      </QueryState>
      <p className="hint">
        Which achievements pop up, and whether they play a tone: <Link href="/settings#notifications">Settings</Link>.
      </p>
    </section>
  );
}
