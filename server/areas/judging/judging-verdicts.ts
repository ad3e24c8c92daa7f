import { and, asc, count, desc, eq, gt, inArray, isNotNull, isNull, ne, sql, type SQL } from 'drizzle-orm';
import type { AppContext } from '#server/context.ts';
import type { Database } from '#server/db/index.ts';
import { rowsOf } from '#server/db/rows.ts';
import { challengeEntries, challenges, challengeScores, scoreVideos, users, videos } from '#server/db/schema.ts';
import { ApiError, badRequest, conflict, notFound } from '#server/errors.ts';
import {
  APPEAL_REASON,
  CHECK_STATES,
  CLAIM_MINUTES,
  LIVE_CLAIMS_MAX,
  TOO_MANY_CLAIMS_TEXT,
  judgeRefusal,
  nextCheckState,
  penalizedValue,
  penaltyOf,
  VERDICT_LABELS,
  verdictProblem,
  type CheckState,
  type Verdict,
} from '#domain/judging.ts';
import { formatScore, sortKey, type Division, type ScoreType } from '#domain/scoring/index.ts';
import { rulesOf, type ChallengeRow, recomputeEntry, theaterChanged, audit } from '../challenges/index.ts';
import { placeOfKey, rankOf } from '#server/lib/boards/rank-slices.ts';
import { challengeRoom, publish } from '#server/lib/realtime/realtime-events.ts';
import { notify } from '../notifications/index.ts';
import { presentVideo, videoService } from '../videos/index.ts';
import { recordingGaps, type LiveGap } from '../live/index.ts';
import { certificateOf } from './judging.ts';

// The judging queue, claims, verdicts, the senior judge's confirmation and the athlete's one appeal.

type Tx = Database;
type CheckRow = typeof scoreVideos.$inferSelect;
type ScoreRow = typeof challengeScores.$inferSelect;
type VideoRow = typeof videos.$inferSelect;
type QueueRow = { check: CheckRow; score: ScoreRow; challenge: ChallengeRow; name: string; place: unknown };

interface Loaded {
  check: CheckRow;
  score: ScoreRow;
  challenge: ChallengeRow;
  name: string;
  video: VideoRow | null;
  /** A live recording's gaps (judging-live.ts); none for an upload. */
  gaps: LiveGap[];
}

const NO_SUBMISSION = 'No score with a video has that id.';

async function load(db: Database, scoreId: number, forUpdate: boolean): Promise<Loaded> {
  const q = db
    .select({ check: scoreVideos, score: challengeScores, challenge: challenges, name: users.displayName })
    .from(scoreVideos)
    .innerJoin(challengeScores, eq(challengeScores.id, scoreVideos.scoreId))
    .innerJoin(challenges, eq(challenges.id, scoreVideos.challengeId))
    .innerJoin(users, eq(users.id, scoreVideos.athleteId))
    // A score whose video still processes (or failed to) is not in judging: its check starts once the video is ready.
    .where(
      and(
        eq(scoreVideos.scoreId, scoreId),
        inArray(scoreVideos.state, [...CHECK_STATES]),
        isNull(challengeScores.deletedAt),
        isNull(challenges.deletedAt),
      ),
    );
  const [row] = forUpdate ? await q.for('update', { of: scoreVideos }) : await q;
  if (!row) throw notFound(NO_SUBMISSION);
  const [video] = row.check.videoId ? await db.select().from(videos).where(eq(videos.id, row.check.videoId)) : [];
  return { ...row, video: video ?? null, gaps: video ? await recordingGaps(db, video.id) : [] };
}

async function placeOf(db: Database, s: Pick<ScoreRow, 'id' | 'challengeId' | 'userId'>) {
  const [entry] = await db
    .select()
    .from(challengeEntries)
    .where(and(eq(challengeEntries.challengeId, s.challengeId), eq(challengeEntries.userId, s.userId)));
  return entry && entry.scoreId === s.id ? rankOf(db, s.challengeId, entry.sortKey, '') : null;
}

