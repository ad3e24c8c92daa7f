import { useEffect, useState } from 'react';
import { useSelector } from '@xstate/react';
import { fromPromise } from 'xstate';
import { followToggleMachine } from '#machines/follow-toggle.ts';
import { useFlow } from '../lib/flow/use-flow.ts';
import { useSessionView } from '../lib/session/session-view.ts';
import { useSaveKudos, type KudosKind } from '../api/kudos.ts';
import { Button } from './ui/button.tsx';
import { ThumbsUp } from 'lucide-react';
import './kudos-button.css';

export interface KudosButtonProps {
  kind: KudosKind;
  itemId: number;
  count: number;
  mine: boolean;
  /** What the kudos are for, for screen readers ("Morning engine"). */
  subject: string;
  /** The author: nobody gives kudos to their own story or result. */
  authorId: number;
}

const countText = (n: number) => (n === 1 ? '1 kudos' : `${n} kudos`);

/**
 * Kudos on a story or a result: a toggle (pressed once the reader gave kudos) that gives them, and takes them back
 * when pressed again; the count is the server's answer. Signed out, or on one's own item, the count alone.
 */
export function KudosButton({ kind, itemId, count, mine, subject, authorId }: KudosButtonProps) {
  const { user } = useSessionView();
  const [shown, setShown] = useState({ count, mine });
  useEffect(() => setShown({ count, mine }), [count, mine]);
  const save = useSaveKudos(kind, itemId);
  const flow = useFlow(
    followToggleMachine.provide({
      actors: {
        save: fromPromise(async ({ input }) => {
          const answer = await save.mutateAsync(input.want);
          setShown({ count: answer.count, mine: answer.mine });
          return answer;
        }),
      },
    }),
  );
  const busy = useSelector(flow, (s) => s.hasTag('busy'));
  const problem = useSelector(flow, (s) => s.context.problem);
  if (!user || user.wp_user_id === authorId)
    return (
      <span className="kudos-count muted">
        <ThumbsUp aria-hidden size={16} /> {countText(shown.count)}
      </span>
    );
  return (
    <span className="kudos">
      <Button
        size="sm"
        variant={shown.mine ? 'primary' : 'secondary'}
        aria-pressed={shown.mine}
        aria-label={`Kudos for ${subject}: ${countText(shown.count)}`}
        loading={busy}
        icon={<ThumbsUp aria-hidden size={16} />}
        onClick={() => flow.send({ type: 'toggle.press', want: !shown.mine })}
      >
        {countText(shown.count)}
      </Button>
      {problem ? (
        <span className="error-text kudos-problem" role="alert">
          {problem}
        </span>
      ) : null}
    </span>
  );
}
