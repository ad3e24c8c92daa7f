import { useLocation } from 'wouter';
import { Badge } from '#src/components/ui/badge.tsx';
import { Button } from '#src/components/ui/button.tsx';
import { Card } from '#src/components/ui/card.tsx';
import { AppLink } from '#src/components/ui/link.tsx';
import { NotFoundState } from '#src/components/not-found-state.tsx';
import { QueryState } from '#src/components/query-state.tsx';
import { useSessionView } from '#src/lib/session/session-view.ts';
import { leadsTeam, TEAM_ROLE_LABELS } from '#domain/teams.ts';
import { useDisbandTeam, useLeaveTeam, useRequestToJoin, useTeam, type TeamDetail } from '../api/teams.ts';
import { InvitationActions, untilText } from './invitation-actions.tsx';
import { InvitePanel } from './invite-panel.tsx';
import { ReportButton } from '#src/components/report-button.tsx';
import { MemberList } from './member-list.tsx';
import { TeamEdit } from './team-edit.tsx';
import { EnterChallenge } from './enter-challenge.tsx';
import { TeamEntries } from './team-entries.tsx';
import { TeamRecord } from './team-record.tsx';
import { TeamCalendar } from './team-calendar.tsx';
import { AlliancesCard } from './alliances-card.tsx';

const dateOnly = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium' });

/** What an outsider may do here: answer their invitation, withdraw their request, or ask to join a public team. */
function ViewerStanding({ team }: { team: TeamDetail }) {
  const ask = useRequestToJoin(team.id);
  const own = team.viewer_pending;
  if (team.viewer_role) return null;
  if (own)
    return (
      <Card title={own.kind === 'invite' ? 'You are invited' : 'Your request'}>
        <p className="muted">
          {own.kind === 'invite' ? `${own.invited_by ?? 'A captain'} invited you to join ${team.name}. ` : 'A captain will answer. '}
          {untilText(own)}.
        </p>
        <InvitationActions invitation={own} answers={own.kind === 'invite' ? ['accept', 'decline'] : ['revoke']} teamId={team.id} />
      </Card>
    );
  if (team.visibility !== 'public') return <p className="muted">This team is invite only.</p>;
  return (
    <div className="team-actions">
      <Button variant="primary" disabled={ask.isPending} onClick={() => ask.mutate(undefined)}>
        Ask to join
      </Button>
      {ask.error && (
        <p className="error-text" role="alert">
          {ask.error.message}
        </p>
      )}
    </div>
  );
}

function LeaveOrDisband({ team, isAdmin }: { team: TeamDetail; isAdmin: boolean }) {
  const [, navigate] = useLocation();
  const leave = useLeaveTeam(team.id);
  const disband = useDisbandTeam(team.id);
  const error = leave.error ?? disband.error;
  return (
    <div className="team-actions">
      {team.viewer_role && team.viewer_role !== 'captain' && (
        <Button
          variant="secondary"
          disabled={leave.isPending}
          onClick={() => leave.mutate(undefined, { onSuccess: () => navigate('/team-dashboard-page') })}
        >
          Leave team
        </Button>
      )}
      {(team.viewer_role === 'captain' || isAdmin) && (
        <Button
          variant="danger"
          disabled={disband.isPending}
          onClick={() => {
            if (window.confirm(`Disband ${team.name}? Every member is told and the team is gone.`))
              disband.mutate(undefined, { onSuccess: () => navigate('/team-dashboard-page') });
          }}
        >
          Disband team
        </Button>
      )}
      {error && (
        <p className="error-text" role="alert">
          {error.message}
        </p>
      )}
    </div>
  );
}

/** One team's dashboard. */
export function TeamView({ teamId }: { teamId: number }) {
  const team = useTeam(teamId);
  const { user, isAdmin } = useSessionView();
  return (
    <div className="container page team-page">
      <QueryState
        query={team}
        loading="Loading the team…"
        notFound={<NotFoundState heading="Team" what="This team" back={{ href: '/team-dashboard-page', label: 'Go to your teams' }} />}
      >
        {(t) => (
          <>
            <div className="team-head">
              <h1>
                {t.name}
                {t.tag ? ` [${t.tag}]` : ''}
              </h1>
              <AppLink href="/team-dashboard-page">All your teams</AppLink>
              {!t.viewer_role && <ReportButton kind="team" itemId={t.id} subject={t.name} />}
            </div>
            <div className="team-facts">
              <Badge tone="info">{t.visibility === 'public' ? 'Public' : 'Invite only'}</Badge>
              {t.viewer_role && <Badge tone="brand">You: {TEAM_ROLE_LABELS[t.viewer_role]}</Badge>}
              {t.hidden && <Badge tone="warning">Hidden by moderators</Badge>}
              {t.gym && <span className="muted">Gym: {t.gym}</span>}
              <span className="muted">Since {dateOnly.format(new Date(t.created_at))}</span>
            </div>
            {t.description && <p>{t.description}</p>}
            {(leadsTeam(t.viewer_role) || isAdmin) && <TeamEdit key={t.id} team={t} />}
            <ViewerStanding team={t} />
            <div className="team-grid">
              <MemberList team={t} viewerId={user?.wp_user_id ?? 0} isAdmin={isAdmin} />
              <div className="team-grid-side">
                {(leadsTeam(t.viewer_role) || isAdmin) && <InvitePanel team={t} />}
                <TeamEntries teamId={t.id} entries={t.entries} />
                <TeamRecord entries={t.entries} />
                {(t.viewer_role === 'captain' || isAdmin) && <EnterChallenge team={t} />}
                <TeamCalendar team={t} />
                <AlliancesCard teamId={t.id} />
              </div>
            </div>
            <LeaveOrDisband team={t} isAdmin={isAdmin} />
          </>
        )}
      </QueryState>
    </div>
  );
}
