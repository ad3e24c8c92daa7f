import { createReadStream, type ReadStream } from 'node:fs';
import { mkdir, rename, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { FileStore } from '@tus/file-store';
import type { DataStore } from '@tus/utils';

export type OutputName = 'web.mp4' | 'poster.jpg';

/**
 * Where video bytes live: the tus uploads (the originals, kept as evidence) and what
 * processing makes (the web rendition and the poster). Files under VIDEO_DIR (default
 * DATA_DIR/videos): `uploads/<id>` (+ `<id>.json`, tus's record) and `media/<id>/…`.
 */
export interface VideoStorage {
  datastore: DataStore;
  /** A local path of the original (processing and checks read it). */
  originalPath(id: string): string;
  putOutput(id: string, name: OutputName, localFile: string): Promise<void>;
  outputSize(id: string, name: OutputName): Promise<number | null>;
  readOutput(id: string, name: OutputName, range?: { start: number; end: number }): ReadStream;
  /** Deletes the original, its tus record and every output. */
  removeAll(id: string): Promise<void>;
  /** A scratch folder for processing. */
  scratchDir(id: string): string;
}

export function fileStorage(root: string): VideoStorage {
  const uploads = path.join(root, 'uploads');
  const media = path.join(root, 'media');
  const scratch = path.join(root, 'scratch');
  const datastore = new FileStore({ directory: uploads });
  const safe = (id: string) => {
    if (!/^[0-9a-f-]{36}$/.test(id)) throw new Error(`not a video id: ${id}`);
    return id;
  };
  return {
    datastore,
    originalPath: (id) => path.join(uploads, safe(id)),
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
    readOutput: (id, name, range) => createReadStream(path.join(media, safe(id), name), range),
    async removeAll(id) {
      safe(id);
      await Promise.all([
        rm(path.join(uploads, id), { force: true }),
        rm(path.join(uploads, `${id}.json`), { force: true }),
        rm(path.join(media, id), { recursive: true, force: true }),
        rm(path.join(scratch, id), { recursive: true, force: true }),
      ]);
    },
    scratchDir: (id) => path.join(scratch, safe(id)),
  };
}
