import { useRef } from 'react';
import { useSelector } from '@xstate/react';
import { useFlow } from './flow/use-flow.ts';
import { fromPromise, type ActorRefFrom } from 'xstate';
import { actWithReasonMachine, type ActRequest, type ActWithReasonInput } from '#machines/act-with-reason.ts';
import { toast } from './toast.ts';

export type ActWithReasonActor = ActorRefFrom<typeof actWithReasonMachine>;

interface Handlers {
  /** The API call (a mutation's mutateAsync); it rejects with Error(detail). */
  act: (request: ActRequest) => Promise<unknown>;
  onDone: (request: ActRequest) => void;
}

/**
 * Runs the act-with-reason machine for one form. The handlers are read at call
 * time, so the page may pass fresh closures on every render.
 */
export function useActWithReason(input: ActWithReasonInput, handlers: Handlers) {
  const latest = useRef(handlers);
  latest.current = handlers;
  const actor = useFlow(
    actWithReasonMachine.provide({
      actors: { act: fromPromise<unknown, ActRequest>(({ input: request }) => latest.current.act(request)) },
      actions: {
        notifyDone: (_, { request }) => latest.current.onDone(request),
        notifyFailed: (_, { error }) => toast({ title: error instanceof Error ? error.message : String(error), variant: 'error' }),
      },
    }),
    { input },
  );
  return actor;
}

/** What a form shows, in one selector call each. */
export function useReasonForm(actor: ActWithReasonActor) {
  return {
    open: useSelector(actor, (s) => !s.matches('idle')),
    reason: useSelector(actor, (s) => s.context.reason),
    choice: useSelector(actor, (s) => s.context.choice),
    tried: useSelector(actor, (s) => s.context.tried),
    pending: useSelector(actor, (s) => s.hasTag('busy')),
  };
}
