import { and, asc, count, desc, eq, inArray, isNull } from 'drizzle-orm';
import type { AppContext } from '#server/context.ts';
import type { Database } from '#server/db/index.ts';
import { timelineAllowed } from '../settings/index.ts';
import { deliverTimelinePost } from './timeline.ts';
import { athleteProfiles, challenges, personalRecords, testBests, tests, timelinePosts, users, videos } from '#server/db/schema.ts';
import { ApiError, badRequest, conflict, isUniqueViolation, notFound } from '#server/errors.ts';
import { checkRecordVideo, RECORD_VIDEO_FIELD, recordVideoView, VIDEO_TAKEN } from './record-video.ts';
import { celebratePersonalRecord } from '../realtime/index.ts';
import { checkBounds, formatMeasure, toTestUnit, type Direction, type InputUnit, type TestUnit } from '#domain/measures.ts';
import { normalizedFor, refreshBests } from './bests.ts';
import { bestsWithRanks, globalStanding } from './rankings.ts';
import { measured } from './tests-catalogue.ts';
import { claimKey, keepAnswer, keptAnswer, type IdempotentCall } from '#server/lib/idempotency.ts';

/** An athlete may have this many submissions waiting for review at once. */
export const MAX_PENDING_SUBMISSIONS = 20;
/** Results from before this day are not taken. */
export const EARLIEST_RESULT_DAY = '1950-01-01';

export interface PersonalRecordInput {
  test_id: number;
  value: string | number;
  unit: InputUnit;
  achieved_on: string;
  evidence_url?: string | null;
  note?: string | null;
  challenge_id?: number | null;
  video_id?: string | null;
}

type RecordRow = typeof personalRecords.$inferSelect;
type TestRow = typeof tests.$inferSelect;
type ReviewStatus = 'pending' | 'approved' | 'rejected';

