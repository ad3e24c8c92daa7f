import { describe, expect, it } from 'vitest';
import { createActor, SimulatedClock } from 'xstate';
import { replayPlayerMachine } from '#machines/replay-player.ts';
import samples from './samples/replay-player.samples.ts';
import { REPLAY_STEP_MS } from '#domain/constants.ts';
import { graphOf } from './charts.ts';
import { drivePath } from './drive.ts';

const graph = graphOf({ name: 'replay-player', samples: samples as never });

describe('replay player chart: generated paths', () => {
  it('plays, pauses, steps and reaches the end', () => {
    const steps = graph.paths.flatMap((p) => p.steps);
    expect([...new Set(steps.map((s) => s.value as string))].sort()).toEqual(['paused', 'playing']);
    expect(steps.some((s) => s.event.type.startsWith('xstate.after.STEP'))).toBe(true);
    // The last score reached by playing alone: it stops there.
    expect(steps.some((s) => s.event.type.startsWith('xstate.after.STEP') && s.value === 'paused')).toBe(true);
  });

  graph.paths.forEach((path, i) => {
    it(`#${i + 1} ${path.description}`, async () => {
      await drivePath(samples, path, {
        onStep: ({ type, before, snap, replay }) => {
          const { step, total, speed } = snap.context;
          if (type.startsWith('xstate.after.STEP')) {
            // One more score on the board; it stops by itself at the last one.
            expect(step).toBe(before.context.step + 1);
            if (step === total) expect(snap.value).toBe('paused');
          }
          if (type === 'replay.toggle' && before.context.step >= before.context.total && before.context.total > 0) expect(step).toBe(0);
          if (type === 'replay.seek') expect(snap.value).toBe('paused');
          // While playing, the next score is due one step away at the chosen speed (a faster speed shortens the wait).
          if (snap.matches('playing')) expect(replay.clock.msUntil('xstate.after.STEP.replayPlayer.playing')).toBe(REPLAY_STEP_MS / speed);
          expect(step).toBeGreaterThanOrEqual(0);
          expect(step).toBeLessThanOrEqual(total);
        },
      });
    });
  });
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
