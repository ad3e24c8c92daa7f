import { and, count, desc, eq, inArray, isNull, or, sql, type SQL } from 'drizzle-orm';
import type { AppContext } from '#server/context.ts';
import type { Database } from '#server/db/index.ts';
import { challenges, creatorTiers, kudos, moderationActions, stories, storyComments, users, videos } from '#server/db/schema.ts';
import { ApiError, badRequest, conflict, notFound } from '#server/errors.ts';
import {
  COMMENT_LIMITS,
  COMMENT_PAGE_SIZE,
  STORY_BODY_LIMITS,
  STORY_PAGE_SIZE,
  STORY_TITLE_LIMITS,
  readsInFull,
  storyTeaser,
} from '#domain/stories.ts';
import { NO_CHALLENGE } from '../challenges/index.ts';
import { lockableTier, subscribedPrices } from '../creators/index.ts';
import { announceToFollowers } from '../follows/index.ts';
import { forgetFiles, imageIdsOfStory, placeStoryImages, storyImages, type StoryImageInput } from '../images/index.ts';
import { ownReadyVideo, presentStoryVideo, presentVideo, type VideoRow, videoService } from '../videos/index.ts';

// Stories and their comments. Moderators hide either through the moderation registry
// (moderation-kinds.ts: kinds `story` and `comment`); hidden, an item shows to its author alone
// (marked, with the reason) and to administrators and editors, and leaves every public list.

export const NO_STORY = 'No story with that id.';
export const NO_COMMENT = 'No comment with that id.';
export const NOT_YOUR_STORY = 'Only the author of this story can change or delete it.';
export const NOT_YOUR_COMMENT = 'Only the author of this comment can delete it.';
export const SUBSCRIBERS_ONLY = "This story is for the author's subscribers: subscribe to read it and its comments.";

/** Who is reading: null when signed out. */
export type Reader = { id: number; isAdmin: boolean } | null;

/** The signed-in writer as the security handlers found them. */
export interface Writer {
  id: number;
  suspendedUntil: Date | null;
}

/** A suspended account posts nothing (its sessions end with the suspension; this covers any left). */
function refuseSuspended(ctx: AppContext, writer: Writer) {
  const until = writer.suspendedUntil;
  if (until && until > ctx.now())
    throw new ApiError(
      403,
      `Your account is suspended until ${until.toISOString().slice(0, 16).replace('T', ' ')} UTC, so you cannot post stories or comments until then.`,
    );
}

function checkTitle(raw: string): string {
  const title = raw.trim();
  if (!title) throw badRequest('Give your story a title.', 'title');
  if (title.length < STORY_TITLE_LIMITS.min)
    throw badRequest(`Make the title at least ${STORY_TITLE_LIMITS.min} characters long.`, 'title');
  if (title.length > STORY_TITLE_LIMITS.max) throw badRequest(`Keep the title to ${STORY_TITLE_LIMITS.max} characters or fewer.`, 'title');
  return title;
}

function checkBody(raw: string): string {
  const body = raw.trim();
  if (!body) throw badRequest('Write your story before publishing it.', 'body');
  if (body.length < STORY_BODY_LIMITS.min)
    throw badRequest(`Tell a little more: the story needs at least ${STORY_BODY_LIMITS.min} characters.`, 'body');
  if (body.length > STORY_BODY_LIMITS.max) throw badRequest(`Keep the story to ${STORY_BODY_LIMITS.max} characters or fewer.`, 'body');
  return body;
}

function checkComment(raw: string): string {
  const body = raw.trim();
  if (body.length < COMMENT_LIMITS.min) throw badRequest('Write something before posting the comment.', 'body');
  if (body.length > COMMENT_LIMITS.max) throw badRequest(`Keep the comment to ${COMMENT_LIMITS.max} characters or fewer.`, 'body');
  return body;
}

/** The writer's own ready video that moderators did not hide (400 someone else's or unknown, 422 not ready or hidden). */
async function attachableVideo(db: Database, userId: number, videoId: string): Promise<string> {
  const v = await ownReadyVideo(db, userId, videoId.toLowerCase(), 'video_id');
  if (v.hiddenAt) throw new ApiError(422, 'Moderators hid that video, so it cannot be attached to a story.', 'video_id');
  return v.id;
}

