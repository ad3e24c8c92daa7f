import { sql } from 'drizzle-orm';
import type { AppContext } from '#server/context.ts';
import type { Database } from '#server/db/index.ts';
import { rowsOf } from '#server/db/rows.ts';
import type { EventRule } from '#domain/events.ts';
import { boardCacheOf } from '#server/lib/boards/board-cache.ts';
import { isDue, keptResults, type KeptResult } from '#server/lib/boards/kept-results.ts';
import {
  countingSort,
  divisionStandingInSlices,
  divisionsOf,
  inBoardOrder,
  type Divisions,
  type KeptBoard,
  type LeanRow,
} from './events-places.ts';

export type { LeanRow } from './events-places.ts';

// Large events' standings served from memory (kept-results.ts). The standing of a division is one
// statement (events-standings.ts); for a small event it runs on every read, so every read is exact.
// When it takes longer than cacheSettings.slowMs (tens of thousands of athletes), the whole division's
// standing is kept and pages are cut from it. It is then computed from the workouts' boards kept here
// (each read once from its category index, in board order, as two strings per category), re-read only
// when that board changes: a new score costs one workout's read and linear passes in events-places.ts.

export type CachedStanding = KeptResult<LeanRow>;

const standings = keptResults<LeanRow>('event standing', (r) => r.user_id);

/** Above this cost (ms) a division's standing is kept; tests lower it to drive the kept path. */
export const cacheSettings = standings.settings;

/** What a kept standing depends on: the event, division, rule, table and workouts. */
export function cacheKey(q: { eventId: number; category: string; rule: string; table: readonly number[] }, workoutIds: number[]): string {
  return JSON.stringify([q.eventId, q.category, q.rule, q.table, workoutIds]);
}

type Full = () => Promise<LeanRow[]>;

/** The kept standing of a large event, starting its refresh when it is due; undefined for small events. */
export function cachedStanding(ctx: AppContext, key: string, full: Full, boards: readonly number[]): CachedStanding | undefined {
  return standings.kept(ctx, key, full, boards);
}

/** The one statement; when it proves slow, the division's standing starts being kept. */
export function timed<T>(ctx: AppContext, key: string, run: () => Promise<T>, full: Full, boards: readonly number[]): Promise<T> {
  return standings.timed(ctx, key, run, full, boards);
}

/** Benches: drop every kept standing and board, to time a computation from nothing. */
export function forgetStandings(db: Database) {
  standings.forget(db);
  storeOf(db).boards.clear();
  storeOf(db).computed.clear();
  storeOf(db).divisions = null;
}

// ---- The workouts' boards, kept per node -------------------------------------------------------

interface HeldBoard {
  board: KeptBoard;
  /** Changes only when a re-read finds different entries. */
  version: number;
  /** The board cache's change count when the read began (null without a board cache). */
  readAt: number | null;
  readAtMs: number;
  costMs: number;
}

// A board is re-read when due as kept results are (kept-results.ts isDue: it changed, or it is old).
const MAX_BOARDS = 200;
const MAX_COMPUTED = 50;

interface Store {
  boards: Map<number, HeldBoard>;
  reading: Map<number, Promise<HeldBoard>>;
  /** The last standing computed per kept key, with the board versions it was computed from. */
  computed: Map<string, { versions: string; rows: LeanRow[] }>;
  /** Category lists in the database's own order (what min(category) follows). */
  orders: Map<string, string[]>;
  /** The athletes' divisions of the last set of boards (every division's standing of an event shares them). */
  divisions: { versions: string; divisions: Divisions } | null;
  version: number;
}
const stores = new WeakMap<Database, Store>();
function storeOf(db: Database): Store {
  let s = stores.get(db);
  if (!s)
    stores.set(db, (s = { boards: new Map(), reading: new Map(), computed: new Map(), orders: new Map(), divisions: null, version: 0 }));
  return s;
}

const sameBoard = (a: KeptBoard, b: KeptBoard) =>
  a.groups.length === b.groups.length &&
  a.groups.every((g, i) => {
    const h = b.groups[i]!;
    return (
      g.category === h.category && g.users.length === h.users.length && g.users.every((u, j) => u === h.users[j] && g.keys[j] === h.keys[j])
    );
  });