/** Today's date (YYYY-MM-DD) in a time zone. */
function todayIn(zone: string, now: Date): string {
  try {
    return new Intl.DateTimeFormat('en-CA', { timeZone: zone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(now);
  } catch {
    return now.toISOString().slice(0, 10);
  }
}

const isCalendarDay = (day: string) => /^\d{4}-\d{2}-\d{2}$/.test(day) && new Date(`${day}T00:00:00Z`).toISOString().slice(0, 10) === day;

function checkEvidence(url: string | null | undefined): string | null {
  const text = url?.trim();
  if (!text) return null;
  let parsed: URL | null;
  try {
    parsed = new URL(text);
  } catch {
    parsed = null;
  }
  if (!parsed || (parsed.protocol !== 'http:' && parsed.protocol !== 'https:')) {
    throw badRequest('The evidence link must be an http:// or https:// address, such as a video or a results page.');
  }
  return text;
}

/** The shape a record is shown in; `bestRecordId` says which record is the athlete's best on the test. */
function presentRecord(
  r: RecordRow,
  test: Pick<TestRow, 'name' | 'unit' | 'direction'>,
  challengeTitle: string | null,
  bestRecordId: number | null,
) {
  return {
    id: r.id,
    user_id: r.userId,
    test_id: r.testId,
    test_name: test.name,
    unit: test.unit as TestUnit,
    direction: test.direction as Direction,
    value: r.value,
    raw_value: r.rawValue,
    raw_unit: r.rawUnit as InputUnit,
    achieved_on: r.achievedOn,
    evidence_url: r.evidenceUrl,
    note: r.note,
    challenge_id: r.challengeId,
    challenge_title: challengeTitle,
    source: r.source as 'submission' | 'historical' | 'challenge',
    status: r.status as ReviewStatus,
    normalized_score: r.normalizedScore,
    review_reason: r.reviewReason,
    reviewed_at: r.reviewedAt ? r.reviewedAt.toISOString() : null,
    submitted_at: r.submittedAt.toISOString(),
    is_best: bestRecordId === r.id,
  };
}

/** Records with their test, challenge title and the athlete's current best record id. */
function recordsQuery(db: Database) {
  return db
    .select({
      record: personalRecords,
      test: tests,
      challengeTitle: challenges.title,
      bestRecordId: testBests.recordId,
      bestValue: testBests.value,
      video: videos,
    })
    .from(personalRecords)
    .innerJoin(tests, eq(tests.id, personalRecords.testId))
    .leftJoin(challenges, eq(challenges.id, personalRecords.challengeId))
    .leftJoin(testBests, and(eq(testBests.userId, personalRecords.userId), eq(testBests.testId, personalRecords.testId)))
    .leftJoin(videos, eq(videos.id, personalRecords.videoId))
    .$dynamic();
}

async function loadRecordView(ctx: AppContext, id: number, viewerId: number, db: Database = ctx.database.db) {
  const [row] = await recordsQuery(db).where(eq(personalRecords.id, id));
  if (!row) throw notFound('No personal-record submission with that id.');
  return { ...presentRecord(row.record, row.test, row.challengeTitle, row.bestRecordId), video: recordVideoView(ctx, row.video, viewerId) };
}

export async function submitPersonalRecord(
  ctx: AppContext,
  userId: number,
  input: PersonalRecordInput,
  idempotent: IdempotentCall | null = null,
): Promise<RecordView> {
  const db = ctx.database.db;
  const now = ctx.now();
  // A retried submission with its Idempotency-Key answers as the first did and stores nothing (server/lib/idempotency.ts).
  const kept = idempotent && (await keptAnswer(db, userId, idempotent, now));
  if (kept) return kept.body as RecordView;
  const [test] = await db.select().from(tests).where(eq(tests.id, input.test_id));
  if (!test || test.status === 'draft') throw notFound('No test with that id.');
  if (test.status !== 'active') throw badRequest(`${test.name} has been retired and no longer takes new records.`);
  const unit = test.unit as TestUnit;
  const value = measured(() => toTestUnit(input.value, input.unit, unit));
  measured(() => checkBounds(value, { min: test.minValue, max: test.maxValue }, unit, test.name));
  const rawValue = String(input.value).trim();
  if (rawValue.length > 32) throw badRequest('Type the result in at most 32 characters.');
  const day = input.achieved_on;
  if (!isCalendarDay(day)) throw badRequest(`${day} is not a calendar day: use YYYY-MM-DD.`);
  if (day < EARLIEST_RESULT_DAY) throw badRequest('Results from before 1950 are not taken.');
  const evidenceUrl = checkEvidence(input.evidence_url);
  const note = input.note?.trim() || null;
  const challengeId = input.challenge_id ?? null;
  if (challengeId !== null) {
    const [c] = await db
      .select({ id: challenges.id })
      .from(challenges)
      .where(and(eq(challenges.id, challengeId), isNull(challenges.deletedAt)));
    if (!c) throw notFound('No challenge with that id.');
  }
  const videoId = await checkRecordVideo(db, userId, input.video_id);
  const insert = db.transaction(async (tx) => {
    if (idempotent) {
      const replay = await claimKey(tx as unknown as Database, userId, idempotent, now);
      if (replay) return { replay: replay.body as RecordView };
    }
    // The account row is the lock that keeps two submissions from both slipping under the limit.
    const [user] = await tx.select({ zone: users.timeZone }).from(users).where(eq(users.id, userId)).for('update');
    if (!user) throw notFound('No athlete with that id.');
    const today = todayIn(user.zone, now);
    if (day > today) throw badRequest(`${day} is in the future: today is ${today} in your time zone (${user.zone}).`);
    const [pending] = await tx
      .select({ n: count() })
      .from(personalRecords)
      .where(and(eq(personalRecords.userId, userId), eq(personalRecords.status, 'pending')));
    if ((pending?.n ?? 0) >= MAX_PENDING_SUBMISSIONS) {
      throw badRequest(`You already have ${MAX_PENDING_SUBMISSIONS} results waiting for review; submit more once some have been reviewed.`);
    }
    const [row] = await tx
      .insert(personalRecords)
      .values({
        userId,
        testId: test.id,
        value,
        rawValue,
        rawUnit: input.unit,
        achievedOn: day,
        evidenceUrl,
        note,
        challengeId,
        videoId,
        source: 'submission',
        status: 'pending',
        submittedAt: now,
      })
      .returning({ id: personalRecords.id });
    if (!idempotent) return { id: row!.id };
    // The answer is kept with the record, so it is read in this transaction.
    const view = await loadRecordView(ctx, row!.id, userId, tx as unknown as Database);
    await keepAnswer(tx as unknown as Database, userId, idempotent, { status: 201, body: view });
    return { replay: view };
  });
  const done = await insert.catch((error: unknown) => {
    // Two submissions with one video at once: the unique index lets one through.
    throw isUniqueViolation(error) ? new ApiError(409, VIDEO_TAKEN, RECORD_VIDEO_FIELD) : error;
  });
  return done.replay ?? loadRecordView(ctx, done.id!, userId);
}

type RecordView = Awaited<ReturnType<typeof loadRecordView>>;

const MY_RECORDS_LIMIT = 500;

export async function myPersonalRecords(ctx: AppContext, userId: number, q: { test_id?: number; status?: ReviewStatus }) {
  const db = ctx.database.db;
  const rows = await recordsQuery(db)
    .where(
      and(
        eq(personalRecords.userId, userId),
        q.test_id === undefined ? undefined : eq(personalRecords.testId, q.test_id),
        q.status === undefined ? undefined : eq(personalRecords.status, q.status),
      ),
    )
    .orderBy(desc(personalRecords.submittedAt), desc(personalRecords.id))
    .limit(MY_RECORDS_LIMIT);
  const [bests, global] = await Promise.all([bestsWithRanks(db, userId), globalStanding(db, userId)]);
  return {
    items: rows.map((r) => ({
      ...presentRecord(r.record, r.test, r.challengeTitle, r.bestRecordId),
      video: recordVideoView(ctx, r.video, userId),
    })),
    bests: q.test_id === undefined ? bests : bests.filter((b) => b.test_id === q.test_id),
    global,
  };
}

export async function pendingPersonalRecords(ctx: AppContext, page: { offset: number; limit: number }, reviewerId: number) {
  const db = ctx.database.db;
  const pending = eq(personalRecords.status, 'pending');
  const [rows, [total]] = await Promise.all([
    recordsQuery(db)
      .where(pending)
      .orderBy(asc(personalRecords.submittedAt), asc(personalRecords.id))
      .offset(page.offset)
      .limit(page.limit),
    db.select({ n: count() }).from(personalRecords).where(pending),
  ]);
  const ids = [...new Set(rows.map((r) => r.record.userId))];
  const people = ids.length
    ? await db
        .select({ id: users.id, name: users.displayName, sex: athleteProfiles.sex })
        .from(users)
        .leftJoin(athleteProfiles, eq(athleteProfiles.userId, users.id))
        .where(inArray(users.id, ids))
    : [];
  const byId = new Map(people.map((p) => [p.id, p]));
  return {
    items: rows.map((r) => ({
      ...presentRecord(r.record, r.test, r.challengeTitle, r.bestRecordId),
      video: recordVideoView(ctx, r.video, reviewerId),
      athlete_name: byId.get(r.record.userId)?.name ?? 'Former athlete',
      athlete_sex: (byId.get(r.record.userId)?.sex as 'male' | 'female' | null) ?? null,
      current_best: r.bestValue ?? null,
    })),
    total: total?.n ?? 0,
  };
}

/** Locks a submission for review; only a pending one can be reviewed. */
async function lockPending(tx: Database, id: number) {
  const [record] = await tx.select().from(personalRecords).where(eq(personalRecords.id, id)).for('update');
  if (!record) throw notFound('No personal-record submission with that id.');
  if (record.status !== 'pending') throw conflict(`This submission has already been ${record.status}.`);
  return record;
}

/**
 * Approves a submission: it is scored against the athlete's standard and counts. When it is a
 * new best, the athlete's ranks move, the personal-record event goes out (at commit) and a
 * timeline post is written.
 */
export async function approvePersonalRecord(ctx: AppContext, reviewerId: number, id: number) {
  const db = ctx.database.db;
  const now = ctx.now();
  const outcome = await db.transaction(async (tx): Promise<{ postId: number | null } | null> => {
    const t = tx as unknown as Database;
    const record = await lockPending(t, id);
    const [test] = await tx.select().from(tests).where(eq(tests.id, record.testId));
    const [profile] = await tx.select().from(athleteProfiles).where(eq(athleteProfiles.userId, record.userId));
    const score = normalizedFor(test!, profile ?? null, record.value);
    await tx
      .update(personalRecords)
      .set({ status: 'approved', normalizedScore: score, reviewedBy: reviewerId, reviewedAt: now, reviewReason: null })
      .where(eq(personalRecords.id, id));
    const changed = await refreshBests(t, [{ userId: record.userId, testId: record.testId }]);
    const best = changed.find((c) => c.recordId === record.id);
    if (!best) return null;
    await celebratePersonalRecord(
      t,
      {
        user_id: record.userId,
        test_name: test!.name,
        test_id: test!.id,
        challenge_id: record.challengeId,
        new_record_value_raw: record.rawValue,
        new_record_unit_raw: record.rawUnit,
        achieved_date: record.achievedOn,
      },
      now,
    );
    // The athlete may keep records off the community timeline (social settings).
    if (!(await timelineAllowed(t, record.userId, 'personal_record'))) return { postId: null };
    const display = formatMeasure(record.value, test!.unit as TestUnit);
    const [post] = await tx
      .insert(timelinePosts)
      .values({
        userId: record.userId,
        kind: 'personal_record',
        body: `New personal record on ${test!.name}: ${display}`,
        payload: {
          record_id: record.id,
          test_id: test!.id,
          test_name: test!.name,
          value: record.value,
          unit: test!.unit,
          display,
          previous_value: best.previousValue,
          normalized_score: score,
          achieved_on: record.achievedOn,
        },
        createdAt: now,
      })
      .returning({ id: timelinePosts.id });
    return { postId: post!.id };
  });
  // After commit, the post also goes to the community site (when one is configured).
  const postId = outcome?.postId ?? null;
  if (postId !== null) ctx.tasks.defer('timeline delivery', () => deliverTimelinePost(ctx, postId));
  return { record: await loadRecordView(ctx, id, reviewerId), new_best: outcome !== null };
}

export async function rejectPersonalRecord(ctx: AppContext, reviewerId: number, id: number, reason: string) {
  const why = reason.trim();
  if (why.length < 3) throw badRequest('Give the athlete a reason (at least 3 characters).');
  const db = ctx.database.db;
  await db.transaction(async (tx) => {
    await lockPending(tx as unknown as Database, id);
    await tx
      .update(personalRecords)
      .set({ status: 'rejected', reviewReason: why, reviewedBy: reviewerId, reviewedAt: ctx.now() })
      .where(eq(personalRecords.id, id));
  });
  return { record: await loadRecordView(ctx, id, reviewerId), new_best: false };
}