function present(ctx: AppContext, r: Loaded, place: number | null, viewerId: number) {
  const c = r.challenge;
  const show = (value: number) =>
    formatScore(
      c.scoreType as ScoreType,
      { status: r.score.status as 'finished' | 'capped', value, tiebreakMs: r.score.tiebreakMs },
      {
        repsPerRound: c.repsPerRound,
      },
    );
  const now = ctx.now();
  const k = r.check;
  const claimed = k.claimedBy !== null && k.claimedUntil !== null && k.claimedUntil > now;
  return {
    score_id: r.score.id,
    challenge: { id: c.id, title: c.title },
    athlete: { wp_user_id: r.score.userId, display_name: r.name },
    division: r.score.division as Division,
    display: show(Number(r.score.value)),
    original_display: show(Number(k.originalValue)),
    place,
    state: k.state as CheckState,
    claim: claimed ? { judge_id: k.claimedBy!, until: k.claimedUntil!.toISOString(), mine: k.claimedBy === viewerId } : null,
    verdict: k.verdict as Verdict | null,
    penalty_percent: k.penaltyPercent,
    verdict_reason: k.verdictReason,
    rep_count: k.repCount,
    marks: k.marks,
    appeal_reason: k.appealReason,
    appealed_at: k.appealedAt?.toISOString() ?? null,
    video: r.video ? presentVideo(videoService(ctx), r.video, viewerId) : null,
    video_url: k.externalUrl,
    live_gaps: r.gaps,
    theater_shown: k.theaterShownAt !== null,
    submitted_at: r.score.submittedAt.toISOString(),
  };
}

/** A judge with a certificate in force, or 403. */
async function judgeOf(db: Database, judgeId: number) {
  return { id: judgeId, certificate: await certificateOf(db, judgeId) };
}

function refuse(problem: { status: number; detail: string } | null) {
  if (problem) throw new ApiError(problem.status, problem.detail);
}

function step(state: CheckState, event: Parameters<typeof nextCheckState>[1], appealed: boolean): CheckState {
  const next = nextCheckState(state, event, { appealed });
  if (typeof next !== 'string') throw conflict(next.refused);
  return next;
}

