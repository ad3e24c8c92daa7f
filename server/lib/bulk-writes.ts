import type { Database, DatabaseHandle } from '../db/index.ts';

/** How long a loop may run before it lets the event loop answer other requests. */
const SLICE_MS = 15;

/** Lets pending I/O (other requests) run before we go on. */
export const yieldToEventLoop = () => new Promise<void>((resolve) => setImmediate(resolve));

/**
 * A pacer for long loops: `await pace()` on every iteration yields once SLICE_MS has passed
 * since the last yield, so a 100,000-row loop stays in slices of a few milliseconds.
 */
export function pacer(sliceMs = SLICE_MS): () => Promise<void> | undefined {
  let since = performance.now();
  return () => {
    if (performance.now() - since < sliceMs) return undefined;
    return yieldToEventLoop().then(() => {
      since = performance.now();
    });
  };
}

/** Rows per statement for bulk writes: small on PGlite, where a statement blocks the process while it runs. */
export function bulkChunkRows(database: DatabaseHandle, postgresRows: number, pgliteRows = 250): number {
  return database.kind === 'pglite' ? pgliteRows : postgresRows;
}

export type Step = <R>(work: (tx: Database) => Promise<R>) => Promise<R>;

/**
 * Runs a long write as a series of steps, all or nothing.
 *
 * PostgreSQL: every step runs in one transaction; other requests use other connections.
 * PGlite: the database is one connection in our own process, and a transaction holds it, so
 * one long transaction would make every other request wait for the whole write. There each
 * step commits on its own with a turn of the event loop in between, and when a step fails,
 * `undo` removes what the earlier steps committed (the write must be tagged so undo finds it).
 */
export async function writeInSteps<T>(
  database: DatabaseHandle,
  write: (step: Step) => Promise<T>,
  undo: (db: Database) => Promise<void>,
): Promise<T> {
  if (database.kind !== 'pglite') return database.db.transaction((tx) => write((work) => work(tx as unknown as Database)));
  try {
    return await write(async (work) => {
      const result = await database.db.transaction((tx) => work(tx as unknown as Database));
      await yieldToEventLoop();
      return result;
    });
  } catch (error) {
    await database.db.transaction((tx) => undo(tx as unknown as Database));
    throw error;
  }
}
