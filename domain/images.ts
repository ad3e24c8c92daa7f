/** Images (server/areas/images, src/features/images): story photos and avatars. Pure: no I/O. */

/** The most images one story carries. */
export const STORY_IMAGE_MAX = 10;
/** The largest upload, in bytes (the contract's bodyLimit says the same). */
export const IMAGE_MAX_BYTES = 10 * 1024 * 1024;
/** The most pixels (width × height) an upload may decode to: more is refused as a decompression bomb. */
export const IMAGE_MAX_PIXELS = 40_000_000;
/** The longest side an upload may have, in pixels (a 50,000 px wide strip is refused however few pixels it has). */
export const IMAGE_MAX_SIDE = 16_000;
/** The widths stored for each image: the feed's and the story page's (an avatar keeps the smaller). */
export const IMAGE_SIZES = [480, 1280] as const;
export type ImageSize = (typeof IMAGE_SIZES)[number];
/** Alt text, in characters after trimming (required: the image is described for people who cannot see it). */
export const ALT_LIMITS = { min: 1, max: 300 } as const;
/** The media types an upload may be sent as (the bytes themselves decide what it is). */
export const IMAGE_TYPES = ['image/jpeg', 'image/png', 'image/webp'] as const;

/** One picture the story form holds before publishing. */
export interface DraftImage {
  id: string;
  alt: string;
}

/** The first thing wrong with a story's images, in a sentence, or null when they can be sent. */
export function imagesProblem(images: readonly DraftImage[]): string | null {
  if (images.length > STORY_IMAGE_MAX) return `A story holds at most ${STORY_IMAGE_MAX} images: remove ${images.length - STORY_IMAGE_MAX}.`;
  const ids = new Set(images.map((i) => i.id));
  if (ids.size !== images.length) return 'The same image is in the story twice.';
  const index = images.findIndex((i) => i.alt.trim().length < ALT_LIMITS.min);
  if (index >= 0) return `Describe image ${index + 1} for people who cannot see it (alt text).`;
  const long = images.findIndex((i) => i.alt.trim().length > ALT_LIMITS.max);
  if (long >= 0) return `Keep the description of image ${long + 1} to ${ALT_LIMITS.max} characters or fewer.`;
  return null;
}

/** The list with the image at `from` moved to `to` (both clamped); the others keep their order. */
export function moveImage<T>(list: readonly T[], from: number, to: number): T[] {
  if (from < 0 || from >= list.length) return [...list];
  const target = Math.max(0, Math.min(list.length - 1, to));
  const out = [...list];
  const [item] = out.splice(from, 1);
  out.splice(target, 0, item!);
  return out;
}
