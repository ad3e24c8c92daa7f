import { randomUUID } from 'node:crypto';
import os from 'node:os';
import path from 'node:path';
import type { Metadata } from 'sharp';
import type { AppContext } from '#server/context.ts';
import { ApiError } from '#server/errors.ts';
import { parseS3Url } from '#server/lib/storage/videos-storage-s3.ts';
import { imageFileStorage, imageS3Storage, type ImageStorage } from '#server/lib/storage/images-storage.ts';
import { IMAGE_MAX_BYTES, IMAGE_MAX_PIXELS, IMAGE_MAX_SIDE, IMAGE_SIZES, type ImageSize } from '#domain/images.ts';

// Every uploaded image is decoded, auto-oriented, re-encoded to WebP with no metadata at all
// (EXIF with its GPS position, XMP, ICC, IPTC are dropped: sharp keeps none unless asked), and
// stored in the sizes of IMAGE_SIZES. What cannot be decoded, is too large in bytes or in pixels
// (a decompression bomb) is refused before anything is written.

export const NOT_AN_IMAGE = 'That file is not an image we can read: send a JPEG, PNG or WebP picture.';
export const TOO_MANY_BYTES = `That image is too large: send one of at most ${IMAGE_MAX_BYTES / 1024 / 1024} MB.`;
export const TOO_MANY_PIXELS = `That image has too many pixels to open safely (at most ${IMAGE_MAX_PIXELS / 1_000_000} megapixels and ${IMAGE_MAX_SIDE.toLocaleString('en')} px a side): send a smaller one.`;
const FORMATS = new Set(['jpeg', 'png', 'webp']);

/** The stored file of one size. */
export const fileName = (size: ImageSize) => `${size}.webp`;
export const FILE_NAMES = IMAGE_SIZES.map(fileName);

export interface Encoded {
  /** Width and height of the largest rendition, upright. */
  width: number;
  height: number;
  files: { size: ImageSize; bytes: Buffer }[];
}

/**
 * Decodes, checks and re-encodes an upload (400 not an image, 413 too many bytes or pixels). sharp is loaded at the
 * first upload, not at every start (server/lib/lazy-load.ts); the module loader keeps it after that.
 */
export async function encodeImage(input: Buffer): Promise<Encoded> {
  if (input.length > IMAGE_MAX_BYTES) throw new ApiError(413, TOO_MANY_BYTES);
  if (input.length === 0) throw new ApiError(400, NOT_AN_IMAGE);
  const { default: sharp } = await import('sharp');
  let meta: Metadata;
  try {
    meta = await sharp(input, { limitInputPixels: false }).metadata();
  } catch {
    throw new ApiError(400, NOT_AN_IMAGE);
  }
  if (!meta.format || !FORMATS.has(meta.format) || !meta.width || !meta.height) throw new ApiError(400, NOT_AN_IMAGE);
  // The header is read without decoding: refuse a bomb before sharp allocates its pixels.
  if (meta.width * meta.height > IMAGE_MAX_PIXELS || Math.max(meta.width, meta.height) > IMAGE_MAX_SIDE)
    throw new ApiError(413, TOO_MANY_PIXELS);
  try {
    const files = await Promise.all(
      IMAGE_SIZES.map(async (size) => {
        const bytes = await sharp(input, { limitInputPixels: IMAGE_MAX_PIXELS, failOn: 'error' })
          .autoOrient()
          .resize({ width: size, withoutEnlargement: true })
          .webp({ quality: 80 })
          .toBuffer();
        return { size, bytes };
      }),
    );
    const largest = await sharp(files[files.length - 1]!.bytes).metadata();
    return { width: largest.width!, height: largest.height!, files };
  } catch (error) {
    if (error instanceof ApiError) throw error;
    throw new ApiError(400, NOT_AN_IMAGE);
  }
}

export interface ImageService {
  storage: ImageStorage;
}

const services = new WeakMap<AppContext, ImageService>();

/** The images area's byte store for this app: S3_URL's bucket, else IMAGE_DIR, else DATA_DIR/images (a temporary folder in memory). */
export function imageService(ctx: AppContext): ImageService {
  const existing = services.get(ctx);
  if (existing) return existing;
  const { config } = ctx;
  const root = config.imageDir ?? path.join(config.dataDir ?? path.join(os.tmpdir(), `repforge-images-${process.pid}`), 'images');
  const storage = config.s3Url ? imageS3Storage(parseS3Url(config.s3Url)) : imageFileStorage(root);
  const svc = { storage };
  services.set(ctx, svc);
  return svc;
}

/** Writes an upload's files under a new id (files first: the row comes after, by the caller). */
export async function storeEncoded(ctx: AppContext, encoded: Encoded): Promise<{ id: string; bytes: number }> {
  const { storage } = imageService(ctx);
  const id = randomUUID();
  try {
    for (const f of encoded.files) await storage.put(id, fileName(f.size), f.bytes);
  } catch (error) {
    await storage.removeAll(id, FILE_NAMES).catch(() => {});
    throw error;
  }
  return { id, bytes: encoded.files.reduce((n, f) => n + f.bytes.length, 0) };
}

/** Deletes these images' files after their rows are gone (a failure is logged, never shown). */
export function removeFiles(ctx: AppContext, ids: readonly string[]) {
  if (!ids.length) return;
  const { storage } = imageService(ctx);
  ctx.tasks.defer('remove image files', () => Promise.all(ids.map((id) => storage.removeAll(id, FILE_NAMES))).then(() => undefined));
}
