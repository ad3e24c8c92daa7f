import { describe, expect, it } from 'vitest';
import { RATING_MISSING_TEXT, ratingPayload } from '#machines/signout-rating.ts';
import samples from './samples/signout-rating.samples.ts';
import { graphOf } from './charts.ts';
import { drivePath } from './drive.ts';

const graph = graphOf({ name: 'signout-rating', samples: samples as never });

describe('sign-out rating chart: generated paths', () => {
  it('reaches sending, the thanks and a refusal', () => {
    const steps = graph.paths.flatMap((p) => p.steps);
    expect([...new Set(steps.map((s) => s.value as string))].sort()).toEqual(['rating', 'sending', 'thanked']);
    expect(steps.some((s) => s.event.type === 'xstate.error.actor.sendRating')).toBe(true);
  });

  graph.paths.forEach((path, i) => {
    it(`#${i + 1} ${path.description}`, async () => {
      await drivePath(samples, path, {
        onStep: ({ type, before, snap, calls }) => {
          if (type === 'rating.submit') {
            if (before.context.rating < 1) {
              expect(snap.context.problem).toBe(RATING_MISSING_TEXT);
              expect(calls).toEqual([]);
            } else expect(calls.map((c) => c.input)).toEqual([ratingPayload(before.context)]);
          }
          if (type === 'xstate.error.actor.sendRating') {
            expect(snap.context.problem).toBe('Too many ratings from this address.');
            expect(snap.context.rating).toBe(before.context.rating);
          }
          if (type === 'xstate.done.actor.sendRating') expect(snap.status).toBe('done');
        },
      });
    });
  });

  it('sends a trimmed comment, or none', () => {
    expect(ratingPayload({ rating: 3, comment: '  ok ', problem: null })).toEqual({ rating: 3, comment: 'ok' });
    expect(ratingPayload({ rating: 3, comment: '   ', problem: null })).toEqual({ rating: 3 });
  });
});
