import { QueryState } from '#src/components/query-state.tsx';
import { AppLink } from '#src/components/ui/link.tsx';
import { useBattleCalendar } from '../api/tournaments.ts';

const when = (iso: string) => new Date(iso).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' });
const STATE = { upcoming: 'Upcoming', open: 'Open now', closing: 'Closing', closed: 'Closed' } as const;

/** The round windows of the caller's battles and tournaments, and the feed a calendar app subscribes to. */
export function BattleCalendar() {
  const calendar = useBattleCalendar(true);
  return (
    <section aria-labelledby="battle-calendar">
      <h2 id="battle-calendar">My battle calendar</h2>
      <QueryState query={calendar} loading="Loading your calendar…">
        {(data) => (
          <>
            {data.items.length ? (
              <ul className="battle-calendar">
                {data.items.map((w) => (
                  <li key={`${w.battle_id}-${w.round_no}`}>
                    <AppLink href={w.link}>
                      {w.battle_name}: round {w.round_no}
                    </AppLink>{' '}
                    · {STATE[w.state]} · {when(w.opens_at)} to {when(w.closes_at)}
                    {w.entered ? '' : ' · if you go through'}
                  </li>
                ))}
              </ul>
            ) : (
              <p className="muted">No round windows yet: enter a battle or a tournament and its rounds appear here.</p>
            )}
            <p className="muted">
              Add every round to your calendar app:{' '}
              <a href={new URL(data.calendar_url, window.location.origin).href}>subscribe to the battle calendar feed (iCalendar)</a>. Keep
              the link to yourself: anyone with it sees your rounds.
            </p>
          </>
        )}
      </QueryState>
    </section>
  );
}
