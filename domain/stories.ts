/** Stories (server/areas/stories/stories.ts, src/features/stories): athletes' posts with comments. Pure: no I/O. */

/** A story's title, in characters after trimming. */
export const STORY_TITLE_LIMITS = { min: 3, max: 120 } as const;
/** A story's body (plain text or the safe Markdown subset), in characters after trimming. */
export const STORY_BODY_LIMITS = { min: 10, max: 5000 } as const;
/** A comment, in characters after trimming. */
export const COMMENT_LIMITS = { min: 1, max: 1000 } as const;
/** Stories per page of the Community feed and of My Stories. */
export const STORY_PAGE_SIZE = 10;
/** Comments per page under a story (oldest first). */
export const COMMENT_PAGE_SIZE = 50;

/** What the author sees on a story or comment moderators hid. */
export const HIDDEN_BY_MODERATORS = 'Hidden by moderators';

export interface StoryDraft {
  title: string;
  body: string;
}

/** The first thing wrong with a draft, in a sentence, or null when it can be sent. */
export function storyDraftProblem(draft: StoryDraft): string | null {
  const title = draft.title.trim();
  const body = draft.body.trim();
  if (!title) return 'Give your story a title.';
  if (title.length < STORY_TITLE_LIMITS.min) return `Make the title at least ${STORY_TITLE_LIMITS.min} characters long.`;
  if (title.length > STORY_TITLE_LIMITS.max) return `Keep the title to ${STORY_TITLE_LIMITS.max} characters or fewer.`;
  if (!body) return 'Write your story before publishing it.';
  if (body.length < STORY_BODY_LIMITS.min) return `Tell a little more: the story needs at least ${STORY_BODY_LIMITS.min} characters.`;
  if (body.length > STORY_BODY_LIMITS.max) return `Keep the story to ${STORY_BODY_LIMITS.max} characters or fewer.`;
  return null;
}

/** The first thing wrong with a comment, in a sentence, or null. */
export function commentProblem(body: string): string | null {
  const text = body.trim();
  if (text.length < COMMENT_LIMITS.min) return 'Write something before posting the comment.';
  if (text.length > COMMENT_LIMITS.max) return `Keep the comment to ${COMMENT_LIMITS.max} characters or fewer.`;
  return null;
}
