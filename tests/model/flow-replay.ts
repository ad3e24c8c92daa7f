// Path replay for the flow machines' own model tests (events from their sample tables); replay.ts drives the generic generated paths.
import { adjacencyMapToArray, getAdjacencyMap, getShortestPaths, type TraversalOptions } from '@xstate/graph';
import type { AnyActorRef, AnyStateMachine, EventFromLogic, EventObject, InputFrom, SimulatedClock, SnapshotFrom } from 'xstate';

/**
 * Drives a real actor along a path from @xstate/graph. The graph walks the
 * machine's pure transitions, including the built-in events of delays
 * ('xstate.after.*') and invoked actors ('xstate.done.actor.*',
 * 'xstate.error.actor.*'); here each of those is produced the way it happens
 * at run time: by moving the simulated clock, or by settling the promise the
 * provided actor returned.
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

const DRIFT_MS = 50;

export const flush = () => new Promise<void>((r) => setTimeout(r, 0));

export interface ReplayOptions {
  actor: AnyActorRef;
  clock: SimulatedClock;
  promises: ControlledPromises;
  /** How long the named delay is, in the actor's current snapshot. */
  delayMs: (delay: string, snapshot: ReturnType<AnyActorRef['getSnapshot']>) => number;
}

export async function replayEvent(event: EventObject, { actor, clock, promises, delayMs }: ReplayOptions) {
  const after = /^xstate\.after\.([^.]+)\./.exec(event.type);
  const done = /^xstate\.done\.actor\.(.+)$/.exec(event.type);
  const error = /^xstate\.error\.actor\.(.+)$/.exec(event.type);
  if (after) {
    const ms = delayMs(after[1]!, actor.getSnapshot());
    // Not early: just before the delay (less the few real milliseconds a delay computed
    // from the wall clock may have drifted) the state has not moved; just after, it has.
    const before = JSON.stringify(actor.getSnapshot().value);
    const margin = Math.min(DRIFT_MS, ms);
    clock.increment(ms - margin);
    await flush();
    if (margin > 0 && JSON.stringify(actor.getSnapshot().value) !== before) throw new Error(`${after[1]} fired before ${ms} ms`);
    clock.increment(2 * margin);
  } else if (done) {
    promises.settle(done[1]!, { output: (event as EventObject & { output: unknown }).output });
  } else if (error) {
    promises.settle(error[1]!, { error: (event as EventObject & { error: unknown }).error });
  } else if (event.type !== 'xstate.init') {
    actor.send(event);
  }
  await flush();
}

export interface GeneratedPath<M extends AnyStateMachine> {
  description: string;
  steps: { event: EventFromLogic<M>; state: SnapshotFrom<M> }[];
  state: SnapshotFrom<M>;
}

type Snap = { value: unknown; context: unknown };

/**
 * One path per transition of the chart: the shortest path to the transition's
 * source state, then the transition. Together they cover every reachable state
 * and every event each state reacts to, so a new state or event is tested
 * without writing a new test.
 */
export function transitionPaths<M extends AnyStateMachine>(
  machine: M,
  options: {
    input?: InputFrom<M>;
    events: EventFromLogic<M>[] | readonly EventObject[];
    /** The part of the context that makes two snapshots different states (default: all of it). */
    stateContext?: (context: SnapshotFrom<M>['context']) => unknown;
  },
): GeneratedPath<M>[] {
  const pick = options.stateContext ?? ((c: unknown) => c);
  const serialize = (s: Snap) => JSON.stringify({ value: s.value, context: pick(s.context as never) });
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- the graph's generics do not line up with AnyStateMachine
  const opts = { serializeState: serialize, input: options.input, events: options.events } as TraversalOptions<any, any, any>;
  const shortest = new Map(getShortestPaths(machine, opts).map((p) => [serialize(p.state as never), p] as const));
  const out: GeneratedPath<M>[] = [];
  for (const edge of adjacencyMapToArray(getAdjacencyMap(machine, opts))) {
    const from = serialize(edge.state as never);
    const to = serialize(edge.nextState as never);
    if (from === to) continue; // an event this state ignores
    const prefix = shortest.get(from);
    if (!prefix) continue;
    const steps = [
      ...prefix.steps.filter((s) => s.event.type !== 'xstate.init'),
      { event: edge.event, state: edge.nextState },
    ] as GeneratedPath<M>['steps'];
    out.push({
      description: `${steps.map((s) => s.event.type.replace(/^xstate\./, '')).join(' → ')} ⇒ ${JSON.stringify((edge.nextState as { value: unknown }).value)}`,
      steps,
      state: edge.nextState as SnapshotFrom<M>,
    });
  }
  return out;
}
