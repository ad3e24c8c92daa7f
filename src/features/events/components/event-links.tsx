import { Link } from 'wouter';
import { useEvents } from '../api/events.ts';

/** "Part of the event …" on a workout's challenge page; nothing when it belongs to none. */
export function EventLinks({ challengeId }: { challengeId: number | null }) {
  const list = useEvents({ challengeId });
  const items = list.data?.items ?? [];
  if (items.length === 0) return null;
  return (
    <>
      {items.map((e) => {
        const w = e.workouts.find((x) => x.challenge_id === challengeId);
        return (
          <p key={e.id} className="event-link">
            Part of the event <Link href={`/leaderboard-page?event=${e.id}`}>{e.name}</Link>
            {w ? ` (workout ${w.position} of ${e.workouts.length})` : ''}.
          </p>
        );
      })}
    </>
  );
}
