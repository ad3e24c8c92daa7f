import { adjacencyMapToArray, getAdjacencyMap, getShortestPaths, type TraversalOptions } from '@xstate/graph';
import { createActor, fromTransition, SimulatedClock, type AnyStateMachine, type AnyStateNode, type EventObject } from 'xstate';
import type { MachineSamples } from './samples.ts';

/**
 * Paths through a chart, generated from the chart itself and its sample table
 * (`tests/model/samples/<name>.samples.ts`): nothing here names a state or an event of any
 * machine. Pure (no React, no DOM), so the model tests, the coverage test and the
 * QA export (`npm run qa:paths`) share it.
 */

/** One transition the chart defines: a state node's reaction to one event, one guard branch. */
export interface ChartTransition {
  /** Stable and readable: `session.signedIn.active: xstate.after.REFRESH_DUE… → expiringSoon`. */
  key: string;
  source: string;
  eventType: string;
  guard: string | null;
  targets: string[];
}

/** A step of a generated path: the event sent (with its payload) and what the chart predicts after it. */
export interface PathStep {
  event: EventObject;
  /** The state value after the step. */
  value: unknown;
  /** The part of the context the sample table says makes states differ (all of it by default). */
  context: unknown;
  /** Which chart transitions the step takes, `ChartTransition.key`s, in order (eventless ones included). */
  transitions: string[];
}

