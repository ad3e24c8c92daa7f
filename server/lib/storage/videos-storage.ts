import { createReadStream } from 'node:fs';
import type { Readable } from 'node:stream';
import { mkdir, readdir, rename, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { FileStore } from '@tus/file-store';
import type { DataStore } from '@tus/utils';

/** What processing makes, and a live attempt's stream segments (`seg-<n>.webm`, server/areas/live/live-segments.ts). */
export type OutputName = 'web.mp4' | 'poster.jpg' | `seg-${number}.webm`;

/**
 * Where video bytes live: the tus uploads (the originals, kept as evidence) and what
 * processing makes (the web rendition and the poster). Files under VIDEO_DIR (default
 * DATA_DIR/videos): `uploads/<id>` (+ `<id>.json`, tus's record) and `media/<id>/…`.
 */
export interface VideoStorage {
  datastore: DataStore;
  /** Runs `work` with a local path of the whole original (checks and processing read it). */
  withOriginal<T>(id: string, work: (file: string) => Promise<T>): Promise<T>;
  putOutput(id: string, name: OutputName, localFile: string): Promise<void>;
  outputSize(id: string, name: OutputName): Promise<number | null>;
  readOutput(id: string, name: OutputName, range?: { start: number; end: number }): Promise<Readable>;
  /** Once an upload is complete and checked: where originals are kept for good (a no-op on disk). */
  keepOriginal(id: string): Promise<void>;
  /** Where tus receives an upload on this node. */
  uploadedFile(id: string): string;
  /** Deletes the original, its tus record and every output. */
  removeAll(id: string): Promise<void>;
  /** Deletes a live stream's segments (`seg-<n>.webm`) stored under this id, and nothing else; answers how many. */
  removeSegments(id: string): Promise<number>;
  /** A scratch folder for processing. */
  scratchDir(id: string): string;
}

export function fileStorage(root: string): VideoStorage {
  const uploads = path.join(root, 'uploads');
  const media = path.join(root, 'media');
  const scratch = path.join(root, 'scratch');
  const datastore = new FileStore({ directory: uploads });
  return {
    datastore,
    withOriginal: (id, work) => work(path.join(uploads, safe(id))),
    keepOriginal: async () => {},
    uploadedFile: (id) => path.join(uploads, safe(id)),
    async putOutput(id, name, localFile) {
      await mkdir(path.join(media, safe(id)), { recursive: true });
      await rename(localFile, path.join(media, id, name));
    },
    async outputSize(id, name) {
      try {
        return (await stat(path.join(media, safe(id), name))).size;
      } catch {
        return null;
      }
    },
    readOutput: async (id, name, range) => createReadStream(path.join(media, safe(id), name), range),
    async removeAll(id) {
      safe(id);
      await Promise.all([
        rm(path.join(uploads, id), { force: true }),
        rm(path.join(uploads, `${id}.json`), { force: true }),
        rm(path.join(media, id), { recursive: true, force: true }),
        rm(path.join(scratch, id), { recursive: true, force: true }),
      ]);
    },
    async removeSegments(id) {
      const dir = path.join(media, safe(id));
      const names = await readdir(dir).catch(() => [] as string[]);
      const segments = names.filter((n) => SEGMENT_FILE.test(n));
      await Promise.all(segments.map((n) => rm(path.join(dir, n), { force: true })));
      // A stream without a recording leaves an empty folder behind.
      if (segments.length === names.length) await rm(dir, { recursive: true, force: true });
      return segments.length;
    },
    scratchDir: (id) => path.join(scratch, safe(id)),
  };
}

/** A live stream's segment as stored (server/areas/live/live-segments.ts). */
export const SEGMENT_FILE = /^seg-\d+\.webm$/;

/** A video id as a file or key name: never anything but a UUID. */
export function safe(id: string): string {
  if (!/^[0-9a-f-]{36}$/.test(id)) throw new Error(`not a video id: ${id}`);
  return id;
}
