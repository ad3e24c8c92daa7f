import { useState, type FormEvent } from 'react';
import { Button } from '#src/components/ui/button.tsx';
import { Card } from '#src/components/ui/card.tsx';
import { TextInput } from '#src/components/ui/text-field.tsx';
import { useDebounced } from '#src/lib/use-debounced.ts';
import { INVITATION_TTL_DAYS } from '#domain/teams.ts';
import { useInvitable, useInvite, type TeamDetail } from '../api/teams.ts';
import { InvitationActions, untilText } from './invitation-actions.tsx';

/** Captains invite by name or by email, and see what waits: invitations to revoke, requests to answer. */
export function InvitePanel({ team }: { team: TeamDetail }) {
  const [q, setQ] = useState('');
  const [email, setEmail] = useState('');
  const [sent, setSent] = useState<string | null>(null);
  const query = useDebounced(q, 250);
  const found = useInvitable(team.id, query);
  const invite = useInvite(team.id);
  const send = (body: { user_id: number } | { email: string }, who: string) =>
    invite.mutate(body, {
      onSuccess: () => {
        setSent(`Invitation sent to ${who}.`);
        setEmail('');
        setQ('');
      },
      onError: () => setSent(null),
    });
  const byEmail = (e: FormEvent) => {
    e.preventDefault();
    if (email.trim()) send({ email: email.trim() }, email.trim());
  };
  const full = team.member_count >= team.max_size;
  return (
    <Card title="Invite athletes">
      <div className="team-invite">
        {full && <p className="muted">The team is full. Remove a member or raise its size to invite more.</p>}
        <p className="muted">Invitations wait {INVITATION_TTL_DAYS} days for an answer.</p>
        <TextInput label="Find an athlete by name" value={q} onChange={(e) => setQ(e.target.value)} maxLength={80} disabled={full} />
        {found.data && (
          <ul className="team-list" aria-label="Matching athletes">
            {found.data.athletes.length === 0 && <li className="muted">No athlete by that name who is not in the team.</li>}
            {found.data.athletes.map((a) => (
              <li key={a.user_id} className="team-row">
                <span className="team-row-main">{a.display_name}</span>
                <Button
                  size="sm"
                  disabled={invite.isPending}
                  aria-label={`Invite ${a.display_name}`}
                  onClick={() => send({ user_id: a.user_id }, a.display_name)}
                >
                  Invite
                </Button>
              </li>
            ))}
          </ul>
        )}
        <form className="team-invite-row" onSubmit={byEmail}>
          <TextInput
            label="Or invite by email"
            hint="Someone without an account gets a sign-up link."
            type="email"
            value={email}
            onChange={(e) => setEmail(e.target.value)}
            maxLength={254}
            disabled={full}
          />
          <Button type="submit" variant="primary" disabled={full || invite.isPending || !email.trim()}>
            Send invitation
          </Button>
        </form>
        <div aria-live="polite">
          {invite.error && (
            <p className="error-text" role="alert">
              {invite.error.message}
            </p>
          )}
          {sent && <p className="success-text">{sent}</p>}
        </div>
      </div>
      <h3>Waiting for an answer</h3>
      {team.pending.length === 0 ? (
        <p className="muted">No invitation or request is waiting.</p>
      ) : (
        <ul className="team-list">
          {team.pending.map((p) => (
            <li key={p.id} className="team-row">
              <div className="team-row-main">
                <span>
                  {p.kind === 'request' ? 'Asks to join: ' : 'Invited: '}
                  <strong>{p.athlete?.display_name ?? p.email}</strong>
                </span>
                <span className="muted">{untilText(p)}</span>
              </div>
              <InvitationActions invitation={p} answers={p.kind === 'request' ? ['accept', 'decline'] : ['revoke']} teamId={team.id} />
            </li>
          ))}
        </ul>
      )}
    </Card>
  );
}