/** The queue: scores waiting for a judge (and verdicts waiting for a senior), best place on the board first. */
export async function judgingQueue(ctx: AppContext, judgeId: number, q: { challenge_id?: number; offset: number; limit: number }) {
  const db = ctx.database.db;
  const judge = await judgeOf(db, judgeId);
  refuse(judgeRefusal(judge, { athleteId: -1, earlierJudges: [], appealed: false }, ctx.now()));
  // queue_key is set exactly while a score waits in the queue (its state, score and challenge not deleted).
  const where: SQL[] = [isNotNull(scoreVideos.queueKey), ne(scoreVideos.athleteId, judgeId)];
  if (q.challenge_id) where.push(eq(scoreVideos.challengeId, q.challenge_id));
  const rows: QueueRow[] = q.challenge_id ? await oneChallenge(q.challenge_id) : await acrossChallenges();

  /** Within one challenge the board's order is the key's; the places (from the rank slices) are counted for the page alone. */
  async function oneChallenge(challengeId: number) {
    const page = await queueRows(and(...where))
      .orderBy(asc(scoreVideos.queueKey), asc(challengeScores.submittedAt), asc(scoreVideos.scoreId))
      .limit(q.limit)
      .offset(q.offset);
    if (page.length === 0) return [];
    const keys = `{${page.map((r) => String(r.score.sortKey)).join(',')}}`;
    const places = await rowsOf<{ place: number }>(
      db,
      sql`select ${placeOfKey(challengeId, null, sql`u.k`)} as place from unnest(${keys}::bigint[]) with ordinality as u(k, i) order by u.i`,
    );
    return page.map((r, i) => ({ ...r, place: places[i]?.place ?? null }));
  }

  function queueRows(condition: SQL | undefined) {
    return db
      .select({ check: scoreVideos, score: challengeScores, challenge: challenges, name: users.displayName, place: sql`null`.as('place') })
      .from(scoreVideos)
      .innerJoin(challengeScores, eq(challengeScores.id, scoreVideos.scoreId))
      .innerJoin(challenges, eq(challenges.id, scoreVideos.challengeId))
      .innerJoin(users, eq(users.id, scoreVideos.athleteId))
      .where(condition);
  }

  /**
   * Across challenges the order is the place (1 + the entries ahead on the score's board). A
   * place never falls as the key grows, so a challenge's share of the first offset + limit rows
   * is among its first offset + limit by key and any later ones tied on place with the last of
   * those (no entry between their keys). Each challenge with scores waiting is found by a skip
   * scan of the queue's index and its candidates read from it by a range scan; their places
   * are counted in one pass over them and the entries below them, per challenge; the page is
   * cut from them. The work grows with the challenges waiting and the page's depth, not the queue.
   */
  async function acrossChallenges() {
    const first = q.offset + q.limit;
    const mine = sql`sv.queue_key is not null and sv.athlete_id <> ${judgeId}`;
    // The planner's estimates for the laterals are large and PostgreSQL's JIT would spend far longer compiling than the page takes.
    const page = await db.transaction(async (tx) => {
      await tx.execute(sql`set local jit = off`);
      return rowsOf<{ score_id: number; place: number }>(
        tx as unknown as Database,
        sql`with recursive open_challenges(id) as (
        (select sv.challenge_id from ${scoreVideos} sv where sv.queue_key is not null order by sv.challenge_id limit 1)
        union all
        select (select sv.challenge_id from ${scoreVideos} sv where sv.queue_key is not null and sv.challenge_id > o.id
          order by sv.challenge_id limit 1)
        from open_challenges o where o.id is not null),
      lasts as (
        select o.id as challenge_id, (select sv.queue_key from ${scoreVideos} sv where sv.challenge_id = o.id and ${mine}
          order by sv.queue_key offset ${first - 1}::int limit 1) as last_key
        from open_challenges o where o.id is not null),
      cut as (
        -- Fewer than offset + limit waiting, or no entry at or after the last: all of them (the rest tie on place).
        select l.challenge_id, coalesce((select min(e.sort_key) from ${challengeEntries} e
          where l.last_key is not null and e.challenge_id = l.challenge_id and e.sort_key >= l.last_key), 9223372036854775807) as upto
        from lasts l),
      candidates as (
        -- Fenced laterals (offset 0) and a keyed look-up: each challenge read by its index range whatever the estimates.
        select sv.score_id, sv.challenge_id, sv.queue_key as sort_key,
          (select s.submitted_at from ${challengeScores} s where s.id = sv.score_id) as submitted_at
        from cut cross join lateral (select sv.score_id, sv.challenge_id, sv.queue_key from ${scoreVideos} sv
          where sv.challenge_id = cut.challenge_id and ${mine} and sv.queue_key <= cut.upto offset 0) sv),
      tops as (select challenge_id, max(sort_key) as top from candidates group by challenge_id),
      marks as (
        select e.challenge_id, e.sort_key, 1 as entry, null::int as score_id, null::timestamptz as submitted_at
        from tops t cross join lateral (select e.challenge_id, e.sort_key from ${challengeEntries} e
          where e.challenge_id = t.challenge_id and e.sort_key < t.top offset 0) e
        union all
        select challenge_id, sort_key, 0, score_id, submitted_at from candidates),
      placed as (
        -- At an equal key the candidate comes before the entries: only keys strictly below count.
        select score_id, submitted_at, entry,
          1 + sum(entry) over (partition by challenge_id order by sort_key, entry rows unbounded preceding) as place
        from marks)
      select score_id, place::int as place from placed where entry = 0
      order by place, submitted_at, score_id limit ${q.limit} offset ${q.offset}`,
      );
    });
    if (page.length === 0) return [];
    const ids = page.map((p) => Number(p.score_id));
    const found = new Map((await queueRows(inArray(scoreVideos.scoreId, ids))).map((r) => [r.check.scoreId, r]));
    return page.flatMap((p) => {
      const row = found.get(Number(p.score_id));
      return row ? [{ ...row, place: p.place }] : [];
    });
  }
  const [counted] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(scoreVideos)
    .where(and(...where));
  return {
    items: rows.map((r) => present(ctx, { ...r, video: null, gaps: [] }, Number(r.place), judgeId)),
    total: Number(counted?.n ?? 0),
    offset: q.offset,
  };
}

