import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import { actWithReasonMachine, reasonReady, type ActRequest } from '#machines/act-with-reason.ts';
import samples from './samples/act-with-reason.samples.ts';
import { graphOf } from './charts.ts';
import { drivePath } from './drive.ts';

const graph = graphOf({ name: 'act-with-reason', samples: samples as never });

describe('act-with-reason chart: generated paths', () => {
  it('reaches every state, including a failure and a retry', () => {
    const values = graph.paths.map((p) => p.steps.map((s) => s.value));
    expect([...new Set(values.flat() as string[])].sort()).toEqual(['confirming', 'done', 'failed', 'idle', 'submitting']);
    expect(values.some((v) => v.includes('failed') && v.indexOf('submitting', v.indexOf('failed')) > 0)).toBe(true);
  });

  graph.paths.forEach((path, i) => {
    it(`#${i + 1} ${path.description}`, async () => {
      const notes: string[] = [];
      await drivePath(samples, path, {
        overrides: {
          actions: {
            notifyDone: (_: unknown, { request }: { request: ActRequest }) => void notes.push(`done: ${request.choice} ${request.reason}`),
            notifyFailed: (_: unknown, { error }: { error: unknown }) => void notes.push(`failed: ${(error as Error).message}`),
          },
        },
        onStep: ({ type, before, snap, calls }) => {
          if (type === 'reason.submit') {
            if (reasonReady(before.context)) {
              // Sent once, trimmed, with the choice.
              expect(calls.map((c) => c.input)).toEqual([{ reason: before.context.reason.trim(), choice: before.context.choice }]);
              expect(snap.hasTag('busy')).toBe(true);
            } else {
              // Nothing sent; the hint turns into an error, the reason is kept.
              expect(calls).toEqual([]);
              expect(snap.context.tried).toBe(true);
              expect(snap.context.reason).toBe(before.context.reason);
            }
          }
          if (type === 'xstate.done.actor.act') {
            expect(notes.at(-1)).toBe(`done: ${before.context.choice} ${before.context.reason.trim()}`);
            expect(snap.context).toMatchObject({ reason: '', choice: null, tried: false });
          }
          if (type === 'xstate.error.actor.act') {
            expect(notes.at(-1)).toBe('failed: This record was already reviewed.');
            // What was typed stays, to send again.
            expect(snap.context.reason).toBe(before.context.reason);
            expect(snap.context.choice).toBe(before.context.choice);
          }
          if (type === 'reason.cancel' || type === 'reason.open')
            expect(snap.context).toMatchObject({ reason: '', choice: null, tried: false });
        },
      });
    });
  });
});

describe('act-with-reason limits', () => {
  it('keeps at most the longest reason allowed', () => {
    const actor = createActor(actWithReasonMachine, { input: { minReason: 1, maxReason: 10, needsChoice: false } }).start();
    actor.send({ type: 'reason.open' });
    actor.send({ type: 'reason.edit', value: 'x'.repeat(50) });
    expect(actor.getSnapshot().context.reason).toHaveLength(10);
  });

  it('does not count blanks as a reason', () => {
    const actor = createActor(actWithReasonMachine, { input: { minReason: 1, maxReason: 10, needsChoice: false } }).start();
    actor.send({ type: 'reason.open' });
    actor.send({ type: 'reason.edit', value: '   ' });
    actor.send({ type: 'reason.submit' });
    expect(actor.getSnapshot().value).toBe('confirming');
  });

  it('sends an optional reason empty when only a choice is needed', () => {
    const actor = createActor(actWithReasonMachine, { input: { minReason: 0, maxReason: 10, needsChoice: true } }).start();
    actor.send({ type: 'reason.choose', value: 'resolved' });
    actor.send({ type: 'reason.submit' });
    expect(actor.getSnapshot().value).toBe('submitting');
  });
});
