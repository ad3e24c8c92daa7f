import { Badge } from '#src/components/ui/badge.tsx';
import { Card } from '#src/components/ui/card.tsx';
import type { SquadBattleView } from '../api/squads.ts';
import { STATUS_NAMES } from './battle-card.tsx';

const when = (iso: string) => new Date(iso).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' });

/** A squad battle in a list: its state, squads and where the caller's squad stands. */
export function SquadBattleCard({ squad: s }: { squad: SquadBattleView }) {
  const b = s.battle;
  const mine = s.squads.find((x) => x.team_id === s.my_team_id);
  const winner = s.squads.find((x) => x.team_id === s.winner_team_id);
  const standing = s.squads.filter((x) => x.out_round === null && x.living > 0).length;
  const round = b.current_round ? `Round ${b.current_round} of ${b.rounds.length}` : `Up to ${b.rounds.length} rounds`;
  return (
    <Card
      titleAs="h3"
      title={b.name}
      href={`/squad-decimation-battle-page?id=${b.id}`}
      meta={
        <>
          Squads of {s.squad_size} ·{' '}
          <Badge tone={b.status === 'live' ? 'success' : b.status === 'entry' ? 'info' : 'neutral'}>{STATUS_NAMES[b.status]}</Badge>
        </>
      }
    >
      <p className="battle-card-facts">
        {round} ·{' '}
        {b.status === 'entry'
          ? `${s.squads.length} ${s.squads.length === 1 ? 'squad' : 'squads'} entered`
          : `${standing} of ${s.squads.length} squads standing`}
      </p>
      <p className="muted">
        {b.status === 'entry' ? `Entry closes ${when(b.starts_at)}` : b.status === 'live' ? `Ends by ${when(b.ends_at)}` : `Ended`}
      </p>
      {winner ? <p className="battle-card-mine">Won by {winner.name}</p> : null}
      {mine ? (
        <p className="battle-card-mine">
          {mine.name}: {mine.out_round !== null ? `out in round ${mine.out_round}` : `${mine.living} of ${mine.size} standing`}
        </p>
      ) : null}
    </Card>
  );
}

/** The list's place while it loads: a card of the same shape, hidden, so the sections below do not move when it arrives. */
export function SquadBattleCardPlaceholder() {
  return (
    <div className="battle-grid" aria-busy="true" aria-label="Loading squad battles…" role="status">
      <div aria-hidden="true" style={{ visibility: 'hidden' }}>
        <Card
          titleAs="h3"
          title="Squad battle coming up"
          meta={
            <>
              Squads of 4 · <Badge tone="success">Live</Badge>
            </>
          }
        >
          <p className="battle-card-facts">Round 1 of 3 · 4 of 4 squads standing</p>
          <p className="muted">Ends by Dec 1, 2026, 10:00 AM</p>
        </Card>
      </div>
    </div>
  );
}
