import { Card } from '#src/components/ui/card.tsx';
import { AppLink } from '#src/components/ui/link.tsx';
import { TextInput } from '#src/components/ui/text-field.tsx';
import type { TeamDetail } from '../api/teams.ts';

const dateTime = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short' });

/** The running and upcoming challenge windows of the team's members, with the iCalendar feed for members. */
export function TeamCalendar({ team }: { team: TeamDetail }) {
  const feed = team.calendar_url ? new URL(team.calendar_url, window.location.origin).href : null;
  return (
    <Card title="Team calendar">
      {team.challenges.length === 0 ? (
        <p className="muted">No member has joined a running or upcoming challenge.</p>
      ) : (
        <ul className="team-list" aria-label="Upcoming challenge windows">
          {team.challenges.map((c) => (
            <li key={c.id} className="team-row">
              <div className="team-row-main">
                <AppLink href={`/challenge-detail-page?id=${c.id}`}>{c.title}</AppLink>
                <span className="muted">
                  {dateTime.format(new Date(c.starts_at))} – {dateTime.format(new Date(c.ends_at))} · {c.members}{' '}
                  {c.members === 1 ? 'member' : 'members'} in it
                </span>
              </div>
            </li>
          ))}
        </ul>
      )}
      {feed && (
        <div className="team-feed">
          <TextInput
            label="Calendar feed"
            hint="Subscribe to this address in your calendar app to see every window; keep it to the team."
            value={feed}
            readOnly
            onFocus={(e) => e.currentTarget.select()}
          />
          <AppLink href={feed} external download={`team-${team.id}.ics`}>
            Download the calendar (.ics)
          </AppLink>
        </div>
      )}
    </Card>
  );
}
