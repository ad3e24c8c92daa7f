import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useSelector } from '@xstate/react';
import { fromPromise } from 'xstate';
import { Ellipsis, ThumbsUp, UserMinus, UserPlus } from 'lucide-react';
import { followToggleMachine } from '#machines/follow-toggle.ts';
import { useFlow } from '../lib/flow/use-flow.ts';
import { useSessionView } from '../lib/session/session-view.ts';
import { toast } from '../lib/toast.ts';
import { useFollowSummary, useSaveFollow } from '../api/follows.ts';
import { kudosKey, useKudos, useSaveKudos, type KudosState } from '../api/kudos.ts';
import { DropdownMenu, DropdownMenuContent, DropdownMenuItem, DropdownMenuLabel, DropdownMenuTrigger } from './ui/dropdown-menu.tsx';
import { buttonClass } from './ui/button.tsx';

export interface BoardRowMenuProps {
  athleteId: number;
  /** The athlete's name: the trigger is "More for Mateo Silva". */
  name: string;
  /** The row's result, which takes kudos when verified (the server also refuses a hidden or private one). */
  scoreId: number;
  verified: boolean;
  /** The result as the row shows it ("3:12"), for the menu's heading and the kudos toasts. */
  scoreText: string;
}

const kudosText = (n: number) => (n === 1 ? '1 kudos' : `${n} kudos`);
const reasonOf = (error: unknown) => (error instanceof Error && error.message ? error.message : 'Could not save that. Try again.');

/**
 * The "⋯" menu of a board row (beside its Report flag): follow or unfollow the athlete, give or take back kudos on the
 * result. What the viewer already did is asked when the menu is first hovered or opened; each choice says what
 * happened in a toast, and the menu offers the way back next time (Unfollow, Take back kudos). Signed out, or on
 * one's own row, there is no menu. Loaded lazily, with a signed-in board.
 */
export default function BoardRowMenu({ athleteId, name, scoreId, verified, scoreText }: BoardRowMenuProps) {
  const { user } = useSessionView();
  const qc = useQueryClient();
  const [asked, setAsked] = useState(false);
  const summary = useFollowSummary(athleteId, asked);
  const kudos = useKudos('score', scoreId, asked && verified);
  const saveFollow = useSaveFollow(athleteId);
  const saveKudos = useSaveKudos('score', scoreId);
  const me = user?.wp_user_id ?? null;

  const follow = useFlow(
    followToggleMachine.provide({
      actors: {
        save: fromPromise(async ({ input }) => {
          try {
            const answer = await saveFollow.mutateAsync(input.want);
            toast({ title: input.want ? `You follow ${name}.` : `You no longer follow ${name}.`, variant: 'success' });
            return answer;
          } catch (error) {
            toast({ title: reasonOf(error), variant: 'error' });
            throw error;
          }
        }),
      },
    }),
  );
  const giveKudos = useFlow(
    followToggleMachine.provide({
      actors: {
        save: fromPromise(async ({ input }) => {
          try {
            const answer: KudosState = await saveKudos.mutateAsync(input.want);
            qc.setQueryData(kudosKey('score', scoreId, me), answer);
            toast({
              title: input.want ? `You gave ${name} kudos for ${scoreText}.` : `You took back your kudos for ${name}’s ${scoreText}.`,
              variant: 'success',
            });
            return answer;
          } catch (error) {
            toast({ title: reasonOf(error), variant: 'error' });
            throw error;
          }
        }),
      },
    }),
  );
  const followBusy = useSelector(follow, (s) => s.hasTag('busy'));
  const kudosBusy = useSelector(giveKudos, (s) => s.hasTag('busy'));

  if (!user || me === athleteId) return null;
  const following = summary.data?.followed_by_me ?? false;
  const given = kudos.data?.mine ?? false;
  return (
    <DropdownMenu modal={false} onOpenChange={(open) => open && setAsked(true)}>
      <DropdownMenuTrigger
        className={buttonClass('ghost', 'sm', 'board-row-more')}
        aria-label={`More for ${name}`}
        title="More"
        onPointerEnter={() => setAsked(true)}
      >
        <Ellipsis size={16} aria-hidden />
      </DropdownMenuTrigger>
      <DropdownMenuContent collisionPadding={8}>
        <DropdownMenuLabel>
          {name} · {scoreText}
        </DropdownMenuLabel>
        <DropdownMenuItem disabled={!summary.data || followBusy} onSelect={() => follow.send({ type: 'toggle.press', want: !following })}>
          {following ? <UserMinus size={16} aria-hidden /> : <UserPlus size={16} aria-hidden />}
          {!summary.data && !summary.isError ? 'Loading…' : following ? `Unfollow ${name}` : `Follow ${name}`}
        </DropdownMenuItem>
        {/* A result nobody may give kudos to (held, hidden, in a private challenge) has no kudos item. */}
        {verified && !kudos.isError && (
          <DropdownMenuItem disabled={!kudos.data || kudosBusy} onSelect={() => giveKudos.send({ type: 'toggle.press', want: !given })}>
            <ThumbsUp size={16} aria-hidden />
            {kudos.data ? (
              <>
                {given ? 'Take back kudos' : 'Give kudos'}
                <span className="muted"> · {kudosText(kudos.data.count)}</span>
              </>
            ) : (
              'Kudos…'
            )}
          </DropdownMenuItem>
        )}
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
