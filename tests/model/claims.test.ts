import { describe, expect, it } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import { CLAIM_NONE_TEXT, CLAIM_TOO_MANY_TEXT, claimRequest, claimsMachine, type ClaimRequest } from '#machines/claims.ts';
import samples from './samples/claims.samples.ts';
import { CLAIM_MAX_RESULTS } from '#domain/constants.ts';
import { graphOf } from './charts.ts';
import { drivePath } from './drive.ts';

const graph = graphOf({ name: 'claims', samples: samples as never });

describe('claims chart: generated paths', () => {
  it('sends a claim, refuses too many, and comes back from a refusal', () => {
    const steps = graph.paths.flatMap((p) => p.steps);
    expect([...new Set(steps.map((s) => s.value as string))].sort()).toEqual(['selecting', 'sending']);
    expect(steps.some((s) => s.event.type === 'xstate.error.actor.createClaims')).toBe(true);
    expect(steps.some((s) => (s.context as { problem: unknown }).problem === CLAIM_TOO_MANY_TEXT)).toBe(true);
  });

  graph.paths.forEach((path, i) => {
    it(`#${i + 1} ${path.description}`, async () => {
      const notes: number[] = [];
      await drivePath(samples, path, {
        overrides: { actions: { notifySent: (_: unknown, { count }: { count: number }) => void notes.push(count) } },
        onStep: ({ type, before, snap, calls }) => {
          if (type === 'claims.submit') {
            const { selected, maxResults } = before.context;
            if (selected.length === 0) expect(snap.context.problem).toBe(CLAIM_NONE_TEXT);
            else if (selected.length > maxResults) expect(snap.context.problem).toBe(CLAIM_TOO_MANY_TEXT);
            if (snap.matches('sending') && !before.matches('sending'))
              expect(calls.map((c) => c.input)).toEqual([claimRequest(before.context)]);
            else expect(calls).toEqual([]);
          }
          if (type === 'xstate.done.actor.createClaims') {
            expect(notes.at(-1)).toBe(1);
            expect(snap.context).toMatchObject({ selected: [], message: '', problem: null });
          }
          if (type === 'xstate.error.actor.createClaims') {
            expect(snap.context.problem).toBe('You already claimed this result.');
            expect(snap.context.selected).toEqual(before.context.selected);
          }
        },
      });
    });
  });

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