export interface GeneratedPath {
  machine: string;
  /** Which of the sample table's inputs the actor starts with (index into `inputs`). */
  inputIndex: number;
  input: unknown;
  description: string;
  /** What the initial snapshot is (after its eventless transitions). */
  start: { value: unknown; context: unknown; transitions: string[] };
  steps: PathStep[];
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- the graph's generics do not line up with AnyStateMachine
type Snap = any;

const label = (node: AnyStateNode) => node.id;

function allNodes(node: AnyStateNode): AnyStateNode[] {
  return [node, ...Object.values(node.states as Record<string, AnyStateNode>).flatMap(allNodes)];
}

interface TransitionDef {
  eventType: string;
  source: AnyStateNode;
  target?: AnyStateNode[];
  guard?: unknown;
}

const guardName = (guard: unknown): string | null =>
  guard == null
    ? null
    : typeof guard === 'string'
      ? guard
      : typeof guard === 'function'
        ? guard.name || 'inline'
        : String((guard as { type?: unknown }).type ?? 'inline');

function describeTransition(def: TransitionDef, index: number, count: number): ChartTransition {
  const source = label(def.source);
  const guard = guardName(def.guard);
  const targets = (def.target ?? []).map(label);
  const branch = count > 1 ? ` #${index + 1}` : '';
  const key = `${source}: ${def.eventType || '(always)'}${branch}${guard ? ` [${guard}]` : ''} → ${targets.length ? targets.join(', ') : '(stays, runs actions)'}`;
  return { key, source, eventType: def.eventType || '(always)', guard, targets };
}

/**
 * Every transition the chart defines, read from `machine.root`: `on` (targetless and
 * self-transitions included), `after`, `always`, and invoked actors' `onDone`/`onError`
 * (xstate files all of these in a node's `transitions` map or its `always` list).
 */
export function chartTransitions(machine: AnyStateMachine): Map<object, ChartTransition> {
  const out = new Map<object, ChartTransition>();
  for (const node of allNodes(machine.root)) {
    for (const defs of (node.transitions as Map<string, TransitionDef[]>).values()) {
      defs.forEach((def, i) => out.set(def, describeTransition(def, i, defs.length)));
    }
    const always = (node.always ?? []) as TransitionDef[];
    always.forEach((def, i) => out.set(def, describeTransition({ ...def, eventType: '' }, i, always.length)));
  }
  return out;
}

/** The events a snapshot can be offered: every sample, and the built-in events of its timers and actors. */
function builtInEvents(machine: AnyStateMachine, samples: MachineSamples<AnyStateMachine>) {
  const byNode = new Map<AnyStateNode, EventObject[]>();
  for (const node of allNodes(machine.root)) {
    const events: EventObject[] = [];
    for (const after of (node.after ?? []) as { eventType: string }[]) events.push({ type: after.eventType });
    for (const invoke of (node.invoke ?? []) as { id: string; src: unknown }[]) {
      const sample = typeof invoke.src === 'string' ? samples.actors?.[invoke.src] : undefined;
      if (!sample) continue;
      for (const output of sample.outputs ?? ('output' in sample ? [sample.output] : [])) {
        events.push({ type: `xstate.done.actor.${invoke.id}`, output, actorId: invoke.id } as EventObject);
      }
      for (const error of sample.errors ?? ('error' in sample ? [sample.error] : [])) {
        events.push({ type: `xstate.error.actor.${invoke.id}`, error, actorId: invoke.id } as EventObject);
      }
    }
    if (events.length) byNode.set(node, events);
  }
  return byNode;
}

/** Event identity for the graph: errors keep their message and status (JSON drops an Error's message). */
export const serializeEvent = (event: EventObject) =>
  JSON.stringify(event, (_k, v: unknown) => (v instanceof Error ? { ...v, name: v.name, message: v.message } : v));

export interface MachineGraph {
  name: string;
  transitions: ChartTransition[];
  /** One path per edge that takes a chart transition, less those another path starts with. */
  paths: GeneratedPath[];
  /** Shortest path to each distinct state value (for QA and e2e: few, short). */
  statePaths: GeneratedPath[];
  covered: Set<string>;
}

/**
 * Walks the chart with @xstate/graph from each sample input, offering every sample event
 * plus the `xstate.after.*` events of active timers and `xstate.done/error.actor.*` events
 * (with the sample outputs and errors) of active invocations. Time in the walk is a
 * SimulatedClock that stands still (machines read time from their system's clock).
 * Every edge that takes at least one chart transition becomes a path: the shortest path
 * to its source state, then the edge, so self-transitions and targetless ones are kept.
 */
export function generateMachinePaths(name: string, samples: MachineSamples<AnyStateMachine>): MachineGraph {
  const { machine } = samples;
  const defs = chartTransitions(machine);
  const stateContext = samples.stateContext ?? ((c: unknown) => c);
  const serializeState = (s: Snap) => JSON.stringify({ value: s.value, context: stateContext(s.context) });
  const builtIns = builtInEvents(machine, samples);
  const sampleEvents = Object.values(samples.events).flat() as EventObject[];
  const events = (s: Snap) => [...sampleEvents, ...((s._nodes ?? []) as AnyStateNode[]).flatMap((node) => builtIns.get(node) ?? [])];

  // One system with a stopped simulated clock and an inspector that hears which transitions each microstep takes.
  const probe = createActor(
    fromTransition((s) => s, null),
    { clock: new SimulatedClock() },
  );
  let taken: string[] = [];
  probe.system.inspect((ev) => {
    if (ev.type !== '@xstate.microstep') return;
    for (const def of (ev as unknown as { _transitions: object[] })._transitions) {
      const t = defs.get(def);
      if (t) taken.push(t.key);
    }
  });
  const scope = {
    self: probe,
    logger: () => {},
    id: '',
    sessionId: 'paths',
    defer: () => {},
    system: probe.system,
    stopChild: () => {},
    emit: () => {},
    actionExecutor: () => {},
  };
  // Keyed by (state, event), not by snapshot: an ignored event hands back the same snapshot object.
  const memo = new Map<string, { next: Snap; taken: string[] }>();
  const take = (s: Snap, e: EventObject) => {
    const key = `${serializeState(s)}|${serializeEvent(e)}`;
    let entry = memo.get(key);
    if (!entry) {
      taken = [];
      const next = machine.transition(s, e, scope as never);
      entry = { next, taken };
      memo.set(key, entry);
    }
    return entry;
  };
  let initialTaken: string[] = [];
  const logic = Object.create(machine, {
    getInitialSnapshot: {
      value: (_scope: unknown, input: unknown) => {
        taken = [];
        const snap = machine.getInitialSnapshot(scope as never, input);
        initialTaken = taken;
        return snap;
      },
    },
    transition: { value: (s: Snap, e: EventObject) => take(s, e).next },
  }) as AnyStateMachine;

  const inputs = samples.inputs ?? [samples.input];
  const paths: GeneratedPath[] = [];
  const statePaths: GeneratedPath[] = [];
  const covered = new Set<string>();
  const seenValues = new Set<string>();
  const walked = new Set<string>();
  inputs.forEach((input, inputIndex) => {
    const initial = logic.getInitialSnapshot(scope as never, input);
    const startTaken = initialTaken;
    startTaken.forEach((k) => covered.add(k));
    // eslint-disable-next-line @typescript-eslint/no-explicit-any -- see Snap
    const opts = { serializeState, serializeEvent, events, input, fromState: initial } as TraversalOptions<any, any, any>;
    const toStep = (event: EventObject, { next, taken }: { next: Snap; taken: string[] }): PathStep => ({
      event,
      value: next.value,
      context: stateContext(next.context),
      transitions: taken,
    });
    const start = { value: initial.value, context: stateContext(initial.context), transitions: startTaken };
    const shortest = new Map<string, PathStep[]>();
    for (const p of getShortestPaths(logic, opts)) {
      // Re-walk the path through the memo: the graph hands back one snapshot per serialized
      // state, not necessarily the one this edge produced (and so not its transitions).
      let prev: Snap = initial;
      const steps = p.steps
        .filter((s) => s.event.type !== 'xstate.init')
        .map((s) => {
          const entry = take(prev, s.event as EventObject);
          prev = entry.next;
          return toStep(s.event as EventObject, entry);
        });
      shortest.set(serializeState(p.state), steps);
      const valueKey = JSON.stringify(p.state.value);
      if (!seenValues.has(valueKey)) {
        seenValues.add(valueKey);
        statePaths.push({ machine: name, inputIndex, input, start, steps, description: describe(steps, p.state.value) });
      }
    }
    for (const edge of adjacencyMapToArray(getAdjacencyMap(logic, opts))) {
      const step = toStep(edge.event as EventObject, take(edge.state, edge.event as EventObject));
      if (!step.transitions.length) continue; // an event this state does not react to
      const prefix = shortest.get(serializeState(edge.state));
      // An edge already walked from an earlier input is not walked again from a later one.
      const edgeKey = `${serializeState(edge.state)}|${serializeEvent(edge.event as EventObject)}`;
      if (!prefix || walked.has(edgeKey)) continue;
      walked.add(edgeKey);
      const steps = [...prefix, step];
      steps.forEach((s) => s.transitions.forEach((k) => covered.add(k)));
      paths.push({ machine: name, inputIndex, input, start, steps, description: describe(steps, step.value) });
    }
  });
  probe.stop();
  return { name, transitions: [...defs.values()], paths: withoutPrefixes(paths), statePaths, covered };
}

const eventLabel = (e: EventObject) => e.type.replace(/^xstate\./, '').replace(/^(after\.[^.]+)\..*$/, '$1');

function describe(steps: PathStep[], value: unknown): string {
  return `${steps.length ? steps.map((s) => eventLabel(s.event)).join(' → ') : '(start)'} ⇒ ${JSON.stringify(value)}`;
}

/** A path that another one starts with is replayed as part of the longer one: keep the longer. */
function withoutPrefixes(paths: GeneratedPath[]): GeneratedPath[] {
  const keyOf = (p: GeneratedPath, n: number) =>
    `${p.inputIndex}|${p.steps
      .slice(0, n)
      .map((s) => serializeEvent(s.event))
      .join('|')}`;
  const prefixes = new Set<string>();
  for (const p of paths) for (let n = 0; n < p.steps.length; n++) prefixes.add(keyOf(p, n));
  const seen = new Set<string>();
  return paths.filter((p) => {
    const key = keyOf(p, p.steps.length);
    if (prefixes.has(key) || seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}
