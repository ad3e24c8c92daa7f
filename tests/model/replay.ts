import { createActor, fromCallback, fromPromise, SimulatedClock, type AnyActorLogic, type AnyStateMachine, type EventObject } from 'xstate';
import { chartTransitions, type GeneratedPath } from './paths.ts';
import type { MachineSamples } from './samples.ts';

/**
 * Drives a real actor along a generated path (tests/model/paths.ts). The graph walks the
 * chart's pure transitions, including the built-in events of delays ('xstate.after.*')
 * and invoked actors ('xstate.done.actor.*', 'xstate.error.actor.*'); here each of
 * those is produced the way it happens at run time: by moving the simulated clock to
 * the moment the timer is due, or by settling the promise the provided actor returned.
 */
export interface Pending<T = unknown> {
  resolve: (value: T) => void;
  reject: (error: unknown) => void;
}

export class ControlledPromises {
  private readonly pending = new Map<string, Pending>();
  /** A fromPromise body that waits until the test settles it. */
  wait<T>(id: string): Promise<T> {
    return new Promise<T>((resolve, reject) => {
      this.pending.set(id, { resolve: resolve as (v: unknown) => void, reject });
    });
  }
  settle(id: string, outcome: { output: unknown } | { error: unknown }) {
    const p = this.pending.get(id);
    if (!p) throw new Error(`no pending call for ${id}`);
    this.pending.delete(id);
    if ('output' in outcome) p.resolve(outcome.output);
    else p.reject(outcome.error);
  }
}

// setImmediate: after the promise callbacks that settle an actor, without a timer's millisecond.
export const flush = () => new Promise<void>((r) => setImmediate(r));

interface ScheduledEvent {
  event: EventObject;
  delay: number;
}
type SystemWithTimers = { _snapshot: { _scheduledEvents: Record<string, ScheduledEvent> } };

/** A SimulatedClock that knows when each of the system's timers is due. */
export class ReplayClock extends SimulatedClock {
  system: SystemWithTimers | null = null;
  private readonly dueAt = new WeakMap<ScheduledEvent, number>();
  override setTimeout(fn: (...args: unknown[]) => void, timeout: number) {
    // xstate records the scheduled event just before asking the clock: the untracked one with this delay.
    for (const scheduled of Object.values(this.system?._snapshot._scheduledEvents ?? {})) {
      if (scheduled.delay === timeout && !this.dueAt.has(scheduled)) this.dueAt.set(scheduled, this.now() + timeout);
    }
    return super.setTimeout(fn, timeout);
  }
  /** How long until the pending timer that sends `type` fires. */
  msUntil(type: string): number {
    for (const scheduled of Object.values(this.system?._snapshot._scheduledEvents ?? {})) {
      const due = this.dueAt.get(scheduled);
      if (scheduled.event.type === type && due !== undefined) return Math.max(0, due - this.now());
    }
    throw new Error(`no timer pending for ${type}`);
  }
}

export interface ReplayOverrides {
  actors?: Record<string, AnyActorLogic>;
  actions?: Record<string, unknown>;
}

/**
 * A started actor for one generated path: the sample input, a ReplayClock, every
 * promise actor of the sample table waiting to be settled by the path, every other
 * actor as the table's `logic` (or a callback that does nothing), then the test's own.
 */
export function startReplay<M extends AnyStateMachine>(
  samples: MachineSamples<M>,
  path: Pick<GeneratedPath, 'input'>,
  overrides: ReplayOverrides = {},
) {
  const clock = new ReplayClock();
  const promises = new ControlledPromises();
  /** Each call a promise actor got: its invoke id and input. */
  const calls: { id: string; input: unknown }[] = [];
  const actors: Record<string, AnyActorLogic> = {};
  for (const src of Object.keys(samples.machine.implementations.actors)) actors[src] = fromCallback(() => {});
  for (const [src, sample] of Object.entries(samples.actors ?? {})) {
    actors[src] =
      sample.logic ??
      fromPromise(({ self, input }) => {
        calls.push({ id: self.id, input });
        return promises.wait(self.id);
      });
  }
  const machine = samples.machine.provide({
    actors: { ...actors, ...overrides.actors },
    actions: overrides.actions,
  } as never) as AnyStateMachine;
  const keys = chartTransitions(machine);
  const taken: string[] = [];
  const actor = createActor(machine, {
    clock,
    input: path.input,
    inspect: (ev) => {
      // The root actor's own steps (its children, e.g. a socket machine, report here too).
      if (ev.type !== '@xstate.microstep' || (ev.actorRef as { _parent?: unknown })._parent) return;
      for (const def of (ev as unknown as { _transitions: object[] })._transitions) taken.push(keys.get(def)?.key ?? '?');
    },
  });
  clock.system = actor.system as unknown as SystemWithTimers;
  actor.start();
  /** The chart transitions the actor took since the last call. */
  const takeTransitions = () => taken.splice(0);
  return { actor, clock, promises, calls, takeTransitions };
}

export type Replay = ReturnType<typeof startReplay>;

/** Produces one step's event the way the app would see it, and lets the actor settle. */
export async function replayEvent(event: EventObject, { actor, clock, promises }: Pick<Replay, 'actor' | 'clock' | 'promises'>) {
  const after = /^xstate\.after\.([^.]+)\./.exec(event.type);
  const done = /^xstate\.done\.actor\.(.+)$/.exec(event.type);
  const error = /^xstate\.error\.actor\.(.+)$/.exec(event.type);
  if (after) {
    const ms = clock.msUntil(event.type);
    // Not early: a millisecond before the timer is due the state has not moved; at the due time it has.
    if (ms > 0) {
      const before = JSON.stringify(actor.getSnapshot().value);
      clock.increment(ms - 1);
      await flush();
      if (JSON.stringify(actor.getSnapshot().value) !== before) throw new Error(`${after[1]} fired before ${ms} ms`);
    }
    clock.increment(ms > 0 ? 1 : 0);
  } else if (done) {
    promises.settle(done[1]!, { output: (event as EventObject & { output: unknown }).output });
  } else if (error) {
    promises.settle(error[1]!, { error: (event as EventObject & { error: unknown }).error });
  } else if (event.type !== 'xstate.init') {
    actor.send(event);
  }
  await flush();
}
