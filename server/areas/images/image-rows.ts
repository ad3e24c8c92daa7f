import { and, asc, eq, inArray, isNull, lt, or } from 'drizzle-orm';
import type { AppContext } from '#server/context.ts';
import type { Database } from '#server/db/index.ts';
import { athleteProfiles, images, stories } from '#server/db/schema.ts';
import { ApiError, badRequest, conflict, notFound } from '#server/errors.ts';
import { ALT_LIMITS, IMAGE_SIZES, STORY_IMAGE_MAX, type ImageSize } from '#domain/images.ts';
import { encodeImage, fileName, imageService, removeFiles, storeEncoded } from './images.ts';

// The images' rows: drafts uploaded from the story form, the images a story shows (in order, with
// alt text) and each athlete's avatar. Files are written before a row and deleted after it, so a
// row never points at missing bytes; a failed insert deletes the files it wrote.

export const NO_IMAGE = 'No image with that id.';
/** A draft nobody published within a day is deleted when its owner uploads the next one. */
const DRAFT_TTL_MS = 24 * 3_600_000;

type ImageRow = typeof images.$inferSelect;

/** Where a size of an image is served (the page and the feed pick theirs). */
export const imageUrl = (ctx: AppContext, id: string, size: ImageSize) => `${ctx.config.basePath}api/images/${id}/${size}`;

export function presentImage(ctx: AppContext, row: Pick<ImageRow, 'id' | 'alt' | 'width' | 'height'>) {
  return {
    id: row.id,
    alt: row.alt,
    width: row.width,
    height: row.height,
    feed_url: imageUrl(ctx, row.id, 480),
    page_url: imageUrl(ctx, row.id, 1280),
  };
}

/** Encodes and stores an upload, then inserts its row; on a failed insert the files go again. */
async function insertImage(
  ctx: AppContext,
  ownerId: number,
  raw: Buffer,
  kind: 'story' | 'avatar',
  write: (tx: Database, row: typeof images.$inferInsert) => Promise<string[]>,
) {
  const encoded = await encodeImage(raw);
  const stored = await storeEncoded(ctx, encoded);
  const row = { id: stored.id, ownerId, kind, width: encoded.width, height: encoded.height, bytes: stored.bytes, createdAt: ctx.now() };
  let replaced: string[];
  try {
    replaced = await ctx.database.db.transaction((tx) => write(tx as unknown as Database, row));
  } catch (error) {
    removeFiles(ctx, [stored.id]);
    throw error;
  }
  removeFiles(ctx, replaced);
  return row;
}

/** A picture uploaded from the story form: a draft of the uploader's until a story is published with it. */
export async function uploadStoryImage(ctx: AppContext, ownerId: number, raw: Buffer) {
  const row = await insertImage(ctx, ownerId, raw, 'story', async (tx, values) => {
    const stale = await tx
      .delete(images)
      .where(
        and(
          eq(images.ownerId, ownerId),
          eq(images.kind, 'story'),
          isNull(images.storyId),
          lt(images.createdAt, new Date(values.createdAt.getTime() - DRAFT_TTL_MS)),
        ),
      )
      .returning({ id: images.id });
    await tx.insert(images).values(values);
    return stale.map((s) => s.id);
  });
  return presentImage(ctx, { ...row, alt: '' });
}

/** The athlete's avatar: replaces the one they had; the profile's picture address points at it. */
export async function setAvatar(ctx: AppContext, ownerId: number, raw: Buffer) {
  const row = await insertImage(ctx, ownerId, raw, 'avatar', async (tx, values) => {
    const [profile] = await tx
      .select({ id: athleteProfiles.userId })
      .from(athleteProfiles)
      .where(eq(athleteProfiles.userId, ownerId))
      .for('update');
    if (!profile) throw conflict('Create your athlete profile first, then add a picture to it.');
    const old = await tx
      .delete(images)
      .where(and(eq(images.ownerId, ownerId), eq(images.kind, 'avatar')))
      .returning({ id: images.id });
    await tx.insert(images).values(values);
    await tx
      .update(athleteProfiles)
      .set({ avatarUrl: imageUrl(ctx, values.id!, 480), updatedAt: values.createdAt })
      .where(eq(athleteProfiles.userId, ownerId));
    return old.map((o) => o.id);
  });
  return { avatar_url: imageUrl(ctx, row.id, 480) };
}

/** Removes the athlete's uploaded avatar (and the profile's picture address when it pointed at it). */
export async function removeAvatar(ctx: AppContext, ownerId: number) {
  const gone = await ctx.database.db.transaction(async (tx) => {
    const old = await tx
      .delete(images)
      .where(and(eq(images.ownerId, ownerId), eq(images.kind, 'avatar')))
      .returning({ id: images.id });
    if (!old.length) throw notFound('You have no uploaded picture to remove.');
    await tx
      .update(athleteProfiles)
      .set({ avatarUrl: null, updatedAt: ctx.now() })
      .where(
        and(
          eq(athleteProfiles.userId, ownerId),
          inArray(
            athleteProfiles.avatarUrl,
            old.map((o) => imageUrl(ctx, o.id, 480)),
          ),
        ),
      );
    return old.map((o) => o.id);
  });
  removeFiles(ctx, gone);
}

