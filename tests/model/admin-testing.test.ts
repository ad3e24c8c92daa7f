import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import { adminTestingMachine, PLATFORM_CHECKS, type PlatformCheck, type PlatformCheckResult } from '#machines/admin-testing.ts';
import samples from './samples/admin-testing.samples.ts';
import { graphOf } from './charts.ts';
import { drivePath } from './drive.ts';

const graph = graphOf({ name: 'admin-testing', samples: samples as never });

describe('admin testing chart: generated paths', () => {
  it('covers running one check, all checks, a failure to reach the server and the way back to idle', () => {
    const reached = new Set(graph.paths.flatMap((p) => p.steps.map((s) => s.value)));
    expect([...reached].sort()).toEqual(['idle', 'running']);
    expect(graph.paths.some((p) => p.steps.at(-1)?.event.type === 'xstate.error.actor.runCheck')).toBe(true);
  });

  graph.paths.forEach((path, i) => {
    it(`#${i + 1} ${path.description}`, async () => {
      await drivePath(samples, path, {
        onStep: ({ type, before, snap, calls }) => {
          const head = before.context.queue[0];
          if (type === 'checks.runAll' || type === 'check.run') {
            // Nothing is queued twice, and a run starts only from idle.
            expect(new Set(snap.context.queue).size).toBe(snap.context.queue.length);
            if (before.matches('idle')) expect(calls.map((c) => c.input)).toEqual([{ check: snap.context.queue[0] }]);
            else expect(calls).toEqual([]);
          }
          if (type === 'xstate.done.actor.runCheck') {
            expect(snap.context.results[head!]?.status).toBe('ok');
            expect(snap.context.results[head!]?.check).toBe(head);
          }
          if (type === 'xstate.error.actor.runCheck') {
            expect(snap.context.results[head!]).toMatchObject({
              check: head,
              status: 'failed',
              detail: 'Too many requests. Please wait a moment and try again.',
            });
          }
          if (type.startsWith('xstate.')) {
            expect(snap.context.queue).toEqual(before.context.queue.slice(1));
            // The next queued check starts at once; an empty queue is idle.
            expect(snap.matches('running')).toBe(snap.context.queue.length > 0);
            if (snap.context.queue.length) expect(calls.map((c) => c.input)).toEqual([{ check: snap.context.queue[0] }]);
          }
        },
      });
    });
  });
});

describe('admin testing: run all', () => {
  it('runs every check once, in order, one at a time, and keeps each result under its check', async () => {
    const order: PlatformCheck[] = [];
    let running = 0;
    const actor = createActor(
      adminTestingMachine.provide({
        actors: {
          runCheck: fromPromise<PlatformCheckResult, { check: PlatformCheck }>(async ({ input }) => {
            running += 1;
            expect(running).toBe(1);
            order.push(input.check);
            await new Promise((r) => setTimeout(r, 1));
            running -= 1;
            if (input.check === 'storage') throw new Error('Network error');
            return { check: input.check, status: 'ok', detail: 'fine', duration_ms: 1, facts: [] };
          }),
        },
      }),
    ).start();
    actor.send({ type: 'checks.runAll' });
    actor.send({ type: 'check.run', check: 'mail' });
    await waitFor(actor, (s) => s.matches('idle'));
    expect(order).toEqual([...PLATFORM_CHECKS]);
    const { results } = actor.getSnapshot().context;
    expect(Object.keys(results).sort()).toEqual([...PLATFORM_CHECKS].sort());
    expect(results.storage).toMatchObject({ status: 'failed', detail: 'Network error' });
    expect(results.redis?.status).toBe('ok');
  });
});
