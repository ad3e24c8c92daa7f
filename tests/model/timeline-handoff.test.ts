import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, SimulatedClock } from 'xstate';
import { timelineHandoffMachine, type HandoffAnswer, type TimelineHandoffEvent } from '../../machines/timeline-handoff.ts';
import samples from '../../machines/timeline-handoff.samples.ts';
import { ControlledPromises, replayEvent, transitionPaths } from './flow-replay.ts';

const refused = { success: false, message: 'The community site is not configured.' };
const events = [
  ...Object.values(samples.events).flat(),
  { type: 'xstate.done.actor.requestHandoff', output: samples.actors!.requestHandoff!.outputs![0] },
  { type: 'xstate.done.actor.requestHandoff', output: refused },
  { type: 'xstate.error.actor.requestHandoff', error: samples.actors!.requestHandoff!.error },
] as unknown as TimelineHandoffEvent[];

describe('timeline handoff machine paths', () => {
  // The outcome of the last step tells the paths apart.
  const paths = transitionPaths(timelineHandoffMachine, { events });

  it('asks for a link only when signed in', () => {
    expect([...new Set(paths.map((p) => p.state.value))].sort()).toEqual(['idle', 'requesting']);
  });

  for (const path of paths) {
    it(path.description, async () => {
      const clock = new SimulatedClock();
      const promises = new ControlledPromises();
      const notes: string[] = [];
      let asked = 0;
      const actor = createActor(
        timelineHandoffMachine.provide({
          actors: { requestHandoff: fromPromise<HandoffAnswer, void>(({ self }) => (asked++, promises.wait(self.id))) },
          actions: {
            askToSignIn: () => void notes.push('sign in'),
            openHandoff: (_, { url }) => void notes.push(`open ${url}`),
            notifyRefused: (_, { message }) => void notes.push(`refused ${message}`),
            notifyFailed: () => void notes.push('failed'),
          },
        }),
        { clock },
      ).start();
      for (const step of path.steps) {
        const type = step.event.type as string;
        const askedBefore = asked;
        await replayEvent(step.event, { actor, clock, promises, delayMs: () => 0 });
        const snap = actor.getSnapshot();
        expect(snap.value, type).toEqual(step.state.value);
        if (type === 'timeline.open') {
          const signedIn = (step.event as TimelineHandoffEvent).signedIn;
          expect(asked).toBe(askedBefore + (signedIn ? 1 : 0));
          if (!signedIn) expect(notes.at(-1)).toBe('sign in');
        }
        if (type === 'xstate.done.actor.requestHandoff') {
          const out = (step.event as unknown as { output: HandoffAnswer }).output;
          expect(notes.at(-1)).toBe(out.success ? 'open https://community.test/handoff?t=abc' : `refused ${refused.message}`);
        }
        if (type === 'xstate.error.actor.requestHandoff') expect(notes.at(-1)).toBe('failed');
      }
      actor.stop();
    });
  }

  it('asks a visitor to sign in and requests nothing', () => {
    let asked = false;
    const notes: string[] = [];
    const actor = createActor(
      timelineHandoffMachine.provide({
        actors: { requestHandoff: fromPromise<HandoffAnswer, void>(async () => ((asked = true), { success: true })) },
        actions: { askToSignIn: () => void notes.push('sign in') },
      }),
    ).start();
    actor.send({ type: 'timeline.open', signedIn: false });
    expect(notes).toEqual(['sign in']);
    expect(asked).toBe(false);
    expect(actor.getSnapshot().value).toBe('idle');
  });
});
