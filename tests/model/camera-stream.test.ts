import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import { cameraStreamMachine, enqueue, type QueuedSegment, type RecordedSegment } from '#machines/camera-stream.ts';
import { LIVE_SEGMENT_QUEUE_MAX } from '#domain/live-stream.ts';
import samples from './samples/camera-stream.samples.ts';
import { graphOf } from './charts.ts';
import { drivePath } from './drive.ts';

const graph = graphOf({ name: 'camera-stream', samples: samples as never });
const seg = (atMs: number): RecordedSegment => ({ blob: new Blob(['x']), atMs, durationMs: 2000 });

describe('camera stream chart: generated paths', () => {
  it('reaches every camera outcome and every sending state', () => {
    const values = new Set(graph.paths.flatMap((p) => p.steps.map((s) => JSON.stringify(s.value))));
    for (const v of ['"unsupported"', '"refused"', '"absent"', '"busy"', '"failed"', '"stopped"', '"full"']) expect(values).toContain(v);
    for (const sub of ['sending', 'retrying', 'resyncing', 'idle']) expect(values).toContain(JSON.stringify({ streaming: sub }));
  });

  graph.paths.forEach((path, i) => {
    it(`#${i + 1} ${path.description}`, async () => {
      await drivePath(samples, path, {
        onStep: ({ type, before, snap, calls }) => {
          // Segments go out numbered in order from the one after the server's newest, one at a time.
          const sends = calls.filter((c) => c.id === 'sendSegment').map((c) => (c.input as { seq: number }).seq);
          if (type === 'segment.recorded' && before.matches({ streaming: 'idle' })) expect(sends).toEqual([before.context.nextSeq]);
          for (const seq of sends) expect(seq).toBe(snap.context.queue[0]?.seq);
          if (type === 'xstate.done.actor.openCamera') expect(snap.context.nextSeq).toBe(3);
          // A dropped connection keeps every waiting segment.
          if (snap.hasTag('offline')) expect(snap.context.queue.length).toBeGreaterThanOrEqual(before.context.queue.length);
          if (type === 'xstate.done.actor.sendSegment') expect(snap.context.sent).toBe(before.context.sent + 1);
          if (snap.matches('stopped')) expect(snap.context.queue).toEqual([]);
          // Storage full: the camera is off, nothing waits to be sent, and the server's words are shown.
          if (snap.matches('full')) {
            expect(snap.context.queue).toEqual([]);
            expect(snap.context.problem).toMatch(/does not fit in your storage/);
            expect(snap.hasTag('live')).toBe(false);
          }
          if (snap.matches('unsupported')) expect(snap.context.supported).toBe(false);
        },
      });
    });
  });
});

describe('camera stream', () => {
  it('keeps segments through a dropped connection and sends them in order when it returns', async () => {
    const sent: number[] = [];
    let online = false;
    const actor = createActor(
      cameraStreamMachine.provide({
        actors: {
          openCamera: fromPromise(async () => ({ lastSeq: 4 })),
          sendSegment: fromPromise<unknown, { attemptId: number; seq: number; segment: RecordedSegment }>(async ({ input }) => {
            if (!online) throw Object.assign(new Error('offline'), { status: 0 });
            sent.push(input.seq);
            return null;
          }),
        },
        delays: { CAMERA_RETRY_MS: 5 },
      }),
      { input: { attemptId: 1, supported: true } },
    ).start();
    actor.send({ type: 'camera.start' });
    await new Promise((r) => setTimeout(r, 0));
    for (const at of [0, 2000, 4000]) actor.send({ type: 'segment.recorded', segment: seg(at) });
    await new Promise((r) => setTimeout(r, 20));
    expect(actor.getSnapshot().hasTag('offline')).toBe(true);
    expect(actor.getSnapshot().context.queue).toHaveLength(3);
    online = true;
    await new Promise((r) => setTimeout(r, 40));
    expect(sent).toEqual([5, 6, 7]);
    expect(actor.getSnapshot().matches({ streaming: 'idle' })).toBe(true);
    actor.stop();
  });

  it('a long drop keeps at most the queue limit, dropping the oldest not yet numbered', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 80 }), fc.boolean(), (n, headNumbered) => {
        let queue: QueuedSegment[] = headNumbered ? [{ ...seg(0), seq: 9 }] : [];
        let dropped = 0;
        for (let i = 1; i <= n; i++) {
          const r = enqueue(queue, seg(i * 2000));
          queue = r.queue;
          dropped += r.dropped;
        }
        const total = n + (headNumbered ? 1 : 0);
        expect(queue.length).toBe(Math.min(total, LIVE_SEGMENT_QUEUE_MAX));
        expect(dropped).toBe(total - queue.length);
        // The one on its way keeps its place; what is kept is the newest, in recording order.
        if (headNumbered) expect(queue[0]!.seq).toBe(9);
        const times = queue.map((q) => q.atMs);
        expect(times).toEqual([...times].sort((a, b) => a - b));
        if (n > 0) expect(times.at(-1)).toBe(n * 2000);
      }),
    );
  });
});
