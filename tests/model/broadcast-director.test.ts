import { describe, expect, it } from 'vitest';
import type { DirectorRequest } from '#machines/broadcast-director.ts';
import samples from './samples/broadcast-director.samples.ts';
import { graphOf } from './charts.ts';
import { drivePath } from './drive.ts';

const graph = graphOf({ name: 'broadcast-director', samples: samples as never });

describe('director panel chart: generated paths', () => {
  it('saves each kind of change and comes back from a refusal', () => {
    const events = new Set(graph.paths.flatMap((p) => p.steps).map((s) => s.event.type));
    expect(events).toContain('xstate.done.actor.setDirector');
    expect(events).toContain('xstate.error.actor.setDirector');
  });

  graph.paths.forEach((path, i) => {
    it(`#${i + 1} ${path.description}`, async () => {
      const told: DirectorRequest[] = [];
      await drivePath(samples, path, {
        overrides: { actions: { changed: (_: unknown, p: DirectorRequest) => void told.push(p) } },
        onStep: ({ type, before, snap, calls }) => {
          if (type === 'director.pin') {
            // A pin names its attempt; the server is asked exactly that.
            expect(calls.map((c) => c.input)).toEqual([{ mode: 'pinned', attempt_id: 7 }]);
            expect(snap.hasTag('busy')).toBe(true);
          }
          if (type === 'director.setMode') {
            // The toggle sends the mode alone (a pin of the featured attempt when pinned).
            expect(calls.map((c) => c.input)).toEqual([{ mode: snap.context.request!.mode, attempt_id: null }]);
          }
          if (type === 'xstate.done.actor.setDirector') {
            expect(told.at(-1)).toEqual(before.context.request);
            expect(snap.context).toMatchObject({ request: null, problem: null });
          }
          if (type === 'xstate.error.actor.setDirector') {
            expect(snap.context.problem).toBe('That attempt is no longer live; pin one that is live now.');
            expect(snap.context.request).toBeNull();
            expect(snap.matches('ready')).toBe(true);
          }
        },
      });
    });
  });
});
