import { AsyncLocalStorage } from 'node:async_hooks';
import { createHash } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { LRUCache } from 'lru-cache';
import type { AppContext } from '#server/context.ts';
import type { DatabaseHandle } from '#server/db/index.ts';

// Boards are read far more than written, so each node keeps answers in memory and drops them
// when a board changes. Triggers on the board's tables (migration board_change_notify) NOTIFY
// BOARD_CHANNEL with the challenge's id ('*' for a change that touches every board: a name, a
// privacy choice, a profile field a filter reads) when the writing transaction commits; every
// node LISTENs, as the real-time fan-out does, so a change is seen everywhere within
// milliseconds. A node answers its own writers after their changes have arrived (sync), and on
// PostgreSQL nothing is kept longer than MAX_AGE_MS in case a notification is ever lost.

export const BOARD_CHANNEL = 'repforge_boards';
/** The notice of a change to which unit athletes count for on gym boards (a gym merge): every board changed, kept gym boards dropped. */
export const UNITS_CHANGED = 'units';
/** The longest a kept answer is served on PostgreSQL: the bound on staleness if a notification were lost (a LISTEN reconnecting). */
export const MAX_AGE_MS = 1_000;
/** Kept answers per node, and the bytes they may take together. */
const MAX_ENTRIES = 5_000;
const MAX_BYTES = 64 * 1024 * 1024;
/** How long a writer's answer waits for its own changes to come back before it goes anyway. */
const SYNC_TIMEOUT_MS = 1_000;
/** Request addresses remembered with the key of the kept page that answers them (rememberAddress). */
const MAX_ADDRESSES = 4_000;

/** While a kept answer is read: the oldest change count of what it was made of (see `readFromOlder`). */
const reads = new AsyncLocalStorage<{ asOf: number }>();

/**
 * Tells the answer being read (if any) that part of it came from something computed when the change count
 * stood at `readAt` (a kept result served while it is recomputed, kept-results.ts): the answer is then as old
 * as that, and is not kept if one of its boards changed since.
 */
export function readFromOlder(readAt: number) {
  const read = reads.getStore();
  if (read && readAt < read.asOf) read.asOf = readAt;
}

const noBoards = (): readonly number[] => [];

/** A kept answer: the value, and the change count when it was read (see BoardCache.fresh). */
interface Kept<T> {
  readAt: number;
  boards: readonly number[];
  value: T;
  bytes: number;
}

/**
 * A body sent as it was serialized once, with its strong validator, and its br and gzip bodies,
 * each compressed once (off the event loop) when a reader first takes that encoding, then kept with
 * it: a kept page is never compressed per request (send-kept.ts).
 */
export interface Serialized {
  body: Buffer;
  etag: string;
  encoded: { br?: Promise<Buffer>; gzip?: Promise<Buffer> };
}

export function serialized(value: unknown): Serialized {
  const body = Buffer.from(JSON.stringify(value));
  return { body, etag: `"${createHash('sha1').update(body).digest('base64url')}"`, encoded: {} };
}

/**
 * The answers one node keeps, and which boards changed since each was read. Every change
 * takes the next number of `changes`; a board remembers the number of its last change. An
 * answer read when the count stood at n is fresh while none of its boards (nor all boards)
 * changed after n; one whose boards changed while it was being read is never kept.
 */
export class BoardCache {
  /** Answers served from memory, and reads that went to the database. */
  readonly stats = { hits: 0, misses: 0 };
  private changes = 0;
  private allChangedAt = 0;
  private unitsChangedAt = 0;
  /** Whether results outside this cache (kept-results.ts) are kept here too: a writer's sync is then never free. */
  private othersKept = false;
  private readonly changedAt = new Map<number, number>();
  private readonly kept: LRUCache<string, Kept<unknown>>;
  /** Request addresses whose visitor answer is a kept page, and that page's key (see `rememberAddress`). */
  private readonly addresses = new LRUCache<string, string>({ max: MAX_ADDRESSES });
  private readonly reading = new Map<string, { readAt: number; value: Promise<unknown>; open: boolean }>();
  private readonly syncs = new Map<string, () => void>();
  private syncCount = 0;
  private readonly node = Math.random().toString(36).slice(2, 10);

  /** `maxAgeMs` 0: kept until a change (the embedded database notifies in-process, so none is lost). */
  constructor(readonly maxAgeMs = MAX_AGE_MS) {
    this.kept = new LRUCache<string, Kept<unknown>>({
      max: MAX_ENTRIES,
      maxSize: MAX_BYTES,
      sizeCalculation: (k) => Math.max(1, k.bytes),
      ...(maxAgeMs > 0 ? { ttl: maxAgeMs } : {}),
    });
  }

  /** A board changed (null: every board). */
  changed(board: number | null) {
    this.changes += 1;
    if (board === null) this.allChangedAt = this.changes;
    else this.changedAt.set(board, this.changes);
  }

  /** Changes seen so far: what is read from now on shows every one of them. */
  get count() {
    return this.changes;
  }

  /** Whether one of `boards` (or every board) changed after the count stood at `readAt`. */
  changedAfter(boards: readonly number[], readAt: number) {
    return !this.fresh(boards, readAt);
  }

