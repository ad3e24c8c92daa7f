import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, SimulatedClock } from 'xstate';
import {
  RATING_MISSING_TEXT,
  ratingPayload,
  signoutRatingMachine,
  type SignoutRatingEvent,
  type SignoutRatingPayload,
} from '../../machines/signout-rating.ts';
import samples from '../../machines/signout-rating.samples.ts';
import { ControlledPromises, replayEvent, transitionPaths } from './flow-replay.ts';

const events = [
  ...Object.values(samples.events).flat(),
  { type: 'xstate.done.actor.sendRating', output: samples.actors!.sendRating!.output },
  { type: 'xstate.error.actor.sendRating', error: samples.actors!.sendRating!.error },
] as unknown as SignoutRatingEvent[];

describe('sign-out rating machine paths', () => {
  const paths = transitionPaths(signoutRatingMachine, { events });

  it('reaches sending, the thanks and a refusal', () => {
    expect([...new Set(paths.map((p) => p.state.value))].sort()).toEqual(['rating', 'sending', 'thanked']);
    expect(paths.some((p) => (p.steps.at(-1)?.event.type as string) === 'xstate.error.actor.sendRating')).toBe(true);
  });

  for (const path of paths) {
    it(path.description, async () => {
      const clock = new SimulatedClock();
      const promises = new ControlledPromises();
      const sent: SignoutRatingPayload[] = [];
      const actor = createActor(
        signoutRatingMachine.provide({
          actors: { sendRating: fromPromise(({ input, self }) => (sent.push(input), promises.wait(self.id))) },
        }),
        { clock },
      ).start();
      for (const step of path.steps) {
        const type = step.event.type as string;
        const before = actor.getSnapshot().context;
        const sentBefore = sent.length;
        await replayEvent(step.event, { actor, clock, promises, delayMs: () => 0 });
        const snap = actor.getSnapshot();
        expect(snap.value, type).toEqual(step.state.value);
        if (type === 'rating.submit') {
          if (before.rating < 1) {
            expect(snap.context.problem).toBe(RATING_MISSING_TEXT);
            expect(sent).toHaveLength(sentBefore);
          } else expect(sent.at(-1)).toEqual(ratingPayload(before));
        }
        if (type === 'xstate.error.actor.sendRating') {
          expect(snap.context.problem).toBe('Too many ratings from this address.');
          expect(snap.context.rating).toBe(before.rating);
        }
        if (type === 'xstate.done.actor.sendRating') expect(snap.status).toBe('done');
      }
      actor.stop();
    });
  }

  it('sends a trimmed comment, or none', () => {
    expect(ratingPayload({ rating: 3, comment: '  ok ', problem: null })).toEqual({ rating: 3, comment: 'ok' });
    expect(ratingPayload({ rating: 3, comment: '   ', problem: null })).toEqual({ rating: 3 });
  });
});
