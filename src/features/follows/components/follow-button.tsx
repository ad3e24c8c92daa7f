import { useSelector } from '@xstate/react';
import { fromPromise } from 'xstate';
import { UserCheck, UserPlus } from 'lucide-react';
import { followToggleMachine } from '#machines/follow-toggle.ts';
import { useFlow } from '#src/lib/flow/use-flow.ts';
import { Button } from '#src/components/ui/button.tsx';
import { useSaveFollow } from '../api/follows.ts';

/** Follow or unfollow one athlete; `following` is the server's word (the counts query), shown pressed when true. */
export function FollowButton({ userId, name, following }: { userId: number; name: string; following: boolean }) {
  const save = useSaveFollow(userId);
  const flow = useFlow(followToggleMachine.provide({ actors: { save: fromPromise(({ input }) => save.mutateAsync(input.want)) } }));
  const busy = useSelector(flow, (s) => s.hasTag('busy'));
  const problem = useSelector(flow, (s) => s.context.problem);
  return (
    <span className="follow-button">
      <Button
        size="sm"
        variant={following ? 'secondary' : 'primary'}
        aria-pressed={following}
        loading={busy}
        icon={following ? <UserCheck size={16} aria-hidden /> : <UserPlus size={16} aria-hidden />}
        onClick={() => flow.send({ type: 'toggle.press', want: !following })}
      >
        {following ? 'Following' : 'Follow'}
        <span className="visually-hidden"> {name}</span>
      </Button>
      {problem ? (
        <span className="error-text follow-problem" role="alert">
          {problem}
        </span>
      ) : null}
    </span>
  );
}
