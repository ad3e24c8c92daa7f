import { Badge } from '#src/components/ui/badge.tsx';
import { Card } from '#src/components/ui/card.tsx';
import { AppLink } from '#src/components/ui/link.tsx';
import { placeText, TEAM_BOARD } from '#domain/places.ts';
import { useTeamPlacesLive, type TeamChallengeEntry } from '../api/teams.ts';

const dateOnly = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium' });
const STATUS_LABEL: Record<TeamChallengeEntry['status'], string> = {
  upcoming: 'Upcoming',
  open: 'Running',
  closed: 'Closed',
  deleted: 'Removed',
};

const entryPlace = (e: TeamChallengeEntry) =>
  e.place === null
    ? 'No counted result yet'
    : `${placeText({ rank: e.place, of: Math.max(e.teams, e.place), board: TEAM_BOARD })}${e.aggregate ? ` · ${e.aggregate}` : ''}`;

/** The team challenges the team entered as a unit, with its place on each team board. */
export function TeamEntries({ teamId, entries }: { teamId: number; entries: TeamChallengeEntry[] }) {
  useTeamPlacesLive(
    teamId,
    entries.filter((e) => e.status === 'open').map((e) => e.challenge_id),
  );
  return (
    <Card title="Team challenges entered">
      {entries.length === 0 ? (
        <p className="muted">The team has not entered a team challenge yet.</p>
      ) : (
        <ul className="team-list" aria-label="Team challenges entered">
          {entries.map((e) => (
            <li key={e.challenge_id} className="team-row">
              <div className="team-row-main">
                <AppLink href={`/challenge-detail-page?id=${e.challenge_id}`}>{e.title}</AppLink>
                <span className="muted">
                  {dateOnly.format(new Date(e.starts_at))} – {dateOnly.format(new Date(e.ends_at))} · {e.competitors}{' '}
                  {e.competitors === 1 ? 'athlete competes' : 'athletes compete'}
                </span>
                <span>{entryPlace(e)}</span>
              </div>
              <Badge tone={e.status === 'open' ? 'brand' : 'info'}>{STATUS_LABEL[e.status]}</Badge>
            </li>
          ))}
        </ul>
      )}
    </Card>
  );
}
