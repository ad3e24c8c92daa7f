import { createHash, type Hash } from 'node:crypto';
import type { DataStore } from '@tus/utils';

/**
 * The SHA-256 of each upload taken as its bytes arrive, so the finishing check does not read
 * the whole file back. A hash is carried on only while chunks arrive in order at this node
 * and each one is written whole; otherwise (a chunk failed or went to another node, the
 * server restarted) there is none and the check reads the file, as before.
 */
export class UploadHashes {
  private readonly running = new Map<string, { hash: Hash; offset: number }>();

  /** Makes every write of `store` feed its upload's hash. */
  watch(store: DataStore): void {
    const write = store.write.bind(store);
    store.write = (readable, id, offset) => {
      const prior = this.running.get(id);
      this.running.delete(id);
      const hash = offset === 0 ? createHash('sha256') : prior?.offset === offset ? prior.hash : null;
      if (!hash) return write(readable, id, offset);
      let seen = 0;
      // Listening beside the store's own pipe, as tus does for its progress: flow control stays the store's.
      readable.on('data', (chunk: Buffer) => {
        hash.update(chunk);
        seen += chunk.length;
      });
      return write(readable, id, offset).then((next) => {
        if (next === offset + seen) this.running.set(id, { hash, offset: next });
        return next;
      });
    };
  }

  /** The hex digest when this node saw all `size` bytes of the upload, in order; else null. Forgets it either way. */
  take(id: string, size: number): string | null {
    const state = this.running.get(id);
    this.running.delete(id);
    return state && state.offset === size ? state.hash.digest('hex') : null;
  }

  forget(id: string): void {
    this.running.delete(id);
  }
}
