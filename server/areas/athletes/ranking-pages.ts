import type { AppContext } from '#server/context.ts';
import { boardCacheOf, serialized, type Serialized } from '#server/lib/boards/board-cache.ts';
import { globalLeaderboard, globalOwnRow, testBoardPage, testLeaderboard, testOwnRow, type BoardFilters, type Page } from './rankings.ts';
import { loadTest, presentTests, type Viewer } from './tests-catalogue.ts';

// Global Ranks and the test boards as served: like a challenge's board (challenges/board-pages.ts), the
// page everyone sees is read once per change of its board and kept by the node's board cache; the
// viewer's own row is read apart and put beside it (and in place of their row on the page, where they
// see their own name and private groups). Migration 0039 notifies their changes.

/** Their numbers in the board cache, above every challenge id: the global ranking, and a test's board at this + its id. */
export const RANKING_BOARDS = 2 ** 31;

/** Everything a shared page depends on. Age groups move with the year, so it is part of the key. */
function pageKey(board: number, f: BoardFilters, page: Page, now: Date): string {
  const gym = f.gym?.trim().toLowerCase() ?? '';
  const year = f.age_group ? now.getUTCFullYear() : 0;
  return JSON.stringify(['ranks', board, f.sex ?? '', f.age_group ?? '', f.bodyweight_class ?? '', gym, year, page.offset, page.limit]);
}

const weight = (value: unknown) => 2 * JSON.stringify(value).length;

/** The kept page with the viewer's own row beside it and in its place on the page. */
function withOwnRow<Row extends { user_id: number }>(shared: { items: Row[]; total: number }, me: Row | null) {
  const items =
    me && shared.items.some((r) => r.user_id === me.user_id) ? shared.items.map((r) => (r.user_id === me.user_id ? me : r)) : shared.items;
  return { items, total: shared.total, me };
}

/** The signed-out answer of each kept page, serialized once (and compressed once, send-kept.ts) for the page's life. */
const keptJson = new WeakMap<object, Serialized>();

/**
 * Global Ranks as a signed-out reader gets it: the kept page's body, serialized and compressed once
 * (null without a board cache on this node: the caller reads it with servedGlobalRanks).
 */
export async function keptGlobalRanks(ctx: AppContext, filters: BoardFilters, page: Page): Promise<Serialized | null> {
  const cache = boardCacheOf(ctx);
  if (!cache) return null;
  const shared = await cache.get(
    pageKey(0, filters, page, ctx.now()),
    [RANKING_BOARDS],
    () => globalLeaderboard(ctx, filters, page, null),
    weight,
  );
  let json = keptJson.get(shared);
  if (!json) keptJson.set(shared, (json = serialized(withOwnRow(shared, null))));
  return json;
}

export async function servedGlobalRanks(ctx: AppContext, filters: BoardFilters, page: Page, viewerId: number | null) {
  const cache = boardCacheOf(ctx);
  if (!cache) return globalLeaderboard(ctx, filters, page, viewerId);
  const [shared, me] = await Promise.all([
    cache.get(pageKey(0, filters, page, ctx.now()), [RANKING_BOARDS], () => globalLeaderboard(ctx, filters, page, null), weight),
    viewerId === null ? Promise.resolve(null) : globalOwnRow(ctx, viewerId),
  ]);
  return withOwnRow(shared, me);
}

export async function servedTestBoard(ctx: AppContext, testId: number, filters: BoardFilters, page: Page, viewer: Viewer | null) {
  const cache = boardCacheOf(ctx);
  if (!cache) return testLeaderboard(ctx, testId, filters, page, viewer);
  const db = ctx.database.db;
  // Who may see the test is decided per request (a draft is for administrators); the page is shared.
  const test = await loadTest(db, testId, viewer);
  const [shared, [view], me] = await Promise.all([
    cache.get(
      pageKey(testId, filters, page, ctx.now()),
      [RANKING_BOARDS + testId],
      () => testBoardPage(ctx, testId, filters, page, null),
      weight,
    ),
    presentTests(db, [test]),
    viewer === null ? Promise.resolve(null) : testOwnRow(ctx, testId, viewer.id),
  ]);
  return { test: view!, ...withOwnRow(shared, me) };
}
