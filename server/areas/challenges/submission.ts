import { sql } from 'drizzle-orm';
import type { AppContext } from '#server/context.ts';
import type { Database } from '#server/db/index.ts';
import { challenges } from '#server/db/schema.ts';
import { ApiError, conflict, notFound } from '#server/errors.ts';
import { checkBounds, fromCanonical, MeasureError, type TestUnit } from '#domain/measures.ts';
import { scoreEffects, ensureStreakRows, streakFromJson } from '../realtime/index.ts';
import { rowFromJson, statement } from '#server/db/statement.ts';
import { STREAK_TYPES } from '#domain/achievement-rules.ts';
import { challengeRoom, type RealtimeEnvelope } from '#server/lib/realtime/realtime-events.ts';
import {
  encodeScore,
  formatScore,
  sortKey,
  validateScore,
  type Division,
  type EncodedScore,
  type ScoreType,
} from '#domain/scoring/index.ts';
import { challengeStatus, rulesOf, NO_CHALLENGE, foundChallenge, presentScore, schemeOf, type ChallengeRow } from './challenge.ts';
import { categorySizeSql, placeOfKey, slicesMoved } from '#server/lib/boards/rank-slices.ts';
import { boardName } from '#domain/places.ts';
import { scoreInputFor } from './score-input.ts';
import { recordCandidate } from './record-candidate.ts';
import { claimKey, keepAnswer, keptAnswer, type IdempotentCall } from '#server/lib/idempotency.ts';
import { placeInChallenge } from './places.ts';
import { attachScoreVideo, checkScoreVideo, planScoreVideo, type AttachedCheck, type VideoRuleRow } from './score-video.ts';

// The score submission: the hot path, one transaction in two round trips, its statements built once.

/** A result more than this much better than the current leader (with enough entries) waits for review. */
export const UNVERIFIED_MARGIN = 0.5;
export const UNVERIFIED_MIN_ENTRIES = 5;

/**
 * Is this result so far beyond the leader that a person should look first? `leaders` are the
 * division's first entries in board order (finishers sort before capped athletes).
 */
function holdsForReview(c: ChallengeRow, score: EncodedScore, leaders: { value: number; status: string }[]): boolean {
  if (score.status !== 'finished') return false;
  if (leaders.length < UNVERIFIED_MIN_ENTRIES || leaders.some((l) => l.status !== 'finished')) return false;
  const leader = Number(leaders[0]!.value);
  return c.scoreType === 'time' ? score.value < leader * (1 - UNVERIFIED_MARGIN) : score.value > leader * (1 + UNVERIFIED_MARGIN);
}

/** What the review card says about a held result: the leader it was measured against. */
function heldReasonFor(c: ChallengeRow, leaders: { value: number; status: string }[]): string {
  const leader = formatScore(
    c.scoreType as ScoreType,
    { status: 'finished', value: Number(leaders[0]!.value), tiebreakMs: null },
    { repsPerRound: c.repsPerRound },
  );
  return `More than ${UNVERIFIED_MARGIN * 100}% beyond the division’s leader (${leader}) with ${leaders.length} or more on the board.`;
}

/** A challenge linked to a catalogue test refuses a finished result outside the test's bounds, saying them. */
function refuseOutsideBounds(test: { name: string; unit: string; min: number; max: number }, value: number) {
  const unit = test.unit as TestUnit;
  try {
    checkBounds(fromCanonical(value, unit), { min: Number(test.min), max: Number(test.max) }, unit, test.name);
  } catch (error) {
    if (error instanceof MeasureError) throw new ApiError(422, error.message);
    throw error;
  }
}

/** Who is submitting, locked for this transaction: their entry in the challenge, streaks and the division's leaders. */
interface Submitter {
  division: Division;
  sex: string | null;
  age_group: string | null;
  category: string;
  display_name: string;
  time_zone: string | null;
  leaders: { value: number; status: string }[];
  streaks: Record<string, unknown>[] | null;
  has_first_score: boolean;
}

// The submission's statements: each one's text is built once (server/db/statement.ts).

/**
 * The challenge and, locked for this transaction, the athlete's participation and streak
 * rows (created on a first submission), with the division's leaders and whether the
 * athlete already holds the first-score achievement. No row: no such challenge; a row
 * without a division: the athlete has not joined.
 */