/** One submission: for a certified judge, or for its athlete. */
export async function judgingSubmission(ctx: AppContext, viewerId: number, scoreId: number) {
  const db = ctx.database.db;
  const r = await load(db, scoreId, false);
  if (r.check.athleteId !== viewerId) {
    const judge = await judgeOf(db, viewerId);
    refuse(judgeRefusal(judge, { athleteId: r.check.athleteId, earlierJudges: [], appealed: false }, ctx.now()));
  }
  return present(ctx, r, await placeOf(db, r.score), viewerId);
}

/** The athlete's scores with video, newest first, with verdicts and marks. */
export async function myJudgedScores(ctx: AppContext, athleteId: number) {
  const db = ctx.database.db;
  const ids = await db
    .select({ id: scoreVideos.scoreId })
    .from(scoreVideos)
    .innerJoin(challengeScores, eq(challengeScores.id, scoreVideos.scoreId))
    .where(and(eq(scoreVideos.athleteId, athleteId), inArray(scoreVideos.state, [...CHECK_STATES]), isNull(challengeScores.deletedAt)))
    .orderBy(desc(scoreVideos.createdAt))
    .limit(100);
  const items = [];
  for (const { id } of ids) {
    const r = await load(db, id, false).catch(() => null);
    if (r) items.push(present(ctx, r, await placeOf(db, r.score), athleteId));
  }
  return { items };
}

/**
 * At most LIVE_CLAIMS_MAX live claims per judge (renewing one already held is fine): 409. The judge's account
 * row is locked first, so two claims at once by one judge are counted one after the other.
 */
async function refusePastClaimCap(tx: Tx, judgeId: number, scoreId: number, now: Date) {
  await tx.execute(sql`select id from users where id = ${judgeId} for update`);
  const [row] = await tx
    .select({ n: count() })
    .from(scoreVideos)
    .where(and(eq(scoreVideos.claimedBy, judgeId), gt(scoreVideos.claimedUntil, now), ne(scoreVideos.scoreId, scoreId)));
  if ((row?.n ?? 0) >= LIVE_CLAIMS_MAX) throw conflict(TOO_MANY_CLAIMS_TEXT);
}

/** Claims a submission for 30 minutes. Another judge's live claim: 409; past the judge's claim cap: 409. */
export async function claimSubmission(ctx: AppContext, judgeId: number, scoreId: number) {
  const db = ctx.database.db;
  const now = ctx.now();
  const judge = await judgeOf(db, judgeId);
  const r = await db.transaction(async (t) => {
    const tx = t as unknown as Tx;
    const r = await load(tx, scoreId, true);
    const k = r.check;
    refuse(judgeRefusal(judge, { athleteId: k.athleteId, earlierJudges: k.judges, appealed: k.appealedAt !== null }, now));
    if (k.state === 'judged') throw conflict('This score has already been judged.');
    if (k.state === 'confirming') throw conflict('This verdict is waiting for a senior judge to confirm it; there is nothing to claim.');
    if (k.claimedBy !== null && k.claimedBy !== judgeId && k.claimedUntil && k.claimedUntil > now)
      throw conflict(`Another judge is judging this score until ${k.claimedUntil.toISOString().slice(11, 16)} UTC.`);
    await refusePastClaimCap(tx, judgeId, scoreId, now);
    const until = new Date(now.getTime() + CLAIM_MINUTES * 60_000);
    const [check] = await tx
      .update(scoreVideos)
      .set({ claimedBy: judgeId, claimedUntil: until })
      .where(eq(scoreVideos.scoreId, scoreId))
      .returning();
    await audit(tx, scoreId, judgeId, 'claimed', { until: until.toISOString() }, now);
    return { ...r, check: check! };
  });
  return present(ctx, r, await placeOf(db, r.score), judgeId);
}