/** A challenge that exists and that moderators did not hide. */
async function linkableChallenge(db: Database, challengeId: number): Promise<number> {
  const [c] = await db
    .select({ id: challenges.id })
    .from(challenges)
    .where(and(eq(challenges.id, challengeId), isNull(challenges.deletedAt), isNull(challenges.hiddenAt)));
  if (!c) throw notFound(NO_CHALLENGE);
  return c.id;
}

const visibleComments = sql<number>`(select count(*) from ${storyComments} where ${storyComments.storyId} = ${stories.id} and ${storyComments.hiddenAt} is null)::int`;

function storyRows(db: Database) {
  return db
    .select({
      story: stories,
      authorName: users.displayName,
      challengeTitle: challenges.title,
      challengeGone: sql<boolean>`(${challenges.deletedAt} is not null or ${challenges.hiddenAt} is not null)`,
      video: videos,
      comments: visibleComments,
      tierName: creatorTiers.name,
      tierPrice: creatorTiers.priceCents,
    })
    .from(stories)
    .innerJoin(users, eq(users.id, stories.authorId))
    .leftJoin(creatorTiers, eq(creatorTiers.id, stories.subscriberTierId))
    .leftJoin(challenges, eq(challenges.id, stories.challengeId))
    .leftJoin(videos, eq(videos.id, stories.videoId));
}

type StoryRow = Awaited<ReturnType<ReturnType<typeof storyRows>['execute']>>[number];

/** The moderators' latest reason for hiding each of these stories. */
async function hideReasons(db: Database, ids: number[]): Promise<Map<string, string>> {
  if (!ids.length) return new Map();
  const rows = await db
    .select({ itemId: moderationActions.itemId, reason: moderationActions.reason })
    .from(moderationActions)
    .where(
      and(
        eq(moderationActions.kind, 'story'),
        eq(moderationActions.action, 'hide'),
        inArray(
          moderationActions.itemId,
          ids.map((id) => String(id)),
        ),
      ),
    )
    .orderBy(desc(moderationActions.createdAt), desc(moderationActions.id));
  const out = new Map<string, string>();
  for (const r of rows) if (!out.has(r.itemId)) out.set(r.itemId, r.reason);
  return out;
}

/** Each story's kudos (the follows area's table) and whether the reader gave theirs. */
async function kudosOf(db: Database, ids: number[], readerId: number | null) {
  if (!ids.length) return new Map<number, { n: number; mine: boolean }>();
  const rows = await db
    .select({
      id: kudos.itemId,
      n: count(),
      mine: sql<boolean>`coalesce(bool_or(${kudos.userId} = ${readerId ?? 0}), false)`,
    })
    .from(kudos)
    .where(and(eq(kudos.kind, 'story'), inArray(kudos.itemId, ids)))
    .groupBy(kudos.itemId);
  return new Map(rows.map((r) => [r.id, { n: Number(r.n), mine: Boolean(r.mine) }]));
}

const audienceOf = (r: { story: typeof stories.$inferSelect; tierPrice: number | null }) => ({
  authorId: r.story.authorId,
  subscribersOnly: r.story.subscribersOnly,
  requiredPriceCents: r.story.subscriberTierId === null ? null : r.tierPrice,
});

/** Whether this reader reads these stories in full (subscriber-only ones need the author's tier). */
async function fullReads(ctx: AppContext, rows: { story: typeof stories.$inferSelect; tierPrice: number | null }[], reader: Reader) {
  const prices = rows.some((r) => r.story.subscribersOnly)
    ? await subscribedPrices(ctx.database.db, reader?.id ?? null, ctx.now())
    : new Map<number, number>();
  const who = reader ? { id: reader.id, isStaff: reader.isAdmin } : null;
  return rows.map((r) => readsInFull(audienceOf(r), who, prices.get(r.story.authorId)));
}

