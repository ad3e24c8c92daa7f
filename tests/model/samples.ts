import type { AnyActorLogic, AnyStateMachine, ContextFrom, EventFromLogic, InputFrom } from 'xstate';

/**
 * What path generation needs besides the chart itself: one or more sample
 * payloads for every event type the machine accepts (a missing type is a type
 * error here and an uncovered transition in the coverage test), and for every
 * invoked actor (by its `src` name) a sample output and a sample error, so
 * `xstate.done.actor.*` / `xstate.error.actor.*` steps can be produced.
 * Each machine's table is `tests/model/samples/<name>.samples.ts` (machines/ holds only charts).
 */
export type EventSamples<M extends AnyStateMachine> = {
  [K in EventFromLogic<M>['type']]: readonly Extract<EventFromLogic<M>, { type: K }>[];
};

export interface ActorSample {
  /** What the actor resolves with (fromPromise) on the sample success path. */
  output?: unknown;
  /** What it rejects with on the sample failure path. */
  error?: unknown;
  /** Several success samples (each becomes its own branch), instead of `output`. */
  outputs?: readonly unknown[];
  /** Several failure samples (e.g. a 401 and a 503), instead of `error`. */
  errors?: readonly unknown[];
  /**
   * For an actor that is not a one-shot promise (a `fromCallback` connection, a child
   * machine): what the path replays run instead of the real one. Without it, such an
   * actor is replaced by a callback that does nothing.
   */
  logic?: AnyActorLogic;
}

export interface MachineSamples<M extends AnyStateMachine> {
  machine: M;
  /** Input for `createActor(machine, { input })`, when the machine takes one. */
  input?: InputFrom<M>;
  /** Several starting inputs (e.g. a first visit and a returning athlete), instead of `input`. */
  inputs?: readonly InputFrom<M>[];
  events: EventSamples<M>;
  actors?: Record<string, ActorSample>;
  /**
   * The part of the context that makes two snapshots different states for the path
   * generator (default: all of it). Leave out clock readings and free text, or the
   * graph never ends.
   */
  stateContext?: (context: ContextFrom<M>) => unknown;
}

/** Typed helper so a table is checked against its machine. */
export const defineSamples = <M extends AnyStateMachine>(samples: MachineSamples<M>) => samples;
