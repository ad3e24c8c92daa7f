import { overallText } from '#domain/places.ts';
import type { GymRankingRow } from '../api/gym-board.ts';

/** A gym's or alliance's counted athletes, unfolding under its count. */
export function CountedAthletes({ row }: { row: Pick<GymRankingRow, 'counted' | 'joined' | 'athletes'> }) {
  return (
    <details className="team-members">
      <summary>
        {row.counted} counted of {row.joined}
      </summary>
      {row.athletes.length === 0 ? (
        <p className="hint">No results yet.</p>
      ) : (
        <ol>
          {row.athletes.map((a) => (
            <li key={a.athlete.wp_user_id}>
              {a.athlete.display_name}: {overallText(a.place)} ({a.points} {a.points === 1 ? 'pt' : 'pts'})
            </li>
          ))}
        </ol>
      )}
    </details>
  );
}
