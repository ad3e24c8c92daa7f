import { Badge } from '#src/components/ui/badge.tsx';
import { Button } from '#src/components/ui/button.tsx';
import { Card } from '#src/components/ui/card.tsx';
import { AppLink } from '#src/components/ui/link.tsx';
import { QueryState } from '#src/components/query-state.tsx';
import { ALLIANCE_LIMIT, ALLIANCE_STATE_LABELS } from '#domain/teams-alliances.ts';
import { useAnswerAlliance, useTeamAlliances, type Alliance } from '../api/alliances.ts';
import { ProposeAlliance } from './alliance-propose.tsx';

function AllianceItem({ alliance, teamId, canAct }: { alliance: Alliance; teamId: number; canAct: boolean }) {
  const answer = useAnswerAlliance(teamId);
  const invited = alliance.team_state === 'invited';
  const act = (what: 'accept' | 'leave', confirmText?: string) => {
    if (confirmText && !window.confirm(confirmText)) return;
    answer.mutate({ allianceId: alliance.id, answer: what });
  };
  return (
    <li className="alliance-item" aria-label={alliance.name}>
      <div className="team-row">
        <div className="team-row-main">
          <strong>{alliance.name}</strong>
          <span className="muted">
            {alliance.status === 'active' ? 'Active' : invited ? 'Your team is invited' : 'Waiting for the other captains'}
          </span>
        </div>
        <Badge tone={alliance.status === 'active' ? 'success' : 'warning'}>{alliance.status === 'active' ? 'Active' : 'Proposed'}</Badge>
      </div>
      <ul className="alliance-teams" aria-label={`Teams in ${alliance.name}`}>
        {alliance.teams
          .filter((t) => t.state !== 'left')
          .map((t) => (
            <li key={t.id}>
              {t.id === teamId ? <span>{t.name}</span> : <AppLink href={`/team-dashboard-page?id=${t.id}`}>{t.name}</AppLink>}
              {t.tag ? ` [${t.tag}]` : ''} <span className="muted">· {ALLIANCE_STATE_LABELS[t.state]}</span>
            </li>
          ))}
      </ul>
      {canAct && (
        <div className="team-actions">
          {invited ? (
            <>
              <Button size="sm" variant="primary" disabled={answer.isPending} onClick={() => act('accept')}>
                Accept
              </Button>
              <Button size="sm" variant="secondary" disabled={answer.isPending} onClick={() => act('leave')}>
                Decline
              </Button>
            </>
          ) : (
            <Button
              size="sm"
              variant="secondary"
              disabled={answer.isPending}
              onClick={() => act('leave', `Take your team out of ${alliance.name}? The other captains are told.`)}
            >
              {alliance.status === 'active' ? 'Leave alliance' : 'Withdraw'}
            </Button>
          )}
        </div>
      )}
      {answer.error && (
        <p className="error-text" role="alert">
          {answer.error.message}
        </p>
      )}
    </li>
  );
}

/** The team's alliances: active ones, proposals waiting (captains answer), and a form to propose one. */
export function AlliancesCard({ teamId }: { teamId: number }) {
  const alliances = useTeamAlliances(teamId);
  return (
    <Card title="Alliances">
      <QueryState query={alliances} loading="Loading the alliances…">
        {(data) => (
          <>
            {data.items.length === 0 ? (
              <p className="muted">This team is in no alliance{data.can_act ? ' and no proposal is waiting' : ''}.</p>
            ) : (
              <ul className="alliance-list" aria-label="Alliances">
                {data.items.map((a) => (
                  <AllianceItem key={a.id} alliance={a} teamId={teamId} canAct={data.can_act} />
                ))}
              </ul>
            )}
            {data.can_act && (
              <>
                <p className="muted">A team may stand in up to {ALLIANCE_LIMIT} alliances, proposed or active.</p>
                <ProposeAlliance teamId={teamId} />
              </>
            )}
          </>
        )}
      </QueryState>
    </Card>
  );
}
