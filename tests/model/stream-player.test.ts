import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import { streamPlayerMachine } from '#machines/stream-player.ts';
import { spectatorStart } from '#domain/live-stream.ts';
import samples from './samples/stream-player.samples.ts';
import { graphOf } from './charts.ts';
import { drivePath } from './drive.ts';

const graph = graphOf({ name: 'stream-player', samples: samples as never });

describe('stream player chart: generated paths', () => {
  it('waits, buffers, plays, ends and fails', () => {
    const values = new Set(graph.paths.flatMap((p) => p.steps.map((s) => s.value as string)));
    expect([...values].sort()).toEqual(['buffering', 'ended', 'failed', 'playing', 'waiting']);
  });

  graph.paths.forEach((path, i) => {
    it(`#${i + 1} ${path.description}`, async () => {
      await drivePath(samples, path, {
        onStep: ({ type, before, snap }) => {
          const { nextSeq, lastSeq, ended } = snap.context;
          // Playing starts a couple of segments behind the newest, never before the first; it never runs ahead of the server.
          if (before.matches('waiting') && snap.matches('buffering')) expect(nextSeq).toBe(spectatorStart(lastSeq));
          if (snap.matches('buffering') || snap.matches('playing')) {
            expect(nextSeq).toBeGreaterThanOrEqual(1);
            expect(nextSeq).toBeLessThanOrEqual(lastSeq + 1);
          }
          // Only an ended stream, drained, ends the player.
          if (snap.matches('ended')) expect(ended).toBe(true);
          if (type === 'player.failed') expect(snap.context.error).toBeTruthy();
          if (snap.matches('waiting')) expect(snap.context.error).toBeNull();
        },
      });
    });
  });
});

describe('stream player', () => {
  it('follows announced segments in order and ends once the last is played', () => {
    const actor = createActor(streamPlayerMachine, { input: { lastSeq: 5, ended: false } }).start();
    expect(actor.getSnapshot().value).toBe('buffering');
    expect(actor.getSnapshot().context.nextSeq).toBe(3);
    actor.send({ type: 'stream.appended', seq: 4 }); // not the one asked for: ignored
    expect(actor.getSnapshot().context.nextSeq).toBe(3);
    for (const seq of [3, 4, 5]) actor.send({ type: 'stream.appended', seq });
    actor.send({ type: 'player.playing' });
    actor.send({ type: 'stream.known', lastSeq: 6 });
    actor.send({ type: 'player.waiting' });
    expect(actor.getSnapshot().value).toBe('buffering');
    actor.send({ type: 'stream.appended', seq: 6 });
    actor.send({ type: 'stream.ended' });
    actor.send({ type: 'player.waiting' });
    expect(actor.getSnapshot().value).toBe('ended');
  });

  it('ends at once for an attempt that ended without a camera stream', () => {
    expect(
      createActor(streamPlayerMachine, { input: { lastSeq: 0, ended: true } })
        .start()
        .getSnapshot().value,
    ).toBe('ended');
  });
});