const lockSubmitter = statement(
  ['challenge_id', 'user_id', 'now'],
  (v) => sql`with created as (
        insert into streaks (user_id, type, last_updated)
        select ${v.user_id}::int, t.type, ${v.now}::timestamptz from (values ${sql.raw(STREAK_TYPES.map((t) => `('${t}'::varchar)`).join(', '))}) as t(type)
        where not exists (select 1 from streaks where user_id = ${v.user_id}::int)
        on conflict do nothing
        returning *
      ), st as (select * from streaks where user_id = ${v.user_id}::int for update)
      select to_jsonb(c) as challenge, w.*,
        (select json_build_object('name', t.name, 'unit', t.unit, 'min', t.min_value, 'max', t.max_value)
           from tests t where t.id = c.test_id) as test,
        (select json_build_object('rule', r.rule, 'top_n', r.top_n) from challenge_video_rules r where r.challenge_id = c.id) as video_rule
      from challenges c left join lateral (
        select p.division, p.sex, p.age_group, p.category, u.display_name, u.time_zone,
          (select coalesce(json_agg(json_build_object('value', l.value::float8, 'status', l.status) order by l.sort_key), '[]'::json)
             from (select value, status, sort_key from challenge_entries
                   where challenge_id = p.challenge_id and division = p.division and category = p.category order by sort_key limit ${sql.raw(String(UNVERIFIED_MIN_ENTRIES))}) l) as leaders,
          (select json_agg(r) from (select row_to_json(st) as r from st union all select row_to_json(created) from created) x) as streaks,
          exists (select 1 from achievements a where a.user_id = u.id and a.key = 'first_score') as has_first_score
        from challenge_participants p join users u on u.id = p.user_id
        where p.challenge_id = c.id and p.user_id = ${v.user_id}::int
        for update of p
      ) w on true
      where c.id = ${v.challenge_id}::int`,
);

/** The athlete's board entry: a statement of its own, so it runs after the lock is held and sees a submission that held it before. */
const currentEntry = statement(
  ['challenge_id', 'user_id'],
  (v) =>
    sql`select sort_key::text as sort_key from challenge_entries where challenge_id = ${v.challenge_id}::int and user_id = ${v.user_id}::int`,
);

/** The score stored and, when it is the athlete's new best, their board entry, rank slices and board size moved. */
const storeScore = statement(
  [
    'challenge_id',
    'user_id',
    'division',
    'sex',
    'age_group',
    'category',
    'status',
    'value',
    'tiebreak_ms',
    'key',
    'verification',
    'note',
    'held_reason',
    'at',
    'is_best',
    'old_key',
    'rx',
    'scaled',
  ],
  (v) => sql`with best as (
      select ${v.is_best}::boolean as is_best, ${v.old_key}::bigint as old_key
    ), score as (
      insert into challenge_scores (challenge_id, user_id, division, status, value, tiebreak_ms, sort_key, verification, note, held_reason, submitted_at)
      values (${v.challenge_id}::int, ${v.user_id}::int, ${v.division}::varchar, ${v.status}::varchar, ${v.value}::bigint, ${v.tiebreak_ms}::int,
              ${v.key}::bigint, ${v.verification}::varchar, ${v.note}::varchar, ${v.held_reason}::varchar, ${v.at}::timestamptz)
      returning id
    ), entry as (
      insert into challenge_entries (challenge_id, user_id, score_id, division, sex, age_group, category, status, value, tiebreak_ms, sort_key, submitted_at)
      select ${v.challenge_id}::int, ${v.user_id}::int, score.id, ${v.division}::varchar, ${v.sex}::varchar, ${v.age_group}::varchar,
             ${v.category}::varchar, ${v.status}::varchar, ${v.value}::bigint,
             ${v.tiebreak_ms}::int, ${v.key}::bigint, ${v.at}::timestamptz
      from score, best where best.is_best
      on conflict (challenge_id, user_id) do update set score_id = excluded.score_id, division = excluded.division, sex = excluded.sex,
        age_group = excluded.age_group, category = excluded.category,
        status = excluded.status, value = excluded.value, tiebreak_ms = excluded.tiebreak_ms, sort_key = excluded.sort_key, submitted_at = excluded.submitted_at
    ), moved as (
      ${slicesMoved(
        v.challenge_id,
        v.category,
        sql`select ${v.key}::bigint, 1 from best where best.is_best
            union all select best.old_key, -1 from best where best.is_best and best.old_key is not null`,
      )}
    ), sized as (
      update challenges set rx_entries = rx_entries + ${v.rx}::int, scaled_entries = scaled_entries + ${v.scaled}::int
      from best where best.is_best and best.old_key is null and id = ${v.challenge_id}::int
    )
    select score.id from score`,
);

/**
 * Streaks, achievements and messages (realtime/achievements.ts), with the athlete's place read from
 * the board as this statement runs. The athlete's own entry is never ahead of itself, so
 * the place counts only others. (The key as a sub-select: planned without its value, the
 * statement keeps one cached plan.)
 */
