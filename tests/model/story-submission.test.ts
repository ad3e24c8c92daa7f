import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import { draftProblem, storyPayload, storySubmissionMachine, type StoryPayload } from '#machines/story-submission.ts';
import samples from './samples/story-submission.samples.ts';
import { STORY_BODY_LIMITS, storyDraftProblem } from '#domain/stories.ts';
import { graphOf } from './charts.ts';
import { drivePath } from './drive.ts';

const graph = graphOf({ name: 'story-submission', samples: samples as never });

describe('story submission chart: generated paths', () => {
  it('covers editing, publishing, published and the way back from an error', () => {
    const reached = new Set(graph.paths.flatMap((p) => p.steps.map((s) => s.value)));
    expect([...reached].sort()).toEqual(['editing', 'published', 'publishing', 'uploading']);
    expect(graph.paths.some((p) => p.steps.some((s) => s.event.type === 'xstate.error.actor.uploadImages'))).toBe(true);
    expect(graph.paths.some((p) => p.steps.some((s) => s.event.type === 'xstate.error.actor.publishStory'))).toBe(true);
  });

  graph.paths.forEach((path, i) => {
    it(`#${i + 1} ${path.description}`, async () => {
      const sent: StoryPayload[] = [];
      const opened: number[] = [];
      await drivePath(samples, path, {
        overrides: { actions: { notifyPublished: (_: unknown, { id }: { id: number }) => void opened.push(id) } },
        onStep: ({ type, before, snap, replay }) => {
          if (type === 'story.submit') {
            const problem = draftProblem(before.context.fields);
            if (snap.matches('publishing')) {
              expect(problem).toBeNull();
              const publishes = replay.calls.filter((c) => c.id === 'publishStory');
              expect(publishes).toHaveLength(sent.length + 1);
              sent.push(publishes.at(-1)!.input as StoryPayload);
              expect(sent.at(-1)).toEqual(storyPayload(before.context.fields));
            } else {
              // A sentence, and nothing sent.
              expect(replay.calls.filter((c) => c.id === 'publishStory')).toHaveLength(sent.length);
              expect(snap.context.problem).toBe(problem);
              expect(problem).toMatch(/\.$/);
            }
          }
          if (type === 'xstate.done.actor.publishStory') {
            expect(opened).toEqual([7]);
            expect(snap.context.published).toEqual({ id: 7 });
          }
          if (type === 'xstate.done.actor.uploadImages') {
            // The uploaded picture is added at the end, waiting for its description.
            expect(snap.context.fields.images).toHaveLength(before.context.fields.images.length + 1);
            expect(snap.context.fields.images.at(-1)!.alt).toBe('');
          }
          if (type === 'xstate.error.actor.uploadImages') {
            expect(snap.context.problem).toMatch(/not an image/);
            expect(snap.context.fields).toEqual(before.context.fields);
          }
          if (
            type === 'story.submit' &&
            before.context.fields.images.length === 1 &&
            !before.context.fields.images[0]!.alt.trim() &&
            !storyDraftProblem(before.context.fields)
          ) {
            // A picture without alt text is never published.
            expect(snap.matches('editing')).toBe(true);
            expect(snap.context.problem).toMatch(/alt text/);
          }
          if (type === 'xstate.error.actor.publishStory') {
            expect(snap.context.problem).toBe('That video is not one of yours.');
            // What was typed is kept.
            expect(snap.context.fields).toEqual(before.context.fields);
          }
        },
      });
    });
  });
});

describe('story draft', () => {
  it('stops typing a little past the limit, so the sentence says what is wrong', () => {
    const actor = createActor(storySubmissionMachine, { input: {} }).start();
    actor.send({ type: 'story.update', field: 'title', value: 'A title' });
    actor.send({ type: 'story.update', field: 'body', value: 'b'.repeat(STORY_BODY_LIMITS.max * 3) });
    expect(actor.getSnapshot().context.fields.body.length).toBeLessThan(STORY_BODY_LIMITS.max * 2);
    actor.send({ type: 'story.submit' });
    expect(actor.getSnapshot().value).toBe('editing');
    expect(actor.getSnapshot().context.problem).toBe(`Keep the story to ${STORY_BODY_LIMITS.max} characters or fewer.`);
  });

  it('sends trimmed text with the chosen video and challenge', () => {
    expect(
      storyPayload({
        title: '  T itle ',
        body: ' Body text here ',
        videoId: 'v',
        challengeId: 4,
        images: [{ id: 'i', alt: ' A squat ', url: '/x', width: 4, height: 3 }],
        subscribersOnly: false,
        tierId: 9,
      }),
    ).toEqual({
      title: 'T itle',
      body: 'Body text here',
      video_id: 'v',
      challenge_id: 4,
      images: [{ id: 'i', alt: 'A squat' }],
      subscribers_only: false,
      tier_id: null,
    });
  });

  it('sends the audience: subscribers of one tier or any, and a tier only with subscribers', () => {
    const actor = createActor(storySubmissionMachine, { input: {} }).start();
    actor.send({ type: 'story.setAudience', subscribersOnly: true, tierId: 5 });
    expect(storyPayload(actor.getSnapshot().context.fields)).toMatchObject({ subscribers_only: true, tier_id: 5 });
    actor.send({ type: 'story.setAudience', subscribersOnly: false, tierId: 5 });
    expect(storyPayload(actor.getSnapshot().context.fields)).toMatchObject({ subscribers_only: false, tier_id: null });
  });
});
