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

/** The longest teaser of a subscriber-only story, in characters (before the ellipsis). */
export const TEASER_MAX = 160;

/**
 * What someone without the subscription reads of a subscriber-only story: its first words, at most
 * TEASER_MAX characters and never more than a third of the body, cut at a word, with an ellipsis.
 * Always a strict prefix of the body (so the rest is never sent).
 */
export function storyTeaser(body: string): string {
  const text = body.trim();
  const room = Math.min(TEASER_MAX, Math.floor(text.length / 3));
  if (room <= 0) return '…';
  const cut = text.slice(0, room);
  const lastSpace = cut.search(/\s\S*$/);
  const words = lastSpace > room / 2 ? cut.slice(0, lastSpace) : cut;
  return `${words.trimEnd()}…`;
}

/** A story as far as who may read it: `requiredPriceCents` is the tier it is for (null: any paid tier). */
export interface StoryAudience {
  authorId: number;
  subscribersOnly: boolean;
  requiredPriceCents: number | null;
}

/**
 * Whether this reader reads the whole story: everyone when it is not subscriber-only; otherwise its author,
 * editors and administrators, and subscribers with access now to a tier of the author's at the required
 * price or higher (`bestPriceCents`: the dearest such tier the reader has, undefined when none).
 */
export function readsInFull(story: StoryAudience, reader: { id: number; isStaff: boolean } | null, bestPriceCents: number | undefined) {
  if (!story.subscribersOnly) return true;
  if (!reader) return false;
  if (reader.isStaff || reader.id === story.authorId) return true;
  if (bestPriceCents === undefined) return false;
  return story.requiredPriceCents === null || bestPriceCents >= story.requiredPriceCents;
}