/** What the story form sends for each image: its id and alt text, in the order shown. */
export interface StoryImageInput {
  id: string;
  alt: string;
}

/**
 * Inside the story's transaction: the story shows exactly these images, in this order. Each must
 * be the writer's own draft or already in this story (400 otherwise); images taken out are deleted
 * (their ids returned, for their files to go after the commit).
 */
export async function placeStoryImages(tx: Database, writerId: number, storyId: number, list: StoryImageInput[]): Promise<string[]> {
  if (list.length > STORY_IMAGE_MAX) throw badRequest(`A story holds at most ${STORY_IMAGE_MAX} images.`, 'images');
  const ids = list.map((i) => i.id.toLowerCase());
  if (new Set(ids).size !== ids.length) throw badRequest('The same image is in the story twice.', 'images');
  list.forEach((image, n) => {
    const alt = image.alt.trim();
    if (alt.length < ALT_LIMITS.min) throw badRequest(`Describe image ${n + 1} for people who cannot see it (alt text).`, 'images');
    if (alt.length > ALT_LIMITS.max)
      throw badRequest(`Keep the description of image ${n + 1} to ${ALT_LIMITS.max} characters or fewer.`, 'images');
  });
  const usable = ids.length
    ? await tx
        .select({ id: images.id })
        .from(images)
        .where(
          and(
            inArray(images.id, ids),
            eq(images.ownerId, writerId),
            eq(images.kind, 'story'),
            or(isNull(images.storyId), eq(images.storyId, storyId)),
          ),
        )
        .for('update')
    : [];
  if (usable.length !== ids.length)
    throw badRequest('One of the images is not one you uploaded for this story: upload it again.', 'images');
  const before = await tx.select({ id: images.id }).from(images).where(eq(images.storyId, storyId)).for('update');
  const dropped = before.map((b) => b.id).filter((id) => !ids.includes(id));
  if (dropped.length) await tx.delete(images).where(inArray(images.id, dropped));
  for (const [position, id] of ids.entries())
    await tx.update(images).set({ storyId, position, alt: list[position]!.alt.trim() }).where(eq(images.id, id));
  return dropped;
}

/** Each story's images, in order. */
export async function storyImages(ctx: AppContext, storyIds: number[]) {
  const out = new Map<number, ReturnType<typeof presentImage>[]>();
  if (!storyIds.length) return out;
  const rows = await ctx.database.db
    .select()
    .from(images)
    .where(inArray(images.storyId, storyIds))
    .orderBy(asc(images.storyId), asc(images.position));
  for (const r of rows) out.set(r.storyId!, [...(out.get(r.storyId!) ?? []), presentImage(ctx, r)]);
  return out;
}

/** A story's image ids (for their files, when the story goes). */
export async function imageIdsOfStory(db: Database, storyId: number): Promise<string[]> {
  return (await db.select({ id: images.id }).from(images).where(eq(images.storyId, storyId))).map((r) => r.id);
}

/**
 * The bytes of one size, for anyone: drafts and avatars by their unguessable id, a story's images
 * while the story is not hidden (404 otherwise) and, for a subscriber-only story, to its readers only
 * (`storyAccess`, the stories area's rule, wired in by server/handlers.ts).
 */
export async function readImage(
  ctx: AppContext,
  id: string,
  size: number,
  storyAccess: (storyId: number) => Promise<'public' | 'private' | 'refused'>,
): Promise<{ bytes: Buffer; cache: 'public' | 'private' }> {
  if (!(IMAGE_SIZES as readonly number[]).includes(size)) throw notFound(NO_IMAGE);
  const [row] = await ctx.database.db
    .select({ id: images.id, hiddenAt: stories.hiddenAt, storyId: images.storyId })
    .from(images)
    .leftJoin(stories, eq(stories.id, images.storyId))
    .where(eq(images.id, id.toLowerCase()));
  if (!row || row.hiddenAt) throw notFound(NO_IMAGE);
  // A subscriber-only story's pictures go only to those who read it in full, never into shared caches.
  const cache = row.storyId === null ? 'public' : await storyAccess(row.storyId);
  if (cache === 'refused') throw notFound(NO_IMAGE);
  const bytes = await imageService(ctx).storage.read(row.id, fileName(size as ImageSize));
  if (!bytes) throw new ApiError(404, NO_IMAGE);
  return { bytes, cache };
}

/** Account erasure: every image the athlete uploaded goes, rows now and files after. */
export async function discardImagesOf(ctx: AppContext, ownerId: number) {
  const gone = await ctx.database.db.delete(images).where(eq(images.ownerId, ownerId)).returning({ id: images.id });
  removeFiles(
    ctx,
    gone.map((g) => g.id),
  );
}

/** Files of images whose rows went with their story (call with the ids read before the delete). */
export const forgetFiles = removeFiles;
