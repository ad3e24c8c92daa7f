import { useRef } from 'react';
import { useSelector } from '@xstate/react';
import { useFlow } from '#src/lib/flow/use-flow.ts';
import { fromPromise } from 'xstate';
import { secureApi } from '#src/api/client.ts';
import { toast } from '#src/lib/toast.ts';
import { useSessionView } from '#src/lib/session/session-view.ts';
import { timelineHandoffMachine, type HandoffAnswer } from '#machines/timeline-handoff.ts';

export const TIMELINE_LOGIN_TEXT = 'Please log in to access WordPress features.';
export const TIMELINE_FAILED_TEXT = 'Unable to navigate to WordPress. Please try again.';
export const TIMELINE_TOKEN_FAILED_TEXT = 'Failed to generate navigation token';

async function requestHandoff(): Promise<HandoffAnswer> {
  const { data } = await secureApi.POST('/api/wordpress-jwt/generate-navigation-token', { body: { redirect_path: '/timeline/' } });
  if (!data) throw new Error(TIMELINE_TOKEN_FAILED_TEXT);
  return data;
}

/** Opens the community-site timeline in a new tab through a signed handoff link. */
export function TimelineLink({ className }: { className?: string }) {
  const { user } = useSessionView();
  // The tab is opened inside the click so it is not blocked; the machine then points it at the handoff.
  const tab = useRef<Window | null>(null);
  const actor = useFlow(
    timelineHandoffMachine.provide({
      actors: { requestHandoff: fromPromise<HandoffAnswer, void>(requestHandoff) },
      actions: {
        askToSignIn: () => toast({ title: TIMELINE_LOGIN_TEXT, variant: 'error' }),
        openHandoff: (_, { url }) => {
          if (tab.current) tab.current.location.href = url;
          else window.open(url, '_blank', 'noopener,noreferrer');
        },
        notifyRefused: (_, { message }) => {
          tab.current?.close();
          toast({ title: TIMELINE_TOKEN_FAILED_TEXT, description: message ?? undefined, variant: 'error' });
        },
        notifyFailed: () => {
          tab.current?.close();
          toast({ title: TIMELINE_FAILED_TEXT, variant: 'error' });
        },
      },
    }),
  );
  const busy = useSelector(actor, (s) => s.hasTag('busy'));
  const open = () => {
    const signedIn = !!user?.email;
    if (signedIn && !actor.getSnapshot().hasTag('busy')) {
      tab.current = window.open('', '_blank');
      if (tab.current) tab.current.opener = null;
    }
    actor.send({ type: 'timeline.open', signedIn });
  };
  return (
    <button type="button" className={className} onClick={open} aria-busy={busy}>
      Timeline<span className="visually-hidden"> (opens the community site in a new tab)</span>
    </button>
  );
}
