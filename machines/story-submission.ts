import { assertEvent, assign, fromPromise, setup } from 'xstate';
import { STORY_BODY_LIMITS, STORY_TITLE_LIMITS, storyDraftProblem } from '../domain/stories.ts';

export interface StoryFields {
  title: string;
  body: string;
  /** One of the athlete's own ready videos, or null. */
  videoId: string | null;
  /** The challenge the story is about, or null. */
  challengeId: number | null;
}

/** The body of POST /api/stories (or PATCH /api/stories/{id} when editing). */
export interface StoryPayload {
  title: string;
  body: string;
  video_id: string | null;
  challenge_id: number | null;
}

export interface StoryPublished {
  id: number;
}

export interface StorySubmissionContext {
  fields: StoryFields;
  problem: string | null;
  published: StoryPublished | null;
}

export type StorySubmissionEvent =
  | { type: 'story.update'; field: 'title' | 'body'; value: string }
  | { type: 'story.setVideo'; videoId: string | null }
  | { type: 'story.setChallenge'; challengeId: number | null }
  | { type: 'story.submit' };

export const emptyStoryFields: StoryFields = { title: '', body: '', videoId: null, challengeId: null };

/** Typing stops a little past the limit, so the validation sentence (not a silent cut) says what is wrong. */
const TYPING_SLACK = 100;
const LIMITS = { title: STORY_TITLE_LIMITS.max + TYPING_SLACK, body: STORY_BODY_LIMITS.max + TYPING_SLACK };

/** What is sent: trimmed text, the video and challenge as chosen. */
export function storyPayload(fields: StoryFields): StoryPayload {
  return { title: fields.title.trim(), body: fields.body.trim(), video_id: fields.videoId, challenge_id: fields.challengeId };
}

const messageOf = (error: unknown) => (error instanceof Error && error.message ? error.message : 'Could not publish the story.');

/** Composing a story: editing → publishing → published (the page opens the story), or back to editing with the server's words. */
export const storySubmissionMachine = setup({
  types: {
    context: {} as StorySubmissionContext,
    events: {} as StorySubmissionEvent,
    /** A story being edited starts from its fields; a new one from `challengeId` (shared from a challenge) or nothing. */
    input: {} as { fields?: Partial<StoryFields> },
  },
  actors: {
    publishStory: fromPromise<StoryPublished, StoryPayload>(async () => {
      throw new Error('publishStory not provided');
    }),
  },
  actions: {
    updateField: assign(({ context, event }) => {
      assertEvent(event, 'story.update');
      return { fields: { ...context.fields, [event.field]: event.value.slice(0, LIMITS[event.field]) }, problem: null };
    }),
    setVideo: assign(({ context, event }) => {
      assertEvent(event, 'story.setVideo');
      return { fields: { ...context.fields, videoId: event.videoId }, problem: null };
    }),
    setChallenge: assign(({ context, event }) => {
      assertEvent(event, 'story.setChallenge');
      return { fields: { ...context.fields, challengeId: event.challengeId } };
    }),
    flagProblem: assign(({ context }) => ({ problem: storyDraftProblem(context.fields) })),
    clearProblem: assign({ problem: null }),
    /** Provided by the app: opens the published story. */
    notifyPublished: (_: unknown, _params: { id: number }) => {},
  },
  guards: {
    draftComplete: ({ context }) => storyDraftProblem(context.fields) === null,
  },
}).createMachine({
  id: 'storySubmission',
  context: ({ input }) => ({ fields: { ...emptyStoryFields, ...input.fields }, problem: null, published: null }),
  initial: 'editing',
  states: {
    editing: {
      on: {
        'story.update': { actions: 'updateField' },
        'story.setVideo': { actions: 'setVideo' },
        'story.setChallenge': { actions: 'setChallenge' },
        'story.submit': [{ guard: 'draftComplete', target: 'publishing', actions: 'clearProblem' }, { actions: 'flagProblem' }],
      },
    },
    publishing: {
      tags: ['busy'],
      invoke: {
        id: 'publishStory',
        src: 'publishStory',
        input: ({ context }) => storyPayload(context.fields),
        onDone: {
          target: 'published',
          actions: [
            assign(({ event }) => ({ published: event.output })),
            { type: 'notifyPublished', params: ({ event }) => ({ id: event.output.id }) },
          ],
        },
        onError: { target: 'editing', actions: assign(({ event }) => ({ problem: messageOf(event.error) })) },
      },
    },
    published: { type: 'final' },
  },
});
