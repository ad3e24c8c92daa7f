import { useSelector } from '@xstate/react';
import { fromPromise } from 'xstate';
import type { FormEvent } from 'react';
import { squadEntryMachine } from '#machines/squad-entry.ts';
import { useFlow } from '#src/lib/flow/use-flow.ts';
import { QueryState } from '#src/components/query-state.tsx';
import { FormFooter } from '#src/components/form-footer.tsx';
import { Checkbox } from '#src/components/ui/checkbox.tsx';
import { RadioGroup } from '#src/components/ui/radio-group.tsx';
import { AppLink } from '#src/components/ui/link.tsx';
import { useEnterSquad, useMySquadTeams } from '../api/squads.ts';

/** A captain enters one of their teams: choose the team, then exactly the squad size of its members. */
export function SquadEntryForm({ battleId, size }: { battleId: number; size: number }) {
  const teams = useMySquadTeams(true);
  const enter = useEnterSquad(battleId);
  const flow = useFlow(
    squadEntryMachine.provide({
      actors: {
        enterSquad: fromPromise(async ({ input }) => ({
          id: (await enter.mutateAsync({ team_id: input.teamId, member_ids: input.memberIds })).battle.id,
        })),
      },
    }),
    { input: { size } },
  );
  const teamId = useSelector(flow, (s) => s.context.teamId);
  const chosen = useSelector(flow, (s) => s.context.memberIds);
  const problem = useSelector(flow, (s) => s.context.problem);
  const pending = useSelector(flow, (s) => s.hasTag('busy'));
  const failed = useSelector(flow, (s) => s.matches('failed'));
  const entered = useSelector(flow, (s) => s.matches('entered'));
  const submit = (e: FormEvent) => {
    e.preventDefault();
    flow.send({ type: failed ? 'squad.retry' : 'squad.submit' });
  };
  if (entered)
    return (
      <p className="success-text" role="status">
        Your squad is in. Its members submit their scores here once the first round opens.
      </p>
    );
  return (
    <QueryState
      query={teams}
      loading="Loading your teams…"
      empty={
        <p className="muted">
          Only a team’s captain or co-captain can enter it. <AppLink href="/team-creation-page">Create a team</AppLink> or ask your captain.
        </p>
      }
    >
      {(data) => {
        const team = data.items.find((t) => t.team_id === teamId);
        return (
          <form className="card form" aria-label="Enter a squad" onSubmit={submit} noValidate>
            <RadioGroup<string>
              label="Team"
              options={data.items.map((t) => ({
                value: String(t.team_id),
                label: t.name,
                hint: `${t.members.length} ${t.members.length === 1 ? 'member' : 'members'}`,
              }))}
              value={teamId === null ? null : String(teamId)}
              onChange={(v) => flow.send({ type: 'squad.team', teamId: Number(v) })}
            />
            {team ? (
              <fieldset className="squad-members">
                <legend>
                  Choose {size} members ({chosen.length} chosen)
                </legend>
                {team.members.length < size ? (
                  <p className="muted">
                    {team.name} has {team.members.length} members; this battle needs squads of {size}.
                  </p>
                ) : null}
                {team.members.map((m) => (
                  <Checkbox
                    key={m.user_id}
                    label={m.display_name}
                    checked={chosen.includes(m.user_id)}
                    onChange={() => flow.send({ type: 'squad.toggle', userId: m.user_id })}
                  />
                ))}
              </fieldset>
            ) : null}
            <FormFooter submitLabel={failed ? 'Try again' : 'Enter the squad'} pendingLabel="Entering…" pending={pending} error={problem} />
          </form>
        );
      }}
    </QueryState>
  );
}