/**
 * Puts a verdict into effect in the caller's transaction: the score's value and key after the
 * penalty (from the original ones), rejected when invalid, the athlete's board entry recomputed,
 * the board's room told and the athlete notified.
 */
async function applyVerdict(tx: Tx, r: Loaded, verdict: Verdict, percent: number, reason: string | null, now: Date) {
  const c = r.challenge;
  const s = r.score;
  const value = penalizedValue(
    c.scoreType as ScoreType,
    { status: s.status as 'finished' | 'capped', value: Number(r.check.originalValue) },
    percent,
  );
  const key = sortKey(rulesOf(c), { status: s.status as 'finished' | 'capped', value, tiebreakMs: s.tiebreakMs }, s.division as Division);
  await tx
    .update(challengeScores)
    .set({
      value,
      sortKey: key,
      verification: verdict === 'invalid' ? 'rejected' : 'verified',
      reviewReason: verdict === 'invalid' ? reason : null,
      reviewedAt: now,
    })
    .where(eq(challengeScores.id, s.id));
  await recomputeEntry(tx, c.id, s.userId);
  await theaterChanged(tx, { scoreId: s.id });
  const place = await placeOf(tx, s);
  await publish(tx, [
    {
      to: { room: challengeRoom(c.id) },
      message: {
        type: 'leaderboard_updated',
        challenge_id: c.id,
        division: s.division as Division,
        user_id: s.userId,
        display_name: r.name,
        rank: place,
      },
    },
  ]);
  const words =
    verdict === 'valid' ? 'was judged valid' : `was judged: ${VERDICT_LABELS[verdict].toLowerCase()}${percent ? ` (${percent}%)` : ''}`;
  await notify(
    tx,
    {
      userId: s.userId,
      kind: 'score_judged',
      title: `Your video score in ${c.title} ${words}`,
      body: reason ?? '',
      link: '/my-results-page',
    },
    now,
  );
}

export interface VerdictBody {
  verdict: Verdict;
  penalty_percent?: number | null;
  reason?: string;
  rep_count?: number | null;
  marks?: { at_ms: number; note?: string | null }[];
}

/** The claiming judge's verdict. Valid or a minor penalty takes effect now; a major penalty or invalid waits for a senior judge. */
export async function giveVerdict(ctx: AppContext, judgeId: number, scoreId: number, body: VerdictBody) {
  const db = ctx.database.db;
  const now = ctx.now();
  const problem = verdictProblem(body);
  if (problem) throw badRequest(problem, body.verdict === 'valid' || !body.reason?.trim() ? 'reason' : 'penalty_percent');
  const judge = await judgeOf(db, judgeId);
  const reason = body.reason?.trim() || null;
  const marks = [...(body.marks ?? [])].map((m) => ({ at_ms: m.at_ms, note: m.note?.trim() || null })).sort((a, b) => a.at_ms - b.at_ms);
  const r = await db.transaction(async (t) => {
    const tx = t as unknown as Tx;
    const r = await load(tx, scoreId, true);
    const k = r.check;
    const appealed = k.appealedAt !== null;
    refuse(judgeRefusal(judge, { athleteId: k.athleteId, earlierJudges: k.judges, appealed }, now));
    const next = step(k.state as CheckState, { type: 'verdict', verdict: body.verdict }, appealed);
    if (k.claimedBy !== judgeId || !k.claimedUntil || k.claimedUntil <= now)
      throw conflict(`Claim this score before giving a verdict (a claim lasts ${CLAIM_MINUTES} minutes).`);
    const percent = penaltyOf(body.verdict, body.penalty_percent);
    const [check] = await tx
      .update(scoreVideos)
      .set({
        state: next,
        verdict: body.verdict,
        penaltyPercent: percent || null,
        verdictReason: reason,
        repCount: body.rep_count ?? null,
        marks,
        verdictBy: judgeId,
        verdictAt: now,
        confirmedBy: null,
        confirmedAt: null,
        judges: [...new Set([...k.judges, judgeId])],
        claimedBy: null,
        claimedUntil: null,
      })
      .where(eq(scoreVideos.scoreId, scoreId))
      .returning();
    await audit(
      tx,
      scoreId,
      judgeId,
      'verdict',
      { verdict: body.verdict, penalty_percent: percent, reason, rep_count: body.rep_count ?? null, marks },
      now,
    );
    const loaded = { ...r, check: check! };
    if (next === 'judged') await applyVerdict(tx, loaded, body.verdict, percent, reason, now);
    const [score] = await tx.select().from(challengeScores).where(eq(challengeScores.id, scoreId));
    return { ...loaded, score: score! };
  });
  return present(ctx, r, await placeOf(db, r.score), judgeId);
}