async function present(ctx: AppContext, rows: StoryRow[], reader: Reader) {
  const readerId = reader?.id ?? null;
  const full = await fullReads(ctx, rows, reader);
  const given = await kudosOf(
    ctx.database.db,
    rows.map((r) => r.story.id),
    readerId,
  );
  const reasons = await hideReasons(
    ctx.database.db,
    rows.filter((r) => r.story.hiddenAt && r.story.authorId === readerId).map((r) => r.story.id),
  );
  const pictures = await storyImages(
    ctx,
    rows.map((r) => r.story.id),
  );
  const svc = videoService(ctx);
  const videoOf = (r: StoryRow, mine: boolean) => {
    const v = r.video as VideoRow | null;
    if (!v || v.status !== 'ready') return null;
    if (mine) return presentVideo(svc, v, readerId!);
    return v.hiddenAt ? null : presentStoryVideo(svc, v, readerId ?? 0);
  };
  return rows.map((r, i) => {
    const mine = readerId === r.story.authorId;
    // Without the subscription: the title and a teaser; never the body, its pictures or its video.
    const locked = !full[i];
    const pictures_ = pictures.get(r.story.id) ?? [];
    return {
      id: r.story.id,
      title: r.story.title,
      body: locked ? storyTeaser(r.story.body) : r.story.body,
      locked,
      subscribers_only: r.story.subscribersOnly,
      tier: r.story.subscriberTierId !== null && r.tierName !== null ? { id: r.story.subscriberTierId, name: r.tierName } : null,
      image_count: pictures_.length,
      author: { wp_user_id: r.story.authorId, display_name: r.authorName },
      challenge:
        r.story.challengeId !== null && r.challengeTitle !== null && !r.challengeGone
          ? { id: r.story.challengeId, title: r.challengeTitle }
          : null,
      video: locked ? null : videoOf(r, mine),
      images: locked ? [] : pictures_,
      comments: Number(r.comments),
      kudos: given.get(r.story.id)?.n ?? 0,
      kudos_mine: given.get(r.story.id)?.mine ?? false,
      created_at: r.story.createdAt.toISOString(),
      updated_at: r.story.updatedAt.toISOString(),
      mine,
      hidden: r.story.hiddenAt !== null,
      hidden_reason: mine && r.story.hiddenAt ? (reasons.get(String(r.story.id)) ?? null) : null,
    };
  });
}

const newestFirst = [desc(stories.createdAt), desc(stories.id)];

async function storyPage(ctx: AppContext, where: SQL | undefined, page: number, reader: Reader) {
  const db = ctx.database.db;
  const [rows, [total]] = await Promise.all([
    storyRows(db)
      .where(where)
      .orderBy(...newestFirst)
      .limit(STORY_PAGE_SIZE)
      .offset((page - 1) * STORY_PAGE_SIZE),
    db.select({ n: count() }).from(stories).where(where),
  ]);
  return { items: await present(ctx, rows, reader), total: total?.n ?? 0, page, page_size: STORY_PAGE_SIZE };
}

/** The Community feed: every story nobody hid, newest first. */
export function feed(ctx: AppContext, page: number, reader: Reader) {
  return storyPage(ctx, isNull(stories.hiddenAt), page, reader);
}

/** The reader's own stories, hidden ones included. */
export function myStories(ctx: AppContext, page: number, reader: { id: number; isAdmin: boolean }) {
  return storyPage(ctx, eq(stories.authorId, reader.id), page, reader);
}

/** A story as this reader may see it: a hidden one only for its author and moderators. */
async function readable(db: Database, storyId: number, reader: Reader) {
  const [row] = await db.select().from(stories).where(eq(stories.id, storyId));
  if (!row || (row.hiddenAt && !(reader && (reader.id === row.authorId || reader.isAdmin)))) throw notFound(NO_STORY);
  return row;
}

/** A story whose whole text this reader may read: its comments are part of it (403 for a subscriber-only one without the tier). */
async function readableInFull(ctx: AppContext, storyId: number, reader: Reader) {
  const row = await readable(ctx.database.db, storyId, reader);
  if (!row.subscribersOnly) return row;
  const [tier] = row.subscriberTierId
    ? await ctx.database.db.select({ price: creatorTiers.priceCents }).from(creatorTiers).where(eq(creatorTiers.id, row.subscriberTierId))
    : [];
  const [full] = await fullReads(ctx, [{ story: row, tierPrice: tier?.price ?? null }], reader);
  if (!full) throw new ApiError(403, SUBSCRIBERS_ONLY);
  return row;
}

/** Who may have a story's pictures (the images area asks before sending the bytes): see StoryPictureAccess. */
export async function storyPictureAccess(ctx: AppContext, storyId: number, reader: Reader): Promise<'public' | 'private' | 'refused'> {
  try {
    const row = await readableInFull(ctx, storyId, reader);
    return row.subscribersOnly ? 'private' : 'public';
  } catch (e) {
    if (e instanceof ApiError) return 'refused';
    throw e;
  }
}

export async function getStory(ctx: AppContext, storyId: number, reader: Reader) {
  await readable(ctx.database.db, storyId, reader);
  return one(ctx, storyId, reader);
}

