import { assertEvent, assign, fromPromise, setup } from 'xstate';
import { STORY_BODY_LIMITS, STORY_TITLE_LIMITS, storyDraftProblem } from '../domain/stories.ts';
import { ALT_LIMITS, imagesProblem, moveImage, STORY_IMAGE_MAX } from '../domain/images.ts';

/** A picture in the form: uploaded (re-encoded by the server), with the alt text being written. */
export interface StoryImage {
  id: string;
  alt: string;
  /** The feed-sized picture, shown as the thumbnail. */
  url: string;
  width: number;
  height: number;
}

/** What uploading a batch of files gave: the pictures stored, and the sentence for the first refused one. */
export interface UploadOutcome {
  images: Omit<StoryImage, 'alt'>[];
  problem: string | null;
}

export interface StoryFields {
  title: string;
  body: string;
  /** One of the athlete's own ready videos, or null. */
  videoId: string | null;
  /** The challenge the story is about, or null. */
  challengeId: number | null;
  /** Up to STORY_IMAGE_MAX pictures, in the order shown. */
  images: StoryImage[];
  /** For the author's subscribers only (creators with a tier). */
  subscribersOnly: boolean;
  /** With subscribersOnly: the tier it is for (that price or higher), or null for any tier. */
  tierId: number | null;
}

/** The body of POST /api/stories (or PATCH /api/stories/{id} when editing). */
export interface StoryPayload {
  title: string;
  body: string;
  video_id: string | null;
  challenge_id: number | null;
  images: { id: string; alt: string }[];
  subscribers_only: boolean;
  tier_id: number | null;
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
  | { type: 'story.setAudience'; subscribersOnly: boolean; tierId: number | null }
  | { type: 'story.addFiles'; files: Blob[] }
  | { type: 'story.setAlt'; index: number; alt: string }
  | { type: 'story.moveImage'; index: number; to: number }
  | { type: 'story.removeImage'; index: number }
  | { type: 'story.submit' };

export const emptyStoryFields: StoryFields = {
  title: '',
  body: '',
  videoId: null,
  challengeId: null,
  images: [],
  subscribersOnly: false,
  tierId: null,
};

/** The first thing wrong with the whole draft: its text, then its pictures. */
export const draftProblem = (fields: StoryFields) => storyDraftProblem(fields) ?? imagesProblem(fields.images);

/** Typing stops a little past the limit, so the validation sentence (not a silent cut) says what is wrong. */
const TYPING_SLACK = 100;
const LIMITS = { title: STORY_TITLE_LIMITS.max + TYPING_SLACK, body: STORY_BODY_LIMITS.max + TYPING_SLACK };

/** What is sent: trimmed text, the video and challenge as chosen. */
export function storyPayload(fields: StoryFields): StoryPayload {
  return {
    title: fields.title.trim(),
    body: fields.body.trim(),
    video_id: fields.videoId,
    challenge_id: fields.challengeId,
    images: fields.images.map((i) => ({ id: i.id, alt: i.alt.trim() })),
    subscribers_only: fields.subscribersOnly,
    tier_id: fields.subscribersOnly ? fields.tierId : null,
  };
}

const messageOf = (error: unknown, fallback = 'Could not publish the story.') =>
  error instanceof Error && error.message ? error.message : fallback;

/** Text, video and challenge change while editing and while pictures upload. */
const TEXT_EVENTS = {
  'story.update': { actions: 'updateField' },
  'story.setVideo': { actions: 'setVideo' },
  'story.setChallenge': { actions: 'setChallenge' },
  'story.setAudience': { actions: 'setAudience' },
} as const;

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
    /** Uploads the files one after another (the server re-encodes each); stops at the first refused one. */
    uploadImages: fromPromise<UploadOutcome, Blob[]>(async () => {
      throw new Error('uploadImages not provided');
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
    setAudience: assign(({ context, event }) => {
      assertEvent(event, 'story.setAudience');
      return { fields: { ...context.fields, subscribersOnly: event.subscribersOnly, tierId: event.subscribersOnly ? event.tierId : null } };
    }),
    setAlt: assign(({ context, event }) => {
      assertEvent(event, 'story.setAlt');
      const alt = event.alt.slice(0, ALT_LIMITS.max + TYPING_SLACK);
      return {
        fields: { ...context.fields, images: context.fields.images.map((im, i) => (i === event.index ? { ...im, alt } : im)) },
        problem: null,
      };
    }),
    moveImage: assign(({ context, event }) => {
      assertEvent(event, 'story.moveImage');
      return { fields: { ...context.fields, images: moveImage(context.fields.images, event.index, event.to) } };
    }),
    removeImage: assign(({ context, event }) => {
      assertEvent(event, 'story.removeImage');
      return { fields: { ...context.fields, images: context.fields.images.filter((_, i) => i !== event.index) }, problem: null };
    }),
    tooManyImages: assign(({ context }) => {
      const room = STORY_IMAGE_MAX - context.fields.images.length;
      return {
        problem:
          room > 0
            ? `A story holds at most ${STORY_IMAGE_MAX} images: pick at most ${room} more.`
            : `A story holds at most ${STORY_IMAGE_MAX} images: remove one to add another.`,
      };
    }),
    flagProblem: assign(({ context }) => ({ problem: draftProblem(context.fields) })),
    clearProblem: assign({ problem: null }),
    /** Provided by the app: opens the published story. */
    notifyPublished: (_: unknown, _params: { id: number }) => {},
  },
  guards: {
    draftComplete: ({ context }) => draftProblem(context.fields) === null,
    roomForImages: ({ context, event }) =>
      event.type === 'story.addFiles' && event.files.length > 0 && context.fields.images.length + event.files.length <= STORY_IMAGE_MAX,
    /** Something was picked (an empty pick, a cancelled file dialog, changes nothing). */
    picked: ({ event }) => event.type === 'story.addFiles' && event.files.length > 0,
  },
}).createMachine({
  id: 'storySubmission',
  context: ({ input }) => ({ fields: { ...emptyStoryFields, ...input.fields }, problem: null, published: null }),
  initial: 'editing',
  states: {
    editing: {
      on: {
        ...TEXT_EVENTS,
        'story.addFiles': [
          { guard: 'roomForImages', target: 'uploading', actions: 'clearProblem' },
          { guard: 'picked', actions: 'tooManyImages' },
        ],
        'story.setAlt': { actions: 'setAlt' },
        'story.moveImage': { actions: 'moveImage' },
        'story.removeImage': { actions: 'removeImage' },
        'story.submit': [{ guard: 'draftComplete', target: 'publishing', actions: 'clearProblem' }, { actions: 'flagProblem' }],
      },
    },
    // The pictures go up while the text can still be written; publishing waits for them.
    uploading: {
      tags: ['uploading'],
      on: TEXT_EVENTS,
      invoke: {
        id: 'uploadImages',
        src: 'uploadImages',
        input: ({ event }) => {
          assertEvent(event, 'story.addFiles');
          return event.files;
        },
        onDone: {
          target: 'editing',
          actions: assign(({ context, event }) => ({
            fields: { ...context.fields, images: [...context.fields.images, ...event.output.images.map((im) => ({ ...im, alt: '' }))] },
            problem: event.output.problem,
          })),
        },
        onError: {
          target: 'editing',
          actions: assign(({ event }) => ({ problem: messageOf(event.error, 'Could not upload the picture.') })),
        },
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
