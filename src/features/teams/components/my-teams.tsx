import { Users } from 'lucide-react';
import { Badge } from '#src/components/ui/badge.tsx';
import { Card } from '#src/components/ui/card.tsx';
import { EmptyState } from '#src/components/ui/empty-state.tsx';
import { AppLink } from '#src/components/ui/link.tsx';
import { QueryState } from '#src/components/query-state.tsx';
import { TEAM_ROLE_LABELS } from '#domain/teams.ts';
import { useMyTeams } from '../api/teams.ts';
import { InvitationActions, untilText } from './invitation-actions.tsx';

/** The team dashboard without a team chosen: the athlete's teams and the invitations waiting for them. */
export function MyTeams() {
  const mine = useMyTeams();
  return (
    <div className="container page team-page">
      <div className="team-head">
        <h1>Your teams</h1>
        <AppLink href="/team-creation-page" look="primary">
          Create a team
        </AppLink>
      </div>
      <QueryState query={mine} loading="Loading your teams…">
        {(data) => (
          <div className="team-grid">
            <Card title="Teams">
              {data.teams.length === 0 ? (
                <EmptyState icon={<Users size={28} />} title="No team yet" headingLevel="h3">
                  Create one, or accept an invitation from a captain.
                </EmptyState>
              ) : (
                <ul className="team-list">
                  {data.teams.map((t) => (
                    <li key={t.id} className="team-row">
                      <div className="team-row-main">
                        <AppLink href={`/team-dashboard-page?id=${t.id}`}>
                          {t.name}
                          {t.tag ? ` [${t.tag}]` : ''}
                        </AppLink>
                        <span className="muted">
                          {t.member_count} of {t.max_size} members{t.gym ? ` · ${t.gym}` : ''}
                        </span>
                      </div>
                      <Badge tone={t.role === 'member' ? 'neutral' : 'brand'}>{TEAM_ROLE_LABELS[t.role]}</Badge>
                    </li>
                  ))}
                </ul>
              )}
            </Card>
            <Card title="Invitations">
              {data.invitations.length === 0 ? (
                <p className="muted">No invitation is waiting for you.</p>
              ) : (
                <ul className="team-list">
                  {data.invitations.map((i) => (
                    <li key={i.id} className="team-row">
                      <div className="team-row-main">
                        <AppLink href={`/team-dashboard-page?id=${i.team_id}`}>{i.team_name}</AppLink>
                        <span className="muted">
                          {i.invited_by ? `From ${i.invited_by}. ` : ''}
                          {untilText(i)}
                        </span>
                      </div>
                      <InvitationActions invitation={i} answers={['accept', 'decline']} teamId={i.team_id} />
                    </li>
                  ))}
                </ul>
              )}
            </Card>
          </div>
        )}
      </QueryState>
    </div>
  );
}
