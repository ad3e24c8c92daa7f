import { describe, expect, it } from 'vitest';
import { scheduleRequest, type BroadcastAction } from '#machines/live-broadcast-admin.ts';
import samples from './samples/live-broadcast-admin.samples.ts';
import { graphOf } from './charts.ts';
import { drivePath } from './drive.ts';

const graph = graphOf({ name: 'live-broadcast-admin', samples: samples as never });

describe('broadcast dashboard chart: generated paths', () => {
  it('schedules, starts, stops and cancels, and comes back from each refusal', () => {
    const events = new Set(graph.paths.flatMap((p) => p.steps).map((s) => s.event.type));
    for (const actor of ['scheduleBroadcast', 'startBroadcast', 'stopBroadcast', 'cancelBroadcast']) {
      expect(events).toContain(`xstate.done.actor.${actor}`);
      expect(events).toContain(`xstate.error.actor.${actor}`);
    }
  });

  graph.paths.forEach((path, i) => {
    it(`#${i + 1} ${path.description}`, async () => {
      const told: { action: BroadcastAction; id: number }[] = [];
      await drivePath(samples, path, {
        overrides: { actions: { notify: (_: unknown, p: { action: BroadcastAction; id: number }) => void told.push(p) } },
        onStep: ({ type, before, snap, calls }) => {
          if (type === 'form.submit' && snap.matches('scheduling')) {
            // Exactly one source is sent, the title trimmed.
            const sent = scheduleRequest(before.context);
            expect(calls.map((c) => c.input)).toEqual([sent]);
            expect(sent.title).toBe('Friday Night Burpees');
            expect([sent.featured_attempt_id, sent.stream_url].filter((v) => v !== null)).toHaveLength(1);
          }
          if (type === 'form.submit' && snap.matches('editing')) {
            // Not ready: nothing is sent and the form says why.
            expect(calls).toEqual([]);
            expect(snap.context.problem).toEqual(expect.any(String));
          }
          if (type === 'xstate.done.actor.scheduleBroadcast') {
            expect(told.at(-1)).toEqual({ action: 'scheduled', id: 5 });
            expect(snap.context).toMatchObject({ title: '', attemptId: null, streamUrl: '', problem: null });
          }
          for (const [actor, action] of [
            ['startBroadcast', 'started'],
            ['stopBroadcast', 'stopped'],
            ['cancelBroadcast', 'cancelled'],
          ] as const) {
            if (type === `xstate.done.actor.${actor}`) {
              expect(told.at(-1)).toEqual({ action, id: before.context.acting });
              expect(snap.context.acting).toBeNull();
            }
            if (type === `xstate.error.actor.${actor}`) {
              // The refusal shows by the lists; the form keeps what was typed.
              expect(snap.context.actionProblem).toEqual(expect.any(String));
              expect(snap.context.title).toBe(before.context.title);
            }
          }
        },
      });
    });
  });
});
