import type { AppContext } from '#server/context.ts';
import { boardCacheOf, serialized, type BoardCache, type Serialized } from '#server/lib/boards/board-cache.ts';
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

/**
 * The global ranking's page everyone sees, kept by the board cache with its signed-out body serialized once (and
 * compressed once, send-kept.ts): `{ json }` is what the early answer for a remembered address sends
 * (send-kept.ts answerKeptEarly), `page` what a signed-in reader's own row is set into.
 */
function sharedGlobalPage(ctx: AppContext, cache: BoardCache, filters: BoardFilters, page: Page, key: string) {
  return cache.get(
    key,
    [RANKING_BOARDS],
    async () => {
      const shared = await globalLeaderboard(ctx, filters, page, null);
      return { page: shared, json: serialized(withOwnRow(shared, null)) };
    },
    (kept) => 2 * kept.json.body.length,
  );
}

/**
 * Global Ranks as a signed-out reader gets it: the kept page's body, serialized and compressed once, and its key in the
 * board cache when the same address may be answered from it before routing (not with an age group: which athletes
 * are in one moves with the year, which the address does not say). Null without a board cache on this node: the
 * caller reads it with servedGlobalRanks.
 */
export async function keptGlobalRanks(
  ctx: AppContext,
  filters: BoardFilters,
  page: Page,
): Promise<{ json: Serialized; key?: string } | null> {
  const cache = boardCacheOf(ctx);
  if (!cache) return null;
  const key = pageKey(0, filters, page, ctx.now());
  const { json } = await sharedGlobalPage(ctx, cache, filters, page, key);
  return filters.age_group ? { json } : { json, key };
}

export async function servedGlobalRanks(ctx: AppContext, filters: BoardFilters, page: Page, viewerId: number | null) {
  const cache = boardCacheOf(ctx);
  if (!cache) return globalLeaderboard(ctx, filters, page, viewerId);
  const [shared, me] = await Promise.all([
    sharedGlobalPage(ctx, cache, filters, page, pageKey(0, filters, page, ctx.now())),
    viewerId === null ? Promise.resolve(null) : globalOwnRow(ctx, viewerId),
  ]);
  return withOwnRow(shared.page, me);
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
