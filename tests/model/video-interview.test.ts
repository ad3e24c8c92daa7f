import { describe, expect, it } from 'vitest';
import { EMPTY_TAKE } from '#machines/video-interview.ts';
import samples from './samples/video-interview.samples.ts';
import { graphOf } from './charts.ts';
import { drivePath } from './drive.ts';

const graph = graphOf({ name: 'video-interview', samples: samples as never });

describe('video interview chart: generated paths', () => {
  it('reaches every state, including a refused camera, a failed upload and a failed attach', () => {
    const reached = new Set(graph.paths.flatMap((p) => p.steps.map((s) => s.value)));
    expect([...reached].sort()).toEqual(
      [
        'attaching',
        'camera',
        'failed',
        'finished',
        'hiding',
        'noCamera',
        'onProfile',
        'preview',
        'ready',
        'recording',
        'showing',
        'starting',
        'uploading',
      ].sort(),
    );
    for (const error of ['openCamera', 'uploadTake', 'attachClip'])
      expect(graph.paths.some((p) => p.steps.some((s) => s.event.type === `xstate.error.actor.${error}`))).toBe(true);
  });

  graph.paths.forEach((path, i) => {
    it(`#${i + 1} ${path.description}`, async () => {
      await drivePath(samples, path, {
        onStep: ({ type, before, snap, calls }) => {
          if (type === 'record.done' && snap.matches('ready')) expect(snap.context.problem).toBe(EMPTY_TAKE);
          if (type === 'record.retake') expect(snap.context.takeBytes).toBe(0);
          if (type === 'record.send') {
            // A take already uploaded (its attach failed) is not uploaded again.
            if (before.context.clipId) expect(snap.matches('attaching')).toBe(true);
            else expect(snap.matches('uploading')).toBe(true);
            expect(calls.at(-1)?.input).toMatchObject({
              interviewId: before.context.interview!.id,
              questionId: before.context.interview!.current_question_id,
            });
          }
          if (type === 'xstate.error.actor.uploadTake' || type === 'xstate.error.actor.attachClip') {
            // The take is kept, with the reason, so it can be sent again without re-recording.
            expect(snap.matches('preview')).toBe(true);
            expect(snap.context.takeBytes).toBe(before.context.takeBytes);
            expect(snap.context.problem).not.toBeNull();
          }
          if (type === 'xstate.done.actor.attachClip') expect(snap.context.takeBytes).toBe(0);
        },
      });
    });
  });
});
