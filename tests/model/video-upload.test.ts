import { describe, expect, it } from 'vitest';
import samples from './samples/video-upload.samples.ts';
import { graphOf } from './charts.ts';
import { drivePath } from './drive.ts';

const graph = graphOf({ name: 'video-upload', samples: samples as never });

describe('video upload chart: generated paths', () => {
  it('reaches sending, pausing, an interruption it resumes from, a refusal and the finished upload', () => {
    const values = new Set(graph.paths.flatMap((p) => p.steps.map((s) => s.value as string)));
    expect([...values].sort()).toEqual(['idle', 'interrupted', 'paused', 'preparing', 'refused', 'sending', 'uploaded']);
  });

  graph.paths.forEach((path, i) => {
    it(`#${i + 1} ${path.description}`, async () => {
      let forgotten = 0;
      await drivePath(samples, path, {
        overrides: { actions: { forget: () => void forgotten++ } },
        onStep: ({ type, before, snap, calls, event }) => {
          if (type === 'upload.choose' && !before.hasTag('busy')) {
            // A new file is hashed and declared; nothing of the last one is kept.
            expect(calls.map((c) => c.input)).toEqual([{ name: 'deadlift.mp4', size: 3_000_000, type: 'video/mp4' }]);
            expect(snap.context.sent).toBe(0);
          }
          if (type === 'upload.choose' && before.hasTag('busy')) expect(snap.value).toBe(before.value);
          if (type === 'upload.resume') {
            // Resuming continues from the bytes the server holds, never from zero.
            expect(snap.value).toBe('sending');
            expect(snap.context.sent).toBe(before.context.sent);
          }
          if (type === 'upload.finished') {
            expect(snap.value).toBe('uploaded');
            expect(snap.context.sent).toBe(3_000_000);
            expect(forgotten).toBeGreaterThan(0);
          }
          if (type === 'upload.failed') {
            const retryable = (event as unknown as { retryable: boolean }).retryable;
            expect(snap.value).toBe(retryable ? 'interrupted' : 'refused');
            expect(snap.context.problem).toBe((event as unknown as { message: string }).message);
          }
          if (type === 'xstate.error.actor.prepare') expect(snap.context.problem).toMatch(/does not fit/);
        },
      });
    });
  });
});
