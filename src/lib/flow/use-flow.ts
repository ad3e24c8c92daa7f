import { createActorContext, useActorRef } from '@xstate/react';
import { createActor } from 'xstate';
import type { Actor, ActorOptions, AnyActorLogic, InspectionEvent, IsNotNever, Observer, RequiredActorOptionsKeys } from 'xstate';
import { actorInspection } from '../inspector.ts';

/**
 * The one way the app starts a chart's actor from React: `useFlow(machine, options)`
 * is `useActorRef` with the Stately inspector attached (a dev build with `?inspect`;
 * see ../inspector.ts), so every flow reports to the same inspector window. ESLint
 * allows `useActorRef`, `useMachine` and `createActorContext` from @xstate/react only here.
 */

/** Options as `useActorRef` takes them: `input` is required when the logic requires it. */
type FlowOptions<TLogic extends AnyActorLogic> =
  IsNotNever<RequiredActorOptionsKeys<TLogic>> extends true
    ? [options: ActorOptions<TLogic> & { [K in RequiredActorOptionsKeys<TLogic>]: unknown }]
    : [options?: ActorOptions<TLogic>];

type Inspect = Observer<InspectionEvent> | ((event: InspectionEvent) => void);

/** The caller's own `inspect` (a test's) still hears everything; the inspector is added beside it. */
function inspected<T extends { inspect?: Inspect }>(options: T | undefined): T {
  const own = options?.inspect;
  if (!actorInspection) return (options ?? {}) as T;
  const toInspector = actorInspection;
  if (!own) return { ...options, inspect: toInspector } as T;
  return {
    ...options,
    inspect: (event: InspectionEvent) => {
      toInspector(event);
      if (typeof own === 'function') own(event);
      else own.next?.(event);
    },
  } as T;
}

/** Starts the chart's actor for this component's lifetime, reporting to the inspector when it is on. */
export function useFlow<TLogic extends AnyActorLogic>(logic: TLogic, ...[options]: FlowOptions<TLogic>): Actor<TLogic> {
  return useActorRef(logic, inspected(options) as ActorOptions<TLogic>);
}

/**
 * `createActorContext` with the inspector attached: the provider's actor reports to it
 * unless the provider's `options` bring their own `inspect`.
 */
export function createFlowContext<TLogic extends AnyActorLogic>(logic: TLogic, options?: ActorOptions<TLogic>) {
  const context = createActorContext(logic, inspected(options));
  // The provider starts the actor; components below read it (useSelector) or reach it to send (useFlowActor).
  return { Provider: context.Provider, useSelector: context.useSelector, useFlowActor: context.useActorRef };
}

/**
 * A chart's actor made outside React (not started), with the inspector attached: for a chart whose
 * code loads on demand, such as the session's (src/lib/session/session-actor.ts).
 */
export function createFlow<TLogic extends AnyActorLogic>(logic: TLogic, ...[options]: FlowOptions<TLogic>): Actor<TLogic> {
  return createActor(logic, inspected(options) as ActorOptions<TLogic>);
}