async function one(ctx: AppContext, storyId: number, reader: Reader) {
  const rows = await storyRows(ctx.database.db).where(eq(stories.id, storyId));
  const [story] = await present(ctx, rows, reader);
  if (!story) throw notFound(NO_STORY);
  return story;
}

export interface StoryInput {
  title: string;
  body: string;
  video_id?: string | null;
  challenge_id?: number | null;
  images?: StoryImageInput[];
  /** For the author's subscribers only (the author must offer a tier). */
  subscribers_only?: boolean;
  /** With subscribers_only: the author's tier it is for (that price or higher); null or absent: any tier. */
  tier_id?: number | null;
}

/** The columns a story's audience sets, checked (400: no tier offered, or a tier not the author's). */
async function audienceColumns(db: Database, authorId: number, input: Partial<StoryInput>, before?: typeof stories.$inferSelect) {
  const locked = input.subscribers_only ?? before?.subscribersOnly ?? false;
  if (!locked) return { subscribersOnly: false, subscriberTierId: null };
  const tierId = input.tier_id === undefined ? (before?.subscriberTierId ?? null) : input.tier_id;
  return { subscribersOnly: true, subscriberTierId: await lockableTier(db, authorId, tierId) };
}

export async function createStory(ctx: AppContext, writer: Writer, input: StoryInput) {
  refuseSuspended(ctx, writer);
  const db = ctx.database.db;
  const title = checkTitle(input.title);
  const body = checkBody(input.body);
  const videoId = input.video_id ? await attachableVideo(db, writer.id, input.video_id) : null;
  const challengeId = input.challenge_id ? await linkableChallenge(db, input.challenge_id) : null;
  const audience = await audienceColumns(db, writer.id, input);
  const now = ctx.now();
  // The story and its followers' notifications (a job) stand or fall together.
  const row = await db.transaction(async (tx) => {
    const [inserted] = await tx
      .insert(stories)
      .values({ authorId: writer.id, title, body, videoId, challengeId, ...audience, createdAt: now, updatedAt: now })
      .returning({ id: stories.id });
    if (input.images?.length) await placeStoryImages(tx as unknown as Database, writer.id, inserted!.id, input.images);
    const link = `/my-stories-page?story=${inserted!.id}`;
    await announceToFollowers(tx as unknown as Database, { authorId: writer.id, what: 'story', title, link }, now);
    return inserted;
  });
  return one(ctx, row!.id, { id: writer.id, isAdmin: false });
}

/**
 * A text story (no video or challenge) written inside another area's transaction, e.g. an interview the
 * athlete publishes: the same checks and follower notifications as createStory. Returns the story's id.
 */
export async function createStoryIn(ctx: AppContext, tx: Database, writer: Writer, input: { title: string; body: string }) {
  refuseSuspended(ctx, writer);
  const title = checkTitle(input.title);
  const body = checkBody(input.body);
  const now = ctx.now();
  const [inserted] = await tx
    .insert(stories)
    .values({ authorId: writer.id, title, body, createdAt: now, updatedAt: now })
    .returning({ id: stories.id });
  const link = `/my-stories-page?story=${inserted!.id}`;
  await announceToFollowers(tx, { authorId: writer.id, what: 'story', title, link }, now);
  return inserted!.id;
}

/** The author's own story, locked for the change (404 missing, 403 someone else's). */
async function ownStory(tx: Database, storyId: number, writerId: number) {
  const [row] = await tx.select().from(stories).where(eq(stories.id, storyId)).for('update');
  if (!row) throw notFound(NO_STORY);
  if (row.authorId !== writerId) throw new ApiError(403, NOT_YOUR_STORY);
  return row;
}

export async function updateStory(ctx: AppContext, writer: Writer, storyId: number, input: Partial<StoryInput>) {
  refuseSuspended(ctx, writer);
  const db = ctx.database.db;
  const dropped = await db.transaction(async (tx) => {
    const before = await ownStory(tx, storyId, writer.id);
    const change: Partial<typeof stories.$inferInsert> = { updatedAt: ctx.now() };
    if (input.subscribers_only !== undefined || input.tier_id !== undefined)
      Object.assign(change, await audienceColumns(tx, writer.id, input, before));
    if (input.title !== undefined) change.title = checkTitle(input.title);
    if (input.body !== undefined) change.body = checkBody(input.body);
    if (input.video_id !== undefined) change.videoId = input.video_id ? await attachableVideo(tx, writer.id, input.video_id) : null;
    if (input.challenge_id !== undefined) change.challengeId = input.challenge_id ? await linkableChallenge(tx, input.challenge_id) : null;
    await tx.update(stories).set(change).where(eq(stories.id, storyId));
    return input.images === undefined ? [] : placeStoryImages(tx, writer.id, storyId, input.images);
  });
  // Images taken out of the story: their files go once the rows have.
  forgetFiles(ctx, dropped);
  return one(ctx, storyId, { id: writer.id, isAdmin: false });
}

