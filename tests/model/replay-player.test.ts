import { describe, expect, it } from 'vitest';
import { createActor, SimulatedClock } from 'xstate';
import { replayPlayerMachine, type ReplayContext, type ReplayEvent } from '../../machines/replay-player.ts';
import samples from '../../machines/replay-player.samples.ts';
import { REPLAY_STEP_MS } from '../../domain/constants.ts';
import { ControlledPromises, replayEvent, transitionPaths } from './flow-replay.ts';

const events = [...Object.values(samples.events).flat(), { type: 'xstate.after.STEP.replayPlayer.playing' }] as unknown as ReplayEvent[];

describe('replay player paths', () => {
  const paths = transitionPaths(replayPlayerMachine, { input: samples.input!, events });

  it('plays, pauses, steps and reaches the end', () => {
    expect([...new Set(paths.map((p) => p.state.value))].sort()).toEqual(['paused', 'playing']);
    expect(paths.some((p) => (p.steps.at(-1)?.event.type as string).startsWith('xstate.after.STEP'))).toBe(true);
  });

  for (const path of paths) {
    it(path.description, async () => {
      const clock = new SimulatedClock();
      const promises = new ControlledPromises();
      const actor = createActor(replayPlayerMachine, { clock, input: samples.input! }).start();
      for (const step of path.steps) {
        const type = step.event.type as string;
        const before: ReplayContext = actor.getSnapshot().context;
        await replayEvent(step.event, {
          actor,
          clock,
          promises,
          // A faster speed shortens the wait between scores.
          delayMs: (_delay, snap) => REPLAY_STEP_MS / (snap.context as ReplayContext).speed,
        });
        const snap = actor.getSnapshot();
        expect(snap.value, type).toEqual(step.state.value);
        expect(snap.context).toEqual(step.state.context);
        if (type.startsWith('xstate.after.STEP')) {
          // One more score on the board; it stops by itself at the last one.
          expect(snap.context.step).toBe(before.step + 1);
          if (snap.context.step === snap.context.total) expect(snap.value).toBe('paused');
        }
        if (type === 'replay.toggle' && before.step >= before.total && before.total > 0) expect(snap.context.step).toBe(0);
        if (type === 'replay.seek') expect(snap.value).toBe('paused');
        expect(snap.context.step).toBeGreaterThanOrEqual(0);
        expect(snap.context.step).toBeLessThanOrEqual(snap.context.total);
      }
      actor.stop();
    });
  }
});

describe('replay player timing', () => {
  it('plays the whole history one score per step, then pauses', () => {
    const clock = new SimulatedClock();
    const actor = createActor(replayPlayerMachine, { clock, input: { total: 3 } }).start();
    actor.send({ type: 'replay.toggle' });
    expect(actor.getSnapshot().context.step).toBe(0);
    clock.increment(REPLAY_STEP_MS - 1);
    expect(actor.getSnapshot().context.step).toBe(0);
    clock.increment(1);
    expect(actor.getSnapshot().context.step).toBe(1);
    clock.increment(REPLAY_STEP_MS);
    clock.increment(REPLAY_STEP_MS);
    expect(actor.getSnapshot().context).toMatchObject({ step: 3 });
    expect(actor.getSnapshot().value).toBe('paused');
  });

  it('clamps a seek to the history', () => {
    const actor = createActor(replayPlayerMachine, { input: { total: 3 } }).start();
    actor.send({ type: 'replay.seek', step: 99 });
    expect(actor.getSnapshot().context.step).toBe(3);
    actor.send({ type: 'replay.seek', step: -4 });
    expect(actor.getSnapshot().context.step).toBe(0);
  });
});
