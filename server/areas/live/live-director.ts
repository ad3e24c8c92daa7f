import { eq, inArray, sql } from 'drizzle-orm';
import type { AppContext } from '#server/context.ts';
import type { Database } from '#server/db/index.ts';
import { rowsOf } from '#server/db/rows.ts';
import { challenges, liveAttempts, liveBroadcasts } from '#server/db/schema.ts';
import { badRequest, conflict, notFound } from '#server/errors.ts';
import { publish } from '#server/lib/realtime/realtime-events.ts';
import { rankOf } from '#server/lib/boards/rank-slices.ts';
import {
  DIRECTOR_MAX_CANDIDATES,
  DIRECTOR_MIN_INTERVAL_MS,
  DIRECTOR_SWITCH_MARGIN,
  choose,
  livePace,
  placesAtStake,
  type DirectorFacts,
  type DirectorMode,
  type ForTimeMark,
} from '#domain/director.ts';
import type { ScoreType } from '#domain/scoring/index.ts';
import { NO_BROADCAST, presentBroadcast } from './live-broadcasts.ts';
import { listLive } from './live-count.ts';
import type { PresentedAttempt } from './live.ts';
import { boardMarks, liveBoardScore } from '../commentary/index.ts';

// The broadcast director (domain/director.ts): a live broadcast in 'auto' mode features the live attempt
// with the best score, switching no more often than the minimum interval; 'pinned' keeps the attempt an
// editor or administrator chose while it is live (a pin that ended gives way to the director). Every node
// sweeps: the switch is decided under the broadcast's row lock from what the row says, so two nodes at once
// switch once (the second sees the first's switch time and waits out the interval).

type BroadcastRow = typeof liveBroadcasts.$inferSelect;

export const STREAM_NOT_DIRECTED = 'This broadcast shows an external stream; the director only picks among live attempts.';

interface Candidate {
  attempt: PresentedAttempt;
  facts: DirectorFacts;
}

/** Every live attempt (the longest running first, up to the limit) with the director's facts, read from its board. */
async function candidates(ctx: AppContext): Promise<Candidate[]> {
  const db = ctx.database.db;
  const { items } = await listLive(ctx, { limit: DIRECTOR_MAX_CANDIDATES });
  const live = items.filter((a) => a.status === 'live');
  if (!live.length) return [];
  const rows = await db
    .select()
    .from(challenges)
    .where(inArray(challenges.id, [...new Set(live.map((a) => a.challenge_id))]));
  const byId = new Map(rows.map((c) => [c.id, c]));
  const out: Candidate[] = [];
  for (const a of live) {
    const c = byId.get(a.challenge_id);
    if (!c) continue;
    // The leader's mark and the athlete's own standing (commentary reads the same marks for its live lines).
    const { leader, own } = await boardMarks(db, c.id, a.user_id);
    const standing = own ? await rankOf(db, c.id, BigInt(own.sort_key)) : a.board_size + 1;
    const value = liveBoardScore(c, a.count, a.elapsed_ms)?.value ?? null;
    const scoreType = c.scoreType as ScoreType;
    const forTime = scoreType === 'time' ? await forTimeLeader(db, c.id, a.user_id) : null;
    out.push({
      attempt: a,
      facts: {
        attemptId: a.id,
        projectedPlace: a.projected_place,
        placesAtStake: placesAtStake(standing, a.projected_place),
        pace: livePace({
          scoreType,
          value,
          count: a.count,
          elapsedMs: a.elapsed_ms,
          capMs: c.timeCapMs,
          leader: forTime ? forTime.mark : leader ? { status: 'finished', value: Number(leader.value) } : null,
          workReps: forTime?.workReps ?? null,
        }),
        spectators: a.spectators,
      },
    });
  }
  return out;
}

/**
 * A for-time board's leader for the pace (domain/director.ts `forTimePace`): the best other entry, finished (its
 * time) or capped (its reps), and the workout's reps when the board knows them: the count of the live attempt
 * the leader finished (the reps they tapped), else the median count of the board's live attempts finished and
 * scored. Null without another entry.
 */