/** The author deletes the story; its comments go with it (by the foreign key), and its kudos. */
export async function deleteStory(ctx: AppContext, writer: { id: number }, storyId: number) {
  const pictures = await ctx.database.db.transaction(async (tx) => {
    await ownStory(tx, storyId, writer.id);
    // Its images' rows go with it (by the foreign key); their files after the commit.
    const ids = await imageIdsOfStory(tx, storyId);
    await tx.delete(stories).where(eq(stories.id, storyId));
    // Kudos point at items by kind and id (no foreign key): the story's go with it.
    await tx.delete(kudos).where(and(eq(kudos.kind, 'story'), eq(kudos.itemId, storyId)));
    return ids;
  });
  forgetFiles(ctx, pictures);
}

const presentComment = (c: typeof storyComments.$inferSelect, name: string, readerId: number | null) => ({
  id: c.id,
  story_id: c.storyId,
  body: c.body,
  author: { wp_user_id: c.authorId, display_name: name },
  created_at: c.createdAt.toISOString(),
  mine: c.authorId === readerId,
  hidden: c.hiddenAt !== null,
});

/** A story's comments, oldest first: those nobody hid, and the reader's own hidden ones (marked). */
export async function comments(ctx: AppContext, storyId: number, page: number, reader: Reader) {
  const db = ctx.database.db;
  await readableInFull(ctx, storyId, reader);
  const readerId = reader?.id ?? null;
  const shown = and(
    eq(storyComments.storyId, storyId),
    readerId === null ? isNull(storyComments.hiddenAt) : or(isNull(storyComments.hiddenAt), eq(storyComments.authorId, readerId)),
  );
  const [rows, [total]] = await Promise.all([
    db
      .select({ comment: storyComments, name: users.displayName })
      .from(storyComments)
      .innerJoin(users, eq(users.id, storyComments.authorId))
      .where(shown)
      .orderBy(storyComments.createdAt, storyComments.id)
      .limit(COMMENT_PAGE_SIZE)
      .offset((page - 1) * COMMENT_PAGE_SIZE),
    db.select({ n: count() }).from(storyComments).where(shown),
  ]);
  return {
    items: rows.map((r) => presentComment(r.comment, r.name, readerId)),
    total: total?.n ?? 0,
    page,
    page_size: COMMENT_PAGE_SIZE,
  };
}

export async function addComment(ctx: AppContext, writer: Writer & { isAdmin: boolean }, storyId: number, raw: string) {
  refuseSuspended(ctx, writer);
  const db = ctx.database.db;
  const body = checkComment(raw);
  const story = await readableInFull(ctx, storyId, writer);
  if (story.hiddenAt) throw conflict('Moderators hid this story, so it takes no new comments.');
  const [row] = await db.insert(storyComments).values({ storyId, authorId: writer.id, body, createdAt: ctx.now() }).returning();
  const [me] = await db.select({ name: users.displayName }).from(users).where(eq(users.id, writer.id));
  return presentComment(row!, me!.name, writer.id);
}

export async function deleteComment(ctx: AppContext, writer: { id: number }, commentId: number) {
  await ctx.database.db.transaction(async (tx) => {
    const [row] = await tx.select().from(storyComments).where(eq(storyComments.id, commentId)).for('update');
    if (!row) throw notFound(NO_COMMENT);
    if (row.authorId !== writer.id) throw new ApiError(403, NOT_YOUR_COMMENT);
    await tx.delete(storyComments).where(eq(storyComments.id, commentId));
  });
}

/** Whether a visible story shows this video now: what a story reader's link is checked against on every request. */
export async function shownInStory(db: Database, videoId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: stories.id })
    .from(stories)
    .innerJoin(videos, eq(videos.id, stories.videoId))
    .where(and(eq(stories.videoId, videoId), isNull(stories.hiddenAt), isNull(videos.hiddenAt), eq(videos.status, 'ready')))
    .limit(1);
  return row !== undefined;
}
