import { Badge } from '#src/components/ui/badge.tsx';
import { Button } from '#src/components/ui/button.tsx';
import { Card } from '#src/components/ui/card.tsx';
import { AppLink } from '#src/components/ui/link.tsx';
import { TEAM_ROLE_LABELS } from '#domain/teams.ts';
import { useRemoveMember, useSetRole, type TeamDetail } from '../api/teams.ts';
import { useDisplayText } from '#src/lib/score-text.ts';

/** Members with their roles and latest results; the captain changes roles, captains and co-captains remove. */
export function MemberList({ team, viewerId, isAdmin }: { team: TeamDetail; viewerId: number; isAdmin: boolean }) {
  const shown = useDisplayText();
  const setRole = useSetRole(team.id);
  const remove = useRemoveMember(team.id);
  const captain = team.viewer_role === 'captain' || isAdmin;
  const leader = captain || team.viewer_role === 'co_captain';
  const error = setRole.error ?? remove.error;
  return (
    <Card title={`Members (${team.member_count} of ${team.max_size})`}>
      <ul className="team-list">
        {team.members.map((m) => {
          const mayRemove = m.user_id !== viewerId && m.role !== 'captain' && (captain || (leader && m.role === 'member'));
          return (
            <li key={m.user_id} className="team-row">
              <div className="team-row-main">
                <span>
                  <AppLink href={`/athlete-profile-page?id=${m.user_id}`}>{m.display_name}</AppLink>{' '}
                  <Badge tone={m.role === 'member' ? 'neutral' : 'brand'}>{TEAM_ROLE_LABELS[m.role]}</Badge>
                </span>
                {m.recent_results.length === 0 ? (
                  <span className="muted">No results yet.</span>
                ) : (
                  <ul className="team-results" aria-label={`Recent results of ${m.display_name}`}>
                    {m.recent_results.map((r) => (
                      <li key={`${r.challenge_id}-${r.submitted_at}`}>
                        {r.challenge_title}: {shown(r.display)}
                      </li>
                    ))}
                  </ul>
                )}
              </div>
              {(captain || mayRemove) && m.role !== 'captain' && (
                <div className="team-actions">
                  {captain && (
                    <Button
                      size="sm"
                      variant="ghost"
                      onClick={() => setRole.mutate({ userId: m.user_id, role: m.role === 'member' ? 'co_captain' : 'member' })}
                    >
                      {m.role === 'member' ? `Make ${m.display_name} co-captain` : `Make ${m.display_name} a member`}
                    </Button>
                  )}
                  {captain && (
                    <Button size="sm" variant="ghost" onClick={() => setRole.mutate({ userId: m.user_id, role: 'captain' })}>
                      Hand captaincy to {m.display_name}
                    </Button>
                  )}
                  {mayRemove && (
                    <Button size="sm" variant="danger" onClick={() => remove.mutate(m.user_id)}>
                      Remove {m.display_name}
                    </Button>
                  )}
                </div>
              )}
            </li>
          );
        })}
      </ul>
      {error && (
        <p className="error-text" role="alert">
          {error.message}
        </p>
      )}
    </Card>
  );
}