async function forTimeLeader(
  db: Database,
  challengeId: number,
  userId: number,
): Promise<{ mark: ForTimeMark; workReps: number | null } | null> {
  const [row] = await rowsOf<{ status: string; value: string; work_reps: number | null }>(
    db,
    sql`select e.status, e.value::text as value, coalesce(
        (select a.count from live_attempts a where a.status = 'ended' and a.challenge_id = e.challenge_id
          and a.score_id = e.score_id and a.end_reason = 'finished' and a.count > 0 limit 1),
        (select percentile_disc(0.5) within group (order by a.count) from live_attempts a
          where a.status = 'ended' and a.challenge_id = e.challenge_id and a.end_reason = 'finished'
            and a.score_id is not null and a.count > 0)) as work_reps
      from challenge_entries e where e.challenge_id = ${challengeId} and e.user_id <> ${userId}
      order by e.sort_key, e.submitted_at limit 1`,
  );
  if (!row || (row.status !== 'finished' && row.status !== 'capped')) return null;
  return { mark: { status: row.status, value: Number(row.value) }, workReps: row.work_reps === null ? null : Number(row.work_reps) };
}

const stateOf = (b: BroadcastRow, now: Date) => ({
  currentId: b.featuredAttemptId,
  pinnedId: b.directorMode === 'pinned' ? b.featuredAttemptId : null,
  lastSwitchAt: b.switchedAt?.getTime() ?? null,
  now: now.getTime(),
});

async function isLive(db: Database, attemptId: number) {
  const [a] = await db.select({ status: liveAttempts.status }).from(liveAttempts).where(eq(liveAttempts.id, attemptId));
  return a?.status === 'live';
}

/** Whether the director could change anything now (so a sweep with nothing to do reads one row and stops). */
async function worthWeighing(db: Database, b: BroadcastRow, now: Date) {
  if (b.streamUrl !== null) return false;
  if (b.featuredAttemptId === null || !(await isLive(db, b.featuredAttemptId))) return true;
  if (b.directorMode === 'pinned') return false;
  return !b.switchedAt || now.getTime() >= b.switchedAt.getTime() + DIRECTOR_MIN_INTERVAL_MS;
}

export interface DirectorRun {
  broadcastId: number;
  switched: boolean;
  featuredAttemptId: number | null;
}

/**
 * One look at the live broadcast: when the director's pick differs from what it features, the pick is stored
 * (with the switch time, and 'auto' once a pin has ended) and every open socket hears `broadcast_changed`.
 * Answers null when no broadcast is live or there is nothing to weigh.
 */
export async function directLiveBroadcast(ctx: AppContext): Promise<DirectorRun | null> {
  const db = ctx.database.db;
  const [seen] = await db.select().from(liveBroadcasts).where(eq(liveBroadcasts.status, 'live'));
  if (!seen || !(await worthWeighing(db, seen, ctx.now()))) return null;
  const weighed = await candidates(ctx);
  return db.transaction(async (t) => {
    const tx = t as unknown as Database;
    const now = ctx.now();
    const [b] = await tx.select().from(liveBroadcasts).where(eq(liveBroadcasts.id, seen.id)).for('update');
    if (!b || b.status !== 'live' || b.streamUrl !== null) return null;
    const choice = choose(
      weighed.map((c) => c.facts),
      stateOf(b, now),
    );
    if (choice.attemptId === null || choice.attemptId === b.featuredAttemptId)
      return { broadcastId: b.id, switched: false, featuredAttemptId: b.featuredAttemptId };
    const [row] = await tx
      .update(liveBroadcasts)
      .set({ featuredAttemptId: choice.attemptId, switchedAt: now, updatedAt: now, directorMode: 'auto' })
      .where(eq(liveBroadcasts.id, b.id))
      .returning();
    await publish(tx, [
      { to: { everyone: true }, message: { type: 'broadcast_changed', broadcast: await presentBroadcast(tx, row!, now) } },
    ]);
    return { broadcastId: b.id, switched: true, featuredAttemptId: choice.attemptId };
  });
}

/** Runs the director every `everyMs` on this node (one run at a time; failures are logged by the background tasks). */
export function sweepDirector(ctx: AppContext, everyMs: number): () => void {
  let running = false;
  const timer = setInterval(() => {
    if (running) return;
    running = true;
    ctx.tasks.defer('broadcast director', () => directLiveBroadcast(ctx).finally(() => (running = false)));
  }, everyMs);
  timer.unref();
  return () => clearInterval(timer);
}

