import type { AnyStateMachine, EventFromLogic, InputFrom } from 'xstate';

/**
 * What path generation needs besides the chart itself: one or more sample
 * payloads for every event type the machine accepts (a missing type is a type
 * error here and an uncovered transition in the coverage test), and for every
 * invoked actor (by its `src` name) a sample output and a sample error, so
 * `xstate.done.actor.*` / `xstate.error.actor.*` steps can be produced.
 * Each machine keeps its table next to it: `machines/<name>.samples.ts`.
 */
export type EventSamples<M extends AnyStateMachine> = {
  [K in EventFromLogic<M>['type']]: readonly Extract<EventFromLogic<M>, { type: K }>[];
};

export interface ActorSample {
  /** What the actor resolves with (fromPromise) on the sample success path. */
  output?: unknown;
  /** What it rejects with on the sample failure path. */
  error?: unknown;
}

export interface MachineSamples<M extends AnyStateMachine> {
  machine: M;
  /** Input for `createActor(machine, { input })`, when the machine takes one. */
  input?: InputFrom<M>;
  events: EventSamples<M>;
  actors?: Record<string, ActorSample>;
}

/** Typed helper so a table is checked against its machine. */
export const defineSamples = <M extends AnyStateMachine>(samples: MachineSamples<M>) => samples;
