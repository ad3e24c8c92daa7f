// Follows and kudos: the bounds both the server and the pages read.

/** How many people one account may follow. */
export const MAX_FOLLOWING = 1000;

/** Kudos one person may give (or take back) in a minute. */
export const KUDOS_PER_MINUTE = 30;

/** What can take kudos: a story or a result (a challenge score). */
export const KUDOS_KINDS = ['story', 'score'] as const;
export type KudosKind = (typeof KUDOS_KINDS)[number];

/** Page sizes: the followers feed and the people lists. */
export const FEED_PAGE_SIZE = 20;
export const PEOPLE_PAGE_SIZE = 30;

/** Followers notified per new story or challenge at most in one job run (the rest in the next run). */
export const FANOUT_BATCH = 200;

/** What the followers feed carries. */
export type FeedItemKind = 'story' | 'challenge' | 'result';

/**
 * The feed's cursor: the last item's time and its kind and id, so a page starts strictly after it whatever shares
 * its time. Written as `<ms>.<kind>.<id>`; anything else is refused.
 */
export interface FeedCursor {
  at: number;
  kind: FeedItemKind;
  id: number;
}

export const encodeFeedCursor = (c: FeedCursor) => `${c.at}.${c.kind}.${c.id}`;

export function decodeFeedCursor(raw: string): FeedCursor | null {
  const m = /^(\d{1,15})\.(story|challenge|result)\.(\d{1,10})$/.exec(raw);
  if (!m) return null;
  const id = Number(m[3]);
  if (id > 2147483647) return null;
  return { at: Number(m[1]), kind: m[2] as FeedItemKind, id };
}

/** The order of the feed: newest first, then kind, then id, descending; a strict total order. */
export function compareFeed(a: FeedCursor, b: FeedCursor): number {
  if (a.at !== b.at) return b.at - a.at;
  if (a.kind !== b.kind) return a.kind < b.kind ? 1 : -1;
  return b.id - a.id;
}