const submissionEffects = scoreEffects(
  ['challenge_id', 'placed_at', 'category', 'division', 'board'],
  (v) =>
    sql`case when ${v.placed_at}::bigint is null then null else ${placeOfKey(v.challenge_id, null, sql`(select ${v.placed_at}::bigint)`, v.category)} end`,
  // The place on the athlete's own board (category × division) with its size and name, as every page says it.
  (v) => {
    const key = sql`(select ${v.placed_at}::bigint)`;
    return sql`(select case when ${v.placed_at}::bigint is null then null else
        jsonb_build_object('rank', b.rank, 'of', greatest(${categorySizeSql(v.challenge_id, v.category, v.division)}, b.rank),
          'board', ${v.board}::varchar, 'category', ${v.category}::varchar, 'division', ${v.division}::varchar) end
      from (select case when ${v.division}::varchar = 'scaled' then ${placeOfKey(v.challenge_id, 'scaled', key, v.category)}
        else ${placeOfKey(v.challenge_id, null, key, v.category)} end as rank) b)`;
  },
);

/**
 * One score in one transaction, in two rounds of pipelined statements. First: the challenge
 * with a lock on the athlete's participation and streaks (and the division's leaders), and
 * then, after the lock, their current entry. Second: the score stored and, when it is their
 * new best, their board entry, rank slices and board size moved; then streaks, achievements
 * and the messages, with the athlete's place read from the updated board. PostgreSQL sends
 * the messages only if all of it commits.
 */
