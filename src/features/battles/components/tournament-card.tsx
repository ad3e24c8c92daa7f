import { Badge } from '#src/components/ui/badge.tsx';
import { Card } from '#src/components/ui/card.tsx';
import type { TournamentView } from '../api/tournaments.ts';
import { STATUS_NAMES } from './battle-card.tsx';

const when = (iso: string) => new Date(iso).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' });

export function TournamentCard({ tournament: t }: { tournament: TournamentView }) {
  const current = t.stages.find((s) => s.status === 'live') ?? null;
  return (
    <Card
      titleAs="h3"
      title={t.name}
      href={`/battle-hub?tournament=${t.id}`}
      meta={
        <>
          Tournament ·{' '}
          <Badge tone={t.status === 'live' ? 'success' : t.status === 'entry' ? 'info' : 'neutral'}>{STATUS_NAMES[t.status]}</Badge>
        </>
      }
    >
      <p className="battle-card-facts">
        {t.stages.map((s) => s.name).join(' → ')} · {t.entered} {t.entered === 1 ? 'athlete' : 'athletes'}
      </p>
      <p className="muted">
        {t.status === 'entry'
          ? `Entry closes ${when(t.starts_at)}`
          : t.status === 'live'
            ? `${current ? `${current.name} live` : 'Between stages'} · ends ${when(t.ends_at)}`
            : `Ended ${when(t.ends_at)}${t.winner ? ` · won by ${t.winner.display_name}` : ''}`}
      </p>
      {t.me ? <p className="battle-card-mine">In {t.stages.find((s) => s.stage_no === t.me!.stage_no)!.name}</p> : null}
    </Card>
  );
}
