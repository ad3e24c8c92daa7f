import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { s3Client, type S3Location } from './videos-storage-s3.ts';

/**
 * Where image bytes live: small finished files (the re-encoded sizes), each under a key
 * `<image id>/<name>`. On disk under IMAGE_DIR (default DATA_DIR/images); with S3_URL in the
 * same bucket as videos, under `images/<key>`.
 */
export interface ImageStorage {
  put(id: string, name: string, bytes: Buffer): Promise<void>;
  /** The file's bytes, or null when there is none. */
  read(id: string, name: string): Promise<Buffer | null>;
  /** Deletes every file of these images (missing ones are fine). */
  removeAll(id: string, names: readonly string[]): Promise<void>;
}

export function imageFileStorage(root: string): ImageStorage {
  return {
    async put(id, name, bytes) {
      await mkdir(path.join(root, safeId(id)), { recursive: true });
      await writeFile(path.join(root, id, safeName(name)), bytes);
    },
    async read(id, name) {
      try {
        return await readFile(path.join(root, safeId(id), safeName(name)));
      } catch {
        return null;
      }
    },
    async removeAll(id) {
      await rm(path.join(root, safeId(id)), { recursive: true, force: true });
    },
  };
}

export function imageS3Storage(location: S3Location): ImageStorage {
  const client = s3Client(location);
  const Bucket = location.bucket;
  const key = (id: string, name: string) => `images/${safeId(id)}/${safeName(name)}`;
  return {
    async put(id, name, bytes) {
      await (await client()).putObject({ Bucket, Key: key(id, name), Body: bytes, ContentLength: bytes.length, ContentType: 'image/webp' });
    },
    async read(id, name) {
      try {
        const object = await (await client()).getObject({ Bucket, Key: key(id, name) });
        return Buffer.from(await object.Body!.transformToByteArray());
      } catch {
        return null;
      }
    },
    async removeAll(id, names) {
      await Promise.all(names.map(async (name) => (await client()).deleteObject({ Bucket, Key: key(id, name) }).catch(() => {})));
    },
  };
}

/** An image id as a folder or key name: never anything but a UUID. */
function safeId(id: string): string {
  if (!/^[0-9a-f-]{36}$/.test(id)) throw new Error(`not an image id: ${id}`);
  return id;
}

function safeName(name: string): string {
  if (!/^[a-z0-9]+\.webp$/.test(name)) throw new Error(`not an image file name: ${name}`);
  return name;
}
