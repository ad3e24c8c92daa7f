import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, SimulatedClock } from 'xstate';
import { actWithReasonMachine, reasonReady, type ActRequest, type ActWithReasonEvent } from '../../machines/act-with-reason.ts';
import samples from '../../machines/act-with-reason.samples.ts';
import { ControlledPromises, replayEvent, transitionPaths } from './flow-replay.ts';

const events = [
  ...Object.values(samples.events).flat(),
  { type: 'xstate.done.actor.act', output: samples.actors!.act!.output },
  { type: 'xstate.error.actor.act', error: samples.actors!.act!.error },
] as unknown as ActWithReasonEvent[];

describe('act-with-reason machine paths', () => {
  const paths = transitionPaths(actWithReasonMachine, {
    input: samples.input!,
    events,
    stateContext: (c) => ({ reason: c.reason, choice: c.choice, tried: c.tried }),
  });

  it('reaches every state, including a failure and a retry', () => {
    expect([...new Set(paths.map((p) => p.state.value))].sort()).toEqual(['confirming', 'done', 'failed', 'idle', 'submitting']);
    expect(paths.some((p) => p.steps.some((s) => s.state.value === 'failed') && p.state.value === 'submitting')).toBe(true);
  });

  for (const path of paths) {
    it(path.description, async () => {
      const clock = new SimulatedClock();
      const promises = new ControlledPromises();
      const sent: ActRequest[] = [];
      const notes: string[] = [];
      const actor = createActor(
        actWithReasonMachine.provide({
          actors: {
            act: fromPromise(({ input, self }) => {
              sent.push(input);
              return promises.wait(self.id);
            }),
          },
          actions: {
            notifyDone: (_, { request }) => void notes.push(`done: ${request.choice} ${request.reason}`),
            notifyFailed: (_, { error }) => void notes.push(`failed: ${(error as Error).message}`),
          },
        }),
        { clock, input: samples.input! },
      ).start();
      for (const step of path.steps) {
        const type = step.event.type as string;
        const before = actor.getSnapshot().context;
        const sentBefore = sent.length;
        await replayEvent(step.event, { actor, clock, promises, delayMs: () => 0 });
        const snap = actor.getSnapshot();
        expect(snap.value, type).toEqual(step.state.value);
        if (type === 'reason.submit') {
          if (reasonReady(before)) {
            // Sent once, trimmed, with the choice.
            expect(sent).toHaveLength(sentBefore + 1);
            expect(sent.at(-1)).toEqual({ reason: before.reason.trim(), choice: before.choice });
            expect(snap.hasTag('busy')).toBe(true);
          } else {
            // Nothing sent; the hint turns into an error, the reason is kept.
            expect(sent).toHaveLength(sentBefore);
            expect(snap.context.tried).toBe(true);
            expect(snap.context.reason).toBe(before.reason);
          }
        }
        if (type === 'xstate.done.actor.act') {
          expect(notes.at(-1)).toBe(`done: ${before.choice} ${before.reason.trim()}`);
          expect(snap.context).toMatchObject({ reason: '', choice: null, tried: false });
        }
        if (type === 'xstate.error.actor.act') {
          expect(notes.at(-1)).toBe('failed: This record was already reviewed.');
          // What was typed stays, to send again.
          expect(snap.context.reason).toBe(before.reason);
          expect(snap.context.choice).toBe(before.choice);
        }
        if (type === 'reason.cancel' || type === 'reason.open')
          expect(snap.context).toMatchObject({ reason: '', choice: null, tried: false });
      }
      actor.stop();
    });
  }
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
