import { describe, expect, it } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import { timelineHandoffMachine, type HandoffAnswer } from '#machines/timeline-handoff.ts';
import samples from './samples/timeline-handoff.samples.ts';
import { graphOf } from './charts.ts';
import { drivePath } from './drive.ts';

const graph = graphOf({ name: 'timeline-handoff', samples: samples as never });

describe('timeline handoff chart: generated paths', () => {
  it('asks for a link only when signed in, and hears a link, a refusal and a failure', () => {
    const steps = graph.paths.flatMap((p) => p.steps);
    expect([...new Set(steps.map((s) => s.value as string))].sort()).toEqual(['idle', 'requesting']);
    const outcomes = steps.filter((s) => s.event.type === 'xstate.done.actor.requestHandoff');
    expect(outcomes.map((s) => (s.event as unknown as { output: HandoffAnswer }).output.success).sort()).toEqual([false, true]);
    expect(steps.some((s) => s.event.type === 'xstate.error.actor.requestHandoff')).toBe(true);
  });

  graph.paths.forEach((path, i) => {
    it(`#${i + 1} ${path.description}`, async () => {
      const notes: string[] = [];
      await drivePath(samples, path, {
        overrides: {
          actions: {
            askToSignIn: () => void notes.push('sign in'),
            openHandoff: (_: unknown, { url }: { url: string }) => void notes.push(`open ${url}`),
            notifyRefused: (_: unknown, { message }: { message: string }) => void notes.push(`refused ${message}`),
            notifyFailed: () => void notes.push('failed'),
          },
        },
        onStep: ({ type, event, calls }) => {
          if (type === 'timeline.open') {
            const signedIn = (event as unknown as { signedIn: boolean }).signedIn;
            expect(calls).toHaveLength(signedIn ? 1 : 0);
            if (!signedIn) expect(notes.at(-1)).toBe('sign in');
          }
          if (type === 'xstate.done.actor.requestHandoff') {
            const out = (event as unknown as { output: HandoffAnswer }).output;
            expect(notes.at(-1)).toBe(out.success ? 'open https://community.test/handoff?t=abc' : `refused ${out.message}`);
          }
          if (type === 'xstate.error.actor.requestHandoff') expect(notes.at(-1)).toBe('failed');
        },
      });
    });
  });

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