/** A senior judge, not the one who gave it, confirms a major penalty or invalid verdict (it takes effect), or sends it back to the queue. */
export async function confirmVerdict(ctx: AppContext, judgeId: number, scoreId: number, body: { agree: boolean; reason?: string }) {
  const db = ctx.database.db;
  const now = ctx.now();
  const judge = await judgeOf(db, judgeId);
  const r = await db.transaction(async (t) => {
    const tx = t as unknown as Tx;
    const r = await load(tx, scoreId, true);
    const k = r.check;
    const appealed = k.appealedAt !== null;
    refuse(
      judgeRefusal(judge, { athleteId: k.athleteId, earlierJudges: k.verdictBy ? [k.verdictBy] : [], appealed }, now, { senior: true }),
    );
    const next = step(k.state as CheckState, { type: 'confirm', agree: body.agree }, appealed);
    const set: Partial<CheckRow> = body.agree
      ? { state: next, confirmedBy: judgeId, confirmedAt: now, judges: [...new Set([...k.judges, judgeId])] }
      : { state: next, verdict: null, penaltyPercent: null, verdictReason: null, verdictBy: null, verdictAt: null };
    const [check] = await tx.update(scoreVideos).set(set).where(eq(scoreVideos.scoreId, scoreId)).returning();
    await audit(
      tx,
      scoreId,
      judgeId,
      body.agree ? 'confirmed' : 'sent_back',
      { verdict: k.verdict, reason: body.reason?.trim() || null },
      now,
    );
    const loaded = { ...r, check: check! };
    if (body.agree) await applyVerdict(tx, loaded, k.verdict as Verdict, k.penaltyPercent ?? 0, k.verdictReason, now);
    const [score] = await tx.select().from(challengeScores).where(eq(challengeScores.id, scoreId));
    return { ...loaded, score: score! };
  });
  return present(ctx, r, await placeOf(db, r.score), judgeId);
}

/** The athlete appeals a verdict once, for an objective error; it goes back to the queue for a judge who has not judged it. */
export async function appealVerdict(ctx: AppContext, athleteId: number, scoreId: number, body: { reason: string }) {
  const db = ctx.database.db;
  const now = ctx.now();
  const reason = body.reason.trim();
  if (reason.length < APPEAL_REASON.min || reason.length > APPEAL_REASON.max)
    throw badRequest(`Say what the judge got wrong (${APPEAL_REASON.min} to ${APPEAL_REASON.max} characters).`, 'reason');
  const r = await db.transaction(async (t) => {
    const tx = t as unknown as Tx;
    const r = await load(tx, scoreId, true);
    const k = r.check;
    if (k.athleteId !== athleteId) throw new ApiError(403, 'Only the athlete whose score it is can appeal its verdict.');
    if (k.state === 'judged' && k.verdict === 'valid') throw conflict('This score was judged valid: there is nothing to appeal.');
    const next = step(k.state as CheckState, { type: 'appeal' }, k.appealedAt !== null);
    const [check] = await tx
      .update(scoreVideos)
      .set({ state: next, appealReason: reason, appealedAt: now, claimedBy: null, claimedUntil: null })
      .where(eq(scoreVideos.scoreId, scoreId))
      .returning();
    await audit(tx, scoreId, athleteId, 'appealed', { reason }, now);
    return { ...r, check: check! };
  });
  return present(ctx, r, await placeOf(db, r.score), athleteId);
}
