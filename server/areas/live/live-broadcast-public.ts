import { and, asc, eq, gt, lt, lte, sql } from 'drizzle-orm';
import type { AppContext } from '#server/context.ts';
import type { Database } from '#server/db/index.ts';
import { rowsOf } from '#server/db/rows.ts';
import { liveBroadcastViewers, liveBroadcasts } from '#server/db/schema.ts';
import { conflict, notFound } from '#server/errors.ts';
import { rankOf } from '#server/lib/boards/rank-slices.ts';
import { hiddenFromBoards } from '#server/lib/boards/privacy-names.ts';
import { anonymousName } from '#domain/privacy.ts';
import { formatScore, type EncodedScore, type ScoreType } from '#domain/scoring/index.ts';
import {
  BROADCAST_COUNTDOWN_AHEAD_MS,
  BROADCAST_LATE_MS,
  BROADCAST_TICKER_SIZE,
  BROADCAST_VIEWER_WINDOW_MS,
} from '#domain/live-broadcasts.ts';
import { NO_BROADCAST, presentBroadcast, viewersNow } from './live-broadcasts.ts';

// The public side of broadcasts: the current one (the banner's read), a viewer's heartbeat, the ticker.

/**
 * The broadcast live now, or null; and while none is, the next one scheduled to start within
 * BROADCAST_COUNTDOWN_AHEAD_MS (or started late by up to BROADCAST_LATE_MS), for the banner's countdown.
 */
export async function currentBroadcast(ctx: AppContext) {
  const db = ctx.database.db;
  const now = ctx.now();
  const [live] = await db.select().from(liveBroadcasts).where(eq(liveBroadcasts.status, 'live'));
  const [next] = live
    ? []
    : await db
        .select()
        .from(liveBroadcasts)
        .where(
          and(
            eq(liveBroadcasts.status, 'scheduled'),
            gt(liveBroadcasts.scheduledFor, new Date(now.getTime() - BROADCAST_LATE_MS)),
            lte(liveBroadcasts.scheduledFor, new Date(now.getTime() + BROADCAST_COUNTDOWN_AHEAD_MS)),
          ),
        )
        .orderBy(asc(liveBroadcasts.scheduledFor))
        .limit(1);
  return {
    broadcast: live ? await presentBroadcast(db, live, now) : null,
    upcoming: next ? await presentBroadcast(db, next, now) : null,
    server_time: now.toISOString(),
  };
}

/**
 * A viewer's page is watching (signed in or out: one random key per open page). Stale keys of the broadcast
 * are dropped as it goes, and the peak is kept on the broadcast.
 */
export async function watchBroadcast(ctx: AppContext, id: number, viewer: string) {
  const now = ctx.now();
  return ctx.database.db.transaction(async (t) => {
    const tx = t as unknown as Database;
    const [b] = await tx.select({ status: liveBroadcasts.status }).from(liveBroadcasts).where(eq(liveBroadcasts.id, id));
    if (!b) throw notFound(NO_BROADCAST);
    if (b.status !== 'live') throw conflict('This broadcast is not live.');
    await tx
      .insert(liveBroadcastViewers)
      .values({ broadcastId: id, viewer, seenAt: now })
      .onConflictDoUpdate({ target: [liveBroadcastViewers.broadcastId, liveBroadcastViewers.viewer], set: { seenAt: now } });
    await tx
      .delete(liveBroadcastViewers)
      .where(
        and(
          eq(liveBroadcastViewers.broadcastId, id),
          lt(liveBroadcastViewers.seenAt, new Date(now.getTime() - BROADCAST_VIEWER_WINDOW_MS)),
        ),
      );
    const viewers = await viewersNow(tx, id, now);
    await tx
      .update(liveBroadcasts)
      .set({ peakViewers: sql`greatest(${liveBroadcasts.peakViewers}, ${viewers})` })
      .where(eq(liveBroadcasts.id, id));
    return { viewers };
  });
}

/**
 * The ticker: the newest scores that stand as their athlete's best on a public board (so each one moved
 * the board), newest first, with the place they hold now. Read backwards along the scores' primary key.
 */
export async function broadcastTicker(ctx: AppContext) {
  const db = ctx.database.db;
  const rows = await rowsOf<{
    score_id: number;
    challenge_id: number;
    title: string;
    score_type: string;
    reps_per_round: number | null;
    user_id: number;
    display_name: string;
    anonymous: boolean;
    status: string;
    value: string;
    tiebreak_ms: number | null;
    sort_key: string;
    submitted_at: Date | string;
  }>(
    db,
    sql`select s.id as score_id, c.id as challenge_id, c.title, c.score_type, c.reps_per_round, s.user_id, u.display_name,
        (${hiddenFromBoards(sql`s.user_id`)}) as anonymous, s.status, s.value::text as value, s.tiebreak_ms,
        e.sort_key::text as sort_key, s.submitted_at
      from challenge_scores s
      join challenge_entries e on e.challenge_id = s.challenge_id and e.user_id = s.user_id and e.score_id = s.id
      join challenges c on c.id = s.challenge_id
      join users u on u.id = s.user_id
      where s.deleted_at is null and s.hidden_at is null
        and c.visibility = 'public' and c.deleted_at is null and c.hidden_at is null
      order by s.id desc
      limit ${BROADCAST_TICKER_SIZE}`,
  );
  const items = await Promise.all(
    rows.map(async (r) => {
      const encoded: EncodedScore = {
        status: r.status as EncodedScore['status'],
        value: Number(r.value),
        tiebreakMs: r.tiebreak_ms,
      };
      return {
        score_id: Number(r.score_id),
        challenge_id: Number(r.challenge_id),
        challenge_title: r.title,
        athlete: r.anonymous ? anonymousName(Number(r.user_id)) : r.display_name,
        place: await rankOf(db, Number(r.challenge_id), BigInt(r.sort_key)),
        score: formatScore(r.score_type as ScoreType, encoded, { repsPerRound: r.reps_per_round }),
        at: new Date(r.submitted_at).toISOString(),
      };
    }),
  );
  return { items };
}
