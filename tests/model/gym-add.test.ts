import { describe, expect, it } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import { gymAddMachine, gymAddProblems, gymAddRequest, type ListedGym } from '#machines/gym-add.ts';
import samples from './samples/gym-add.samples.ts';
import { graphOf } from './charts.ts';
import { drivePath } from './drive.ts';

const graph = graphOf({ name: 'gym-add', samples: samples as never });

describe('gym-add chart: generated paths', () => {
  it('reaches saving and picked, offers a listed gym, and comes back from a failure', () => {
    const steps = graph.paths.flatMap((p) => p.steps);
    expect([...new Set(steps.map((s) => s.value as string))].sort()).toEqual(['editing', 'picked', 'saving']);
    expect(steps.some((s) => s.event.type === 'gym.useExisting' && s.value === 'picked')).toBe(true);
    expect(steps.some((s) => s.event.type === 'xstate.error.actor.addGym')).toBe(true);
  });

  graph.paths.forEach((path, i) => {
    it(`#${i + 1} ${path.description}`, async () => {
      const picked: { gym: ListedGym; added: boolean }[] = [];
      await drivePath(samples, path, {
        overrides: { actions: { picked: (_: unknown, params: { gym: ListedGym; added: boolean }) => void picked.push(params) } },
        onStep: ({ type, event, before, snap, calls }) => {
          if (type === 'gym.submit') {
            const problems = gymAddProblems(before.context.fields);
            // Every submit shows the fields' problems and forgets an offered gym.
            expect(snap.context.errors).toEqual(problems);
            expect(snap.context.existing).toBeNull();
            if (Object.keys(problems).length) expect(calls).toEqual([]);
            // Sent once, tidied.
            else expect(calls.map((c) => c.input)).toEqual([gymAddRequest(before.context.fields)]);
          }
          if (type === 'xstate.done.actor.addGym') {
            const output = (event as unknown as { output: { gym?: ListedGym; existing?: ListedGym; detail?: string } }).output;
            if (output.gym) expect(picked).toEqual([{ gym: output.gym, added: true }]);
            else {
              expect(picked).toEqual([]);
              expect(snap.context.existing).toEqual(output.existing);
              expect(snap.context.errors).toEqual({ form: output.detail });
            }
          }
          if (type === 'xstate.error.actor.addGym') expect(snap.context.errors).toEqual({ form: 'Could not add the gym.' });
          if (type === 'gym.useExisting' && snap.value === 'picked')
            expect(picked).toEqual([{ gym: before.context.existing, added: false }]);
        },
      });
    });
  });
});

describe('adding a gym', () => {
  it('sends the fields tidied: spaces collapsed, the country upper-cased', () => {
    const calls: unknown[] = [];
    const actor = createActor(
      gymAddMachine.provide({ actors: { addGym: fromPromise(async ({ input }) => (calls.push(input), { gym: { id: 1, name: 'x' } })) } }),
      { input: { name: '  Iron   Temple ' } },
    ).start();
    actor.send({ type: 'gym.edit', field: 'country', value: ' de ' });
    actor.send({ type: 'gym.edit', field: 'website', value: ' https://iron.example ' });
    actor.send({ type: 'gym.submit' });
    expect(calls).toEqual([{ name: 'Iron Temple', city: '', country: 'DE', website: 'https://iron.example' }]);
  });

  it('names every wrong field at once', () => {
    expect(gymAddProblems({ name: ' ', city: '', country: 'GER', website: 'www.x' })).toEqual({
      name: 'Give the gym a name.',
      country: 'Use the two-letter code, such as DE or US.',
      website: 'Use an address starting with https://.',
    });
  });
});