export async function submitScore(
  ctx: AppContext,
  userId: number,
  id: number,
  given: Record<string, unknown>,
  idempotent: IdempotentCall | null = null,
) {
  const now = ctx.now();
  // The score's video (judging.ts): checked before the transaction, stored in it once the score's place is known.
  const { video_id, video_url, ...body } = given;
  const kept = idempotent && (await keptAnswer(ctx.database.db, userId, idempotent, now));
  if (kept) return kept.body as SubmittedScore;
  const video = await checkScoreVideo(ctx.database.db, userId, { video_id, video_url });
  const note = typeof body.note === 'string' ? body.note.trim() || null : null;
  const outcome = await ctx.database.db.transaction(async (tx) => {
    const txDb = tx as unknown as Database;
    // A retried submission with its Idempotency-Key answers as the first did and stores nothing (server/lib/idempotency.ts).
    const replay = idempotent && (await claimKey(txDb, userId, idempotent, now));
    if (replay) return { result: replay.body as SubmittedScore };
    const lock = async () => {
      const [row] = await lockSubmitter<
        Submitter & {
          challenge: Record<string, unknown>;
          test: { name: string; unit: string; min: number; max: number } | null;
          video_rule: VideoRuleRow | null;
        }
      >(txDb, {
        challenge_id: id,
        user_id: userId,
        now: now.toISOString(),
      });
      // Both drivers hand json columns back parsed.
      return row && { ...row, challenge: foundChallenge(rowFromJson(challenges, row.challenge)) };
    };
    const [locked, [current]] = await Promise.all([
      lock(),
      currentEntry<{ sort_key: string }>(txDb, { challenge_id: id, user_id: userId }),
    ]);
    if (!locked) throw notFound(NO_CHALLENGE);
    const c = locked.challenge;
    let who: Submitter = locked;
    const status = challengeStatus(c, now);
    if (status === 'upcoming') throw conflict('This challenge has not opened yet.');
    if (status === 'closed') throw conflict('This challenge has closed; scores can no longer be submitted.');
    const rules = rulesOf(c);
    const encoded = validateScore(
      rules,
      encodeScore(rules, scoreInputFor(rules.scoreType, body), (body.tiebreak_ms as number | undefined) ?? null),
    );
    if (!who.division) throw conflict('Join this challenge before submitting a score.');
    const videoPlan = planScoreVideo(id, userId, video, locked.video_rule);
    if (locked.test && encoded.status === 'finished') refuseOutsideBounds(locked.test, encoded.value);
    if ((who.streaks?.length ?? 0) < STREAK_TYPES.length) {
      // Another request created this athlete's streaks while we waited: read them again.
      await ensureStreakRows(txDb, userId, now);
      who = (await lock())!;
    }
    const division = who.division;
    const key = sortKey(rules, encoded, division);
    const review = holdsForReview(c, encoded, who.leaders);
    const previous = current ? BigInt(current.sort_key) : null;
    const isBest = !review && (previous === null || key < previous);
    const placedAt = isBest ? key : previous;
    const store = storeScore<{ id: number }>(txDb, {
      challenge_id: id,
      user_id: userId,
      division,
      sex: who.sex,
      age_group: who.age_group,
      category: who.category,
      status: encoded.status,
      value: encoded.value,
      tiebreak_ms: encoded.tiebreakMs,
      key: String(key),
      verification: review ? 'unverified' : 'verified',
      note,
      held_reason: review ? heldReasonFor(c, who.leaders) : null,
      at: now.toISOString(),
      is_best: isBest,
      old_key: previous === null ? null : String(previous),
      rx: division === 'rx' ? 1 : 0,
      scaled: division === 'scaled' ? 1 : 0,
    });
    // Where the athlete stands (the rank is filled in as the next statement reads the board), and for a new best that the board moved.
    const announced: RealtimeEnvelope[] = [
      {
        to: { user: userId },
        message: { type: 'progress_update', challenge_id: c.id, challenge_title: c.title, place: null, is_best: isBest },
      },
    ];
    if (isBest) {
      announced.push({
        to: { room: challengeRoom(c.id) },
        message: { type: 'leaderboard_updated', challenge_id: c.id, division, user_id: userId, display_name: who.display_name, rank: null },
      });
    }
    const effects = submissionEffects(
      txDb,
      {
        userId,
        at: now,
        improved: review || previous === null ? null : isBest,
        challengeTitle: c.title,
        streaks: (who.streaks ?? []).map(streakFromJson),
        timeZone: who.time_zone ?? 'UTC',
        hasFirstScore: who.has_first_score,
      },
      announced,
      {
        challenge_id: id,
        placed_at: placedAt === null ? null : String(placedAt),
        category: who.category ?? '',
        division,
        board: boardName(schemeOf(c), who.category ?? '', division),
      },
    );
    // Everything the answer needs but the score's id and the place, worked out before anything can commit.
    const shown = presentScore(c, {
      id: 0,
      challengeId: id,
      userId,
      division,
      status: encoded.status,
      value: encoded.value,
      tiebreakMs: encoded.tiebreakMs,
      sortKey: key,
      verification: review ? 'unverified' : 'verified',
      note,
      heldReason: review ? heldReasonFor(c, who.leaders) : null,
      reviewReason: null,
      reviewedAt: null,
      submittedAt: now,
      deletedAt: null,
      hiddenAt: null,
    });
    // A new verified best in a challenge linked to a test is a record candidate too, in this transaction.
    const candidate = isBest
      ? recordCandidate(txDb, c, locked.test, { userId, status: encoded.status, value: encoded.value, at: now, timeZone: who.time_zone })
      : null;
    const message = review
      ? 'That result is far beyond the current leaders, so it will rank once a judge has checked it.'
      : isBest
        ? `Your place on the board is updated.${candidate && locked.test ? ` It also counts as your ${locked.test.name} record once a judge approves it.` : ''}`
        : 'Your best score still stands.';
    const result = Promise.all([store, effects, candidate]).then(([[stored], { rank }]) => ({
      score: { ...shown, id: Number(stored!.id) },
      is_best: isBest,
      rank,
      message,
    }));
    if (videoPlan) {
      const done = await result;
      const checked = await attachScoreVideo(
        txDb,
        videoPlan,
        { id: done.score.id, value: encoded.value, sortKey: key, isBest, rank: done.rank },
        now,
      );
      const answer = checked ? { ...done, score: { ...done.score, video_check: checked } } : done;
      if (!idempotent) return { result: answer };
      // A replay answers byte for byte, so the kept answer holds the place that names its board too.
      const kept = { ...answer, place: answer.rank === null ? null : await placeInChallenge(txDb, id, userId) };
      await keepAnswer(txDb, userId, idempotent, { status: 201, body: kept });
      return { result: kept };
    }
    if (idempotent) {
      const done = await result;
      const kept = { ...done, place: done.rank === null ? null : await placeInChallenge(txDb, id, userId) };
      await keepAnswer(txDb, userId, idempotent, { status: 201, body: kept });
      return { result: kept };
    }
    if (ctx.database.kind !== 'postgres') return { result: await result };
    // On PostgreSQL the COMMIT goes out right behind these two statements instead of a round
    // trip later: once every microtask has run, both are in the connection's queue ahead of it.
    // A failure seen by then (in building a statement) throws here and rolls back; a statement
    // that fails later has aborted the transaction, so its COMMIT rolls back and `result`
    // rejects below.
    let failed: { error: unknown } | null = null;
    result.catch((error: unknown) => {
      failed = { error };
    });
    await new Promise((resolve) => setImmediate(resolve));
    if (failed) throw (failed as { error: unknown }).error;
    return { result };
  });
  return outcome.result;
}

type SubmittedScore = {
  score: ReturnType<typeof presentScore> & { video_check?: AttachedCheck };
  is_best: boolean;
  rank: number | null;
  message: string;
};
