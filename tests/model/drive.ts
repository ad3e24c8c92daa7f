import { expect } from 'vitest';
import type { AnyStateMachine, EventObject, SnapshotFrom } from 'xstate';

type MachineSnapshot<M extends AnyStateMachine> = SnapshotFrom<M>;

import type { GeneratedPath, PathStep } from './paths.ts';
import type { MachineSamples } from './samples.ts';
import { replayEvent, startReplay, type Replay, type ReplayOverrides } from './replay.ts';

export interface StepCheck<M extends AnyStateMachine> {
  step: PathStep;
  event: EventObject;
  type: string;
  before: MachineSnapshot<M>;
  snap: MachineSnapshot<M>;
  /** The promise actors this step invoked, with the input each got (what the app would send). */
  calls: Replay['calls'];
  replay: Replay;
}

/**
 * Replays a generated path on the real actor and checks, after the start and after each
 * step, that it is where the chart walk said (state value, the table's state context)
 * and that it got there by the same chart transitions; `onStep` adds a machine's own
 * checks of outputs and side effects.
 */
export async function drivePath<M extends AnyStateMachine>(
  samples: MachineSamples<M>,
  path: GeneratedPath,
  options: { overrides?: ReplayOverrides; onStep?: (check: StepCheck<M>) => void | Promise<void>; onStart?: (replay: Replay) => void } = {},
) {
  const stateContext = (samples.stateContext ?? ((c: unknown) => c)) as (c: unknown) => unknown;
  const replay = startReplay(samples, path, options.overrides);
  const { actor } = replay;
  options.onStart?.(replay);
  expect(actor.getSnapshot().value, 'start').toEqual(path.start.value);
  expect(replay.takeTransitions(), 'start').toEqual(path.start.transitions);
  for (const step of path.steps) {
    const before = actor.getSnapshot() as MachineSnapshot<M>;
    const callsBefore = replay.calls.length;
    await replayEvent(step.event, replay);
    const snap = actor.getSnapshot() as MachineSnapshot<M>;
    const now = actor.getSnapshot() as { status: string; value: unknown; context: unknown };
    const type = step.event.type;
    expect(now.status, type).not.toBe('error');
    expect(now.value, type).toEqual(step.value);
    expect(stateContext(now.context), type).toEqual(step.context);
    expect(replay.takeTransitions(), type).toEqual(step.transitions);
    await options.onStep?.({ step, event: step.event, type, before, snap, calls: replay.calls.slice(callsBefore), replay });
  }
  actor.stop();
}
