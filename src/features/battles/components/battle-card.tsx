import { Badge } from '#src/components/ui/badge.tsx';
import { Card } from '#src/components/ui/card.tsx';
import { formatName } from '#domain/battles/index.ts';
import { placeText } from '#domain/places.ts';
import type { BattleView } from '../api/battles.ts';

const when = (iso: string) => new Date(iso).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' });

export const STATUS_NAMES = { entry: 'Open for entry', live: 'Live', finished: 'Finished' } as const;

/** Where the caller stands in a battle, in a few words. */
export function standingText(b: BattleView): string | null {
  if (!b.me) return null;
  // The battle is the board: "You finished 3rd of 12 · Row Royale".
  if (b.me.final_place !== null)
    return b.me.final_place === 1
      ? 'You won'
      : `You finished ${placeText({ rank: b.me.final_place, of: Math.max(b.entered, b.me.final_place), board: b.name })}`;
  if (b.me.eliminated_round !== null) return `Eliminated in round ${b.me.eliminated_round}`;
  return b.status === 'entry' ? 'Entered' : 'Still in';
}

export function BattleCard({ battle: b }: { battle: BattleView }) {
  const mine = standingText(b);
  const round = b.current_round
    ? `Round ${b.current_round} of ${b.rounds.length}`
    : `${b.rounds.length} ${b.rounds.length === 1 ? 'round' : 'rounds'}`;
  return (
    <Card
      titleAs="h3"
      title={b.name}
      href={`${b.format === 'squad_decimation' ? '/squad-decimation-battle-page' : '/individual-battle-royale-page'}?id=${b.id}`}
      meta={
        <>
          {formatName(b.format)} ·{' '}
          <Badge tone={b.status === 'live' ? 'success' : b.status === 'entry' ? 'info' : 'neutral'}>{STATUS_NAMES[b.status]}</Badge>
        </>
      }
    >
      <p className="battle-card-facts">
        {round} · {b.alive} of {b.entered} {b.entered === 1 ? 'athlete' : 'athletes'} alive
      </p>
      <p className="muted">
        {b.status === 'entry'
          ? `Entry closes ${when(b.starts_at)}`
          : b.status === 'live'
            ? `Ends ${when(b.ends_at)}`
            : `Ended ${when(b.ends_at)}`}
      </p>
      {mine ? <p className="battle-card-mine">{mine}</p> : null}
    </Card>
  );
}