/** The director's board of a broadcast: its mode, the featured attempt, the candidates scored (best first) and why. */
export async function directorBoard(ctx: AppContext, id: number) {
  const db = ctx.database.db;
  const [b] = await db.select().from(liveBroadcasts).where(eq(liveBroadcasts.id, id));
  if (!b) throw notFound(NO_BROADCAST);
  const now = ctx.now();
  const weighed = b.status === 'ended' || b.streamUrl !== null ? [] : await candidates(ctx);
  const choice = choose(
    weighed.map((c) => c.facts),
    stateOf(b, now),
  );
  const shown = new Map(weighed.map((c) => [c.attempt.id, c.attempt]));
  return {
    broadcast_id: b.id,
    status: b.status as 'scheduled' | 'live' | 'ended',
    mode: b.directorMode as DirectorMode,
    featured_attempt_id: b.featuredAttemptId,
    directed: b.streamUrl === null,
    switched_at: b.switchedAt?.toISOString() ?? null,
    next_switch_at: choice.nextSwitchAt === null ? null : new Date(choice.nextSwitchAt).toISOString(),
    pick: choice.attemptId,
    reason: choice.reason,
    min_interval_ms: DIRECTOR_MIN_INTERVAL_MS,
    switch_margin: DIRECTOR_SWITCH_MARGIN,
    candidates: choice.ranked.map((c) => {
      const a = shown.get(c.attemptId)!;
      return {
        attempt_id: a.id,
        display_name: a.display_name,
        challenge_id: a.challenge_id,
        challenge_title: a.challenge_title,
        count: a.count,
        count_unit: a.count_unit,
        projected_place: c.projectedPlace,
        places_at_stake: c.placesAtStake,
        pace: c.pace ? { kind: c.pace.kind, ahead_ms: c.pace.aheadMs } : null,
        spectators: c.spectators,
        score: c.score,
        parts: c.parts,
      };
    }),
    server_time: now.toISOString(),
  };
}

export interface DirectorInput {
  mode: DirectorMode;
  attempt_id?: number | null;
}

/**
 * An editor's or administrator's choice: 'auto' hands the broadcast to the director (it switches when the
 * rule allows, at once if nothing live is featured); 'pinned' keeps the given live attempt (the featured one
 * when none is given) whatever the scores, until it ends. A pin to another attempt reaches every open page.
 */
export async function setDirector(ctx: AppContext, id: number, input: DirectorInput) {
  const attemptId = input.attempt_id ?? null;
  if (input.mode === 'auto' && attemptId !== null) throw badRequest('Auto mode takes no attempt: the director picks it.', 'attempt_id');
  const live = await ctx.database.db.transaction(async (t) => {
    const tx = t as unknown as Database;
    const now = ctx.now();
    const [b] = await tx.select().from(liveBroadcasts).where(eq(liveBroadcasts.id, id)).for('update');
    if (!b) throw notFound(NO_BROADCAST);
    if (b.status === 'ended') throw conflict('This broadcast has ended; schedule a new one.');
    if (b.streamUrl !== null) throw conflict(STREAM_NOT_DIRECTED);
    if (input.mode === 'auto') {
      await tx.update(liveBroadcasts).set({ directorMode: 'auto', updatedAt: now }).where(eq(liveBroadcasts.id, id));
      return b.status === 'live';
    }
    const pin = attemptId ?? b.featuredAttemptId;
    if (pin === null) throw badRequest('Pick the live attempt to pin.', 'attempt_id');
    const [a] = await tx.select({ status: liveAttempts.status }).from(liveAttempts).where(eq(liveAttempts.id, pin));
    if (!a) throw notFound('No live attempt with that id.');
    if (a.status !== 'live') throw conflict('That attempt is no longer live; pin one that is live now.');
    const moved = pin !== b.featuredAttemptId;
    const [row] = await tx
      .update(liveBroadcasts)
      .set({ directorMode: 'pinned', featuredAttemptId: pin, updatedAt: now, ...(moved ? { switchedAt: now } : {}) })
      .where(eq(liveBroadcasts.id, id))
      .returning();
    if (moved && row!.status === 'live')
      await publish(tx, [
        { to: { everyone: true }, message: { type: 'broadcast_changed', broadcast: await presentBroadcast(tx, row!, now) } },
      ]);
    return false;
  });
  // Handed to the director while live: it decides now rather than at the next sweep.
  if (live) await directLiveBroadcast(ctx);
  return directorBoard(ctx, id);
}
