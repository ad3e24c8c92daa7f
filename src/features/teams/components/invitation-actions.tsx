import { Button } from '#src/components/ui/button.tsx';
import { useAnswerInvitation, type InvitationAnswer, type TeamInvitation } from '../api/teams.ts';

const dateOnly = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium' });
export const untilText = (i: TeamInvitation) => `Waits until ${dateOnly.format(new Date(i.expires_at))}`;

/** The buttons one person may press on one invitation or request, with the server's answer beneath. */
export function InvitationActions({
  invitation,
  answers,
  teamId,
}: {
  invitation: TeamInvitation;
  answers: InvitationAnswer[];
  teamId: number | null;
}) {
  const answer = useAnswerInvitation(teamId);
  const subject = invitation.athlete?.display_name ?? invitation.email ?? invitation.team_name;
  const labels: Record<InvitationAnswer, string> = {
    accept: invitation.kind === 'request' ? 'Approve' : 'Accept',
    decline: 'Decline',
    revoke: invitation.kind === 'request' ? 'Withdraw' : 'Revoke',
  };
  return (
    <div className="team-actions">
      {answers.map((a) => (
        <Button
          key={a}
          size="sm"
          variant={a === 'accept' ? 'primary' : 'secondary'}
          disabled={answer.isPending}
          aria-label={`${labels[a]}: ${subject}`}
          onClick={() => answer.mutate({ id: invitation.id, answer: a })}
        >
          {labels[a]}
        </Button>
      ))}
      {answer.error && (
        <p className="error-text" role="alert">
          {answer.error.message}
        </p>
      )}
    </div>
  );
}