  /** One notification as it arrives on BOARD_CHANNEL. */
  received(payload: string) {
    if (payload.startsWith('sync:')) {
      this.syncs.get(payload)?.();
      return;
    }
    const id = Number(payload);
    this.changed(payload === '*' || !Number.isInteger(id) ? null : id);
    if (payload === UNITS_CHANGED) this.unitsChangedAt = this.changes;
  }

  /** Whether athletes were regrouped into other units (UNITS_CHANGED) after the count stood at `readAt`. */
  unitsChangedAfter(readAt: number) {
    return this.unitsChangedAt > readAt;
  }

  /** Kept results (kept-results.ts) live beside this cache, so writers wait for their changes to arrive (sync). */
  keepsResults() {
    this.othersKept = true;
  }

  private fresh(boards: readonly number[], readAt: number) {
    if (this.allChangedAt > readAt) return false;
    return boards.every((b) => (this.changedAt.get(b) ?? 0) <= readAt);
  }

  /** The kept answer for `key` if its boards have not changed since it was read. */
  peek<T>(key: string): T | undefined {
    const k = this.kept.get(key);
    if (!k) return undefined;
    if (this.fresh(k.boards, k.readAt)) return k.value as T;
    this.kept.delete(key);
    return undefined;
  }

  /**
   * Remembers that a visitor's request for `address` (its path and query, exactly as sent) was answered by the
   * page kept under `key`: the same address asks the same thing again (send-kept.ts answerKeptEarly).
   */
  rememberAddress(address: string, key: string) {
    if (this.addresses.get(address) !== key) this.addresses.set(address, key);
  }

  /** The kept answer for a remembered address, if it is still kept and fresh (counted as a hit). */
  keptAt<T>(address: string): T | undefined {
    const key = this.addresses.get(address);
    const held = key === undefined ? undefined : this.peek<T>(key);
    if (held !== undefined) this.stats.hits += 1;
    return held;
  }

  /**
   * The kept answer, or `read` run once for every caller waiting on the same key; what it
   * returns is kept unless one of `boards` changed while it ran. `size` weighs an answer.
   */
  async get<T>(
    key: string,
    boards: readonly number[],
    read: () => Promise<T>,
    size: (value: T) => number,
    /** Boards the answer turned out to depend on (an event's workouts): it is kept only if they too did not change while it was read. */
    boardsOf: (value: T) => readonly number[] = noBoards,
  ): Promise<T> {
    const held = this.peek<T>(key);
    if (held !== undefined) {
      this.stats.hits += 1;
      return held;
    }
    // Joining a read already running is only right if nothing it shows changed since it began.
    // A read whose boards are known only once it is done is joined only if nothing at all changed since it began.
    const running = this.reading.get(key);
    if (running && (running.open ? this.changes === running.readAt : this.fresh(boards, running.readAt)))
      return running.value as Promise<T>;
    this.stats.misses += 1;
    const readAt = this.changes;
    const made = { asOf: readAt };
    const value = reads.run(made, read).then((v) => {
      const all = [...boards, ...boardsOf(v)];
      if (this.fresh(all, made.asOf)) this.kept.set(key, { readAt: made.asOf, boards: all, value: v, bytes: size(v) });
      return v;
    });
    const reading = { readAt, value, open: boardsOf !== noBoards };
    this.reading.set(key, reading);
    try {
      return await value;
    } finally {
      if (this.reading.get(key) === reading) this.reading.delete(key);
    }
  }

  /**
   * Resolves once every change committed before the call has arrived here: a notification sent
   * now comes back after them (PostgreSQL delivers in commit order), so a writer's next read
   * on this node sees what it wrote. Free when the node keeps no board answer.
   */
  async sync(database: DatabaseHandle) {
    // Nothing kept and nothing being read: whatever is read from now on starts after the change
    // committed, and is not kept if its notification lands during the read. No round trip needed.
    if (this.kept.size === 0 && this.reading.size === 0 && !this.othersKept) return;
    const token = `sync:${this.node}:${++this.syncCount}`;
    let timer: NodeJS.Timeout | undefined;
    const back = new Promise<void>((resolve) => {
      this.syncs.set(token, resolve);
      timer = setTimeout(resolve, SYNC_TIMEOUT_MS);
    });
    try {
      await database.db.execute(sql`select pg_notify(${BOARD_CHANNEL}, ${token})`);
      await back;
    } finally {
      clearTimeout(timer);
      this.syncs.delete(token);
    }
  }
}

const caches = new WeakMap<DatabaseHandle, BoardCache>();

/** This node's cache for the database, when it is listening for changes (else every read goes to the database). */
export function boardCacheOf(ctx: AppContext): BoardCache | undefined {
  return caches.get(ctx.database);
}

/** Starts keeping board answers for this app: LISTEN for changes; resolves to a stop. */
export async function startBoardCache(ctx: AppContext): Promise<{ cache: BoardCache; stop: () => Promise<void> }> {
  const cache = new BoardCache(ctx.database.kind === 'postgres' ? MAX_AGE_MS : 0);
  const unlisten = await ctx.database.listen(BOARD_CHANNEL, (payload) => cache.received(payload));
  caches.set(ctx.database, cache);
  return {
    cache,
    async stop() {
      if (caches.get(ctx.database) === cache) caches.delete(ctx.database);
      await unlisten().catch(() => {});
    },
  };
}
