import { sql, type SQL } from 'drizzle-orm';
import { rowsOf } from '#server/db/rows.ts';
import type { AppContext } from '#server/context.ts';
import { ApiError } from '#server/errors.ts';
import { boardCacheOf, serialized, type Serialized } from '#server/lib/boards/board-cache.ts';
import { boardRow, boardRowOf, boardScope, ownBoardRowColumn, rankings, rankingsOf, type BoardQuery, type BoardRow } from './boards.ts';
import type { ChallengeRow } from './challenge.ts';

// Leaderboard pages as served: the page everyone sees is read once per change of its board
// and kept serialized (board-cache.ts); a signed-in viewer's own row is read apart and put
// beside it, so two viewers of one kept page each get their own.

type PageQuery = BoardQuery & { offset: number; limit: number };
type Answer = Awaited<ReturnType<typeof rankings>>;

interface SharedPage {
  challenge: ChallengeRow;
  answer: Answer;
  json: Serialized;
}

/** Everything the shared page depends on. The age groups move with the year, so it is part of the key. */
function pageKey(q: PageQuery, now: Date): string {
  const gym = q.gym?.trim().toLowerCase() ?? '';
  const year = q.age_group ? now.getUTCFullYear() : 0;
  return JSON.stringify([q.challenge_id, q.division ?? '', q.category ?? '', q.sex ?? '', q.age_group ?? '', gym, year, q.offset, q.limit]);
}

async function sharedPage(ctx: AppContext, q: PageQuery): Promise<SharedPage> {
  // The challenge the page was read with (one read of it, not two).
  const { challenge, answer } = await rankingsOf(ctx, q, null);
  return { challenge, answer, json: serialized(answer) };
}

/**
 * The viewer's own board row (its division or category) with its place, as a column for a statement of theirs (the
 * handler's session check reads it: one round trip for both); null when they have no entry there.
 */
export function viewerRowColumn(ctx: AppContext, q: PageQuery, viewerId: number): SQL<BoardRow | null> {
  const { category, division, shown } = boardScope(q, ctx.now());
  return ownBoardRowColumn(q.challenge_id, { division, category, shown, filtered: false, callerId: viewerId });
}

/**
 * A leaderboard page: `json` (the kept body, for a caller not signed in, with its `key` in the board cache when the
 * same address always asks for that page) or `answer` (the kept page with the viewer's own row), with `page` (the kept
 * body) when the answer is that body with only `me` set: its items are the page everyone sees. Without a cache on this
 * node, read every time.
 */
export async function servedRankings(
  ctx: AppContext,
  q: PageQuery,
  viewerId: number | null,
  /** The viewer's own row (viewerRowColumn), read beside the page (kept or not) by the caller's session check; read alone without it. */
  viewerRow?: Promise<BoardRow | null>,
): Promise<{ json: Serialized; key?: string } | { answer: Answer; page?: Serialized }> {
  // Its failure (a session check that failed) is the caller's to answer, whichever way the page is read.
  viewerRow?.catch(() => {});
  const cache = boardCacheOf(ctx);
  if (!cache) return { answer: await rankings(ctx, q, viewerId) };
  const key = pageKey(q, ctx.now());
  const mine =
    viewerId === null
      ? null
      : (viewerRow ??
        rowsOf<{ own: BoardRow | null }>(ctx.database.db, sql`select ${viewerRowColumn(ctx, q, viewerId)} as own`).then(
          (r) => r[0]?.own ?? null,
        ));
  mine?.catch(() => {});
  let page: SharedPage;
  try {
    page = await cache.get(
      key,
      [q.challenge_id],
      () => sharedPage(ctx, q),
      (p) => 2 * p.json.body.length,
    );
  } catch (error) {
    // A hidden challenge has no public board, but its creator still sees it: read for them.
    if (viewerId !== null && error instanceof ApiError && error.statusCode === 404) return { answer: await rankings(ctx, q, viewerId) };
    throw error;
  }
  // The key names the page an address asks for, unless it moves with the year (an age group).
  if (viewerId === null || !mine) return q.age_group ? { json: page.json } : { json: page.json, key };
  const read = await mine;
  const row = read && boardRowOf(read);
  const me = row && boardRow(page.challenge, row, row.rank!, viewerId);
  // The shared page shows everyone as others see them: the viewer's own row takes what they see of
  // themselves (their name when anonymous to others, their gym when they keep it private).
  const own = me && page.answer.items.find((r) => r.athlete.wp_user_id === viewerId);
  const differs = own && (own.athlete.display_name !== me.athlete.display_name || own.gym !== me.gym);
  if (!differs) return { answer: { ...page.answer, me }, page: page.json };
  const items = page.answer.items.map((r) => (r === own ? { ...r, athlete: me.athlete, gym: me.gym, gym_id: me.gym_id } : r));
  return { answer: { ...page.answer, items, me } };
}
