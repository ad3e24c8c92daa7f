import { lazy, Suspense, useEffect, useRef } from 'react';
import { useSelector } from '@xstate/react';
import { useFlow } from '#src/lib/flow/use-flow.ts';
import { fromPromise } from 'xstate';
import { feedbackMachine, type FeedbackPayload } from '#machines/feedback.ts';
import { api, secureApi } from '#src/api/client.ts';
import { callApi } from '#src/api/errors.ts';
import { onOpenFeedback } from '#src/lib/feedback-launcher.ts';
import { toast } from '#src/lib/toast.ts';
import { SessionActor } from '#src/lib/session/session-provider.tsx';
import { Pending } from '#src/lib/settled.tsx';

const FeedbackDialog = lazy(() => import('#src/features/feedback/components/feedback-dialog.tsx'));

export const FEEDBACK_SUCCESS_TEXT = 'Thank you! Your feedback has been submitted successfully.';
export const FEEDBACK_FAILED_TEXT = 'Failed to submit feedback';

/**
 * Owns the feedback flow for the whole app. It loads with the first request to open it
 * (`firstOpener`: who asked, opened at once), the dialog itself a moment later.
 */
export default function FeedbackHost({ firstOpener }: { firstOpener: HTMLElement | null }) {
  const session = SessionActor.useFlowActor();
  const opener = useRef<HTMLElement | null>(null);
  const firstHandled = useRef(false);
  const actor = useFlow(
    feedbackMachine.provide({
      actors: {
        submitFeedback: fromPromise<unknown, FeedbackPayload>(async ({ input }) => {
          const signedIn = session.getSnapshot().matches('signedIn');
          const client = signedIn ? secureApi : api;
          return callApi(client.POST('/api/feedback/submit-feedback', { body: input }), FEEDBACK_FAILED_TEXT);
        }),
      },
      actions: {
        notifySubmitted: () => toast({ title: FEEDBACK_SUCCESS_TEXT, variant: 'success' }),
        notifyFailed: (_, { error }) =>
          toast({ title: error instanceof Error && error.message ? error.message : FEEDBACK_FAILED_TEXT, variant: 'error' }),
      },
    }),
  );
  const open = useSelector(actor, (s) => !s.matches('closed'));
  useEffect(() => {
    const openFor = (element: HTMLElement | null) => {
      opener.current = element;
      actor.send({ type: 'feedback.open', page_url: window.location.href, browser_info: navigator.userAgent });
    };
    if (!firstHandled.current) {
      firstHandled.current = true;
      openFor(firstOpener);
    }
    return onOpenFeedback(openFor);
  }, [actor, firstOpener]);
  if (!open) return null;
  return (
    <Suspense fallback={<Pending />}>
      <FeedbackDialog actor={actor} returnFocusTo={opener} />
    </Suspense>
  );
}