async function readBoard(ctx: AppContext, id: number, previous: HeldBoard | undefined): Promise<HeldBoard> {
  const db = ctx.database.db;
  const readAt = boardCacheOf(ctx)?.count ?? null;
  const t0 = performance.now();
  // An index-only scan of entries_category_idx, in its order, each category's entries aggregated as two
  // strings. The aggregates take the rows in the order the scan gives them (an ORDER BY inside each would
  // sort every category twice, spilling to disk at this size: 3.5x slower); that order is checked here,
  // and a category that came otherwise is sorted.
  const rows = await rowsOf<{ category: string; users: string; keys: string }>(
    db,
    sql`select category, string_agg(user_id::text, ',') as users, string_agg(sort_key::text, ',') as keys
      from (select category, user_id, sort_key from challenge_entries where challenge_id = ${id}
        order by category, sort_key, submitted_at, user_id) o
      group by category order by category`,
  );
  const board: KeptBoard = { challengeId: id, groups: rows.map((r) => inBoardOrder(r.category, r.users.split(','), r.keys.split(','))) };
  const store = storeOf(db);
  const version = previous && sameBoard(previous.board, board) ? previous.version : ++store.version;
  const held = { board, version, readAt, readAtMs: performance.now(), costMs: performance.now() - t0 };
  store.boards.delete(id);
  if (store.boards.size >= MAX_BOARDS) store.boards.delete(store.boards.keys().next().value!);
  store.boards.set(id, held);
  return held;
}

/** A workout's board as kept, re-read first when it changed (one read at a time per board). */
function boardOf(ctx: AppContext, id: number): Promise<HeldBoard> {
  const store = storeOf(ctx.database.db);
  const held = store.boards.get(id);
  if (held && !isDue(ctx, [id], held.readAt, held.readAtMs, held.costMs)) return Promise.resolve(held);
  let pending = store.reading.get(id);
  if (!pending) {
    pending = readBoard(ctx, id, held).finally(() => store.reading.delete(id));
    store.reading.set(id, pending);
  }
  return pending;
}

/** The categories in the database's order (its collation decides which is an athlete's smallest). */
async function databaseOrder(db: Database, categories: string[]): Promise<string[]> {
  const store = storeOf(db);
  const id = JSON.stringify(categories);
  let order = store.orders.get(id);
  if (!order) {
    order =
      categories.length < 2
        ? categories
        : (
            await rowsOf<{ c: string }>(
              db,
              sql`select c from (values ${sql.join(
                categories.map((c) => sql`(${c}::text)`),
                sql`, `,
              )}) v(c) order by c`,
            )
          ).map((r) => r.c);
    store.orders.set(id, order);
  }
  return order;
}

/**
 * A division's whole standing from the workouts' kept boards (what a kept standing is computed by):
 * only boards that changed are read again, and an unchanged set of boards gives the same rows back.
 */
export async function keptDivisionStanding(
  ctx: AppContext,
  key: string,
  q: { rule: EventRule; table: readonly number[]; category: string },
  workouts: readonly number[],
): Promise<LeanRow[]> {
  const db = ctx.database.db;
  const held = await Promise.all(workouts.map((id) => boardOf(ctx, id)));
  const store = storeOf(db);
  const versions = held.map((h) => h.version).join(',');
  const last = store.computed.get(key);
  if (last?.versions === versions) return last.rows;
  const boards = held.map((h) => h.board);
  const order = await databaseOrder(db, [...new Set(boards.flatMap((b) => b.groups.map((g) => g.category)))].sort());
  // Board versions are numbered across all boards, so the versions name the boards read as well as their contents.
  if (store.divisions?.versions !== versions) store.divisions = { versions, divisions: divisionsOf(boards, order) };
  const rows = await divisionStandingInSlices(boards, store.divisions.divisions, order, q);
  store.computed.delete(key);
  if (store.computed.size >= MAX_COMPUTED) store.computed.delete(store.computed.keys().next().value!);
  store.computed.set(key, { versions, rows });
  return rows;
}

// ---- Pages in other orders ----------------------------------------------------------------------

/**
 * The kept standing in the order asked: by overall place or by one workout's place, either way
 * (ties by the overall place in the same direction, then user id). Rows are kept by (overall,
 * user id), so each view is made in linear time (groups reversed, a stable counting sort by place),
 * once per kept standing.
 */
export function sortedView(full: CachedStanding, sortWorkout: number, descending: boolean): LeanRow[] {
  if (sortWorkout === 0 && !descending) return full.rows;
  const id = `${sortWorkout}:${descending}`;
  let view = full.views.get(id);
  if (!view) {
    const base = descending ? overallReversed(full.rows) : full.rows;
    view = sortWorkout === 0 ? base : byPlace(base, sortWorkout - 1, descending);
    full.views.set(id, view);
  }
  return view;
}

/** Rows by overall place from the last, each group of equal places still by user id. */
function overallReversed(rows: readonly LeanRow[]): LeanRow[] {
  const out: LeanRow[] = [];
  let end = rows.length;
  while (end > 0) {
    let start = end - 1;
    while (start > 0 && rows[start - 1]!.overall === rows[end - 1]!.overall) start -= 1;
    for (let i = start; i < end; i++) out.push(rows[i]!);
    end = start;
  }
  return out;
}

/** A stable counting sort by one workout's place (keeps the order within equal places). */
function byPlace(rows: readonly LeanRow[], k: number, descending: boolean): LeanRow[] {
  let max = 0;
  for (const r of rows) if (r.places[k]! > max) max = r.places[k]!;
  return countingSort(rows, descending ? (r) => max - r.places[k]! : (r) => r.places[k]!);
}
