import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, SimulatedClock } from 'xstate';
import {
  CLAIM_NONE_TEXT,
  CLAIM_TOO_MANY_TEXT,
  claimRequest,
  claimsMachine,
  type ClaimRequest,
  type ClaimsEvent,
} from '../../machines/claims.ts';
import samples from '../../machines/claims.samples.ts';
import { CLAIM_MAX_RESULTS } from '../../domain/constants.ts';
import { ControlledPromises, replayEvent, transitionPaths } from './flow-replay.ts';

const events = [
  ...Object.values(samples.events).flat(),
  { type: 'xstate.done.actor.createClaims', output: samples.actors!.createClaims!.output },
  { type: 'xstate.error.actor.createClaims', error: samples.actors!.createClaims!.error },
] as unknown as ClaimsEvent[];

describe('claims machine paths', () => {
  const paths = transitionPaths(claimsMachine, { events });

  it('sends a claim, and comes back from a refusal', () => {
    expect([...new Set(paths.map((p) => p.state.value))].sort()).toEqual(['selecting', 'sending']);
    expect(paths.some((p) => (p.steps.at(-1)?.event.type as string) === 'xstate.error.actor.createClaims')).toBe(true);
  });

  for (const path of paths) {
    it(path.description, async () => {
      const clock = new SimulatedClock();
      const promises = new ControlledPromises();
      const sent: ClaimRequest[] = [];
      const notes: number[] = [];
      const actor = createActor(
        claimsMachine.provide({
          actors: { createClaims: fromPromise(({ input, self }) => (sent.push(input), promises.wait(self.id))) },
          actions: { notifySent: (_, { count }) => void notes.push(count) },
        }),
        { clock, input: {} },
      ).start();
      for (const step of path.steps) {
        const type = step.event.type as string;
        const before = actor.getSnapshot().context;
        const sentBefore = sent.length;
        await replayEvent(step.event, { actor, clock, promises, delayMs: () => 0 });
        const snap = actor.getSnapshot();
        expect(snap.value, type).toEqual(step.state.value);
        if (type === 'claims.submit' && before.selected.length === 0) {
          expect(snap.context.problem).toBe(CLAIM_NONE_TEXT);
          expect(sent).toHaveLength(sentBefore);
        }
        if (type === 'claims.submit' && snap.matches('sending')) expect(sent.at(-1)).toEqual(claimRequest(before));
        if (type === 'xstate.done.actor.createClaims') {
          expect(notes.at(-1)).toBe(1);
          expect(snap.context).toMatchObject({ selected: [], message: '', problem: null });
        }
        if (type === 'xstate.error.actor.createClaims') {
          expect(snap.context.problem).toBe('You already claimed this result.');
          expect(snap.context.selected).toEqual(before.selected);
        }
      }
      actor.stop();
    });
  }

  it('refuses more results than one claim may hold, and sends nothing', () => {
    let called = false;
    const actor = createActor(
      claimsMachine.provide({
        actors: { createClaims: fromPromise<{ items: unknown[] }, ClaimRequest>(async () => ((called = true), { items: [] })) },
      }),
      { input: {} },
    ).start();
    for (let id = 1; id <= CLAIM_MAX_RESULTS + 1; id++) actor.send({ type: 'claims.toggle', result: { id }, on: true });
    actor.send({ type: 'claims.submit' });
    expect(actor.getSnapshot().context.problem).toBe(CLAIM_TOO_MANY_TEXT);
    expect(called).toBe(false);
  });
});
