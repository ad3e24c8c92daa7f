import { and, eq } from 'drizzle-orm';
import { personalRecords } from '#server/db/schema.ts';
import type { Database } from '#server/db/index.ts';
import { fromCanonical, type InputUnit, type TestUnit } from '#domain/measures.ts';

// One history of results: a verified best in a challenge linked to a catalogue test is also a
// personal-record candidate for that test, reviewed by the records' own approval rules.

/** The unit a test's stored value is written in, as a record's raw entry. */
const RAW_UNIT: Record<TestUnit, InputUnit> = {
  kg: 'kg',
  reps: 'reps',
  seconds: 'seconds',
  meters: 'm',
  calories: 'calories',
  points: 'points',
};

/** The day (YYYY-MM-DD) a moment falls on in the athlete's time zone. */
function dayIn(zone: string | null, at: Date): string {
  try {
    return new Intl.DateTimeFormat('en-CA', { timeZone: zone ?? 'UTC', year: 'numeric', month: '2-digit', day: '2-digit' }).format(at);
  } catch {
    return at.toISOString().slice(0, 10);
  }
}

/**
 * The pending personal record a verified challenge best stands for, inserted in the score's own
 * transaction: the statement is sent at once (the submission's COMMIT follows its statements
 * closely on PostgreSQL), so await the promise. It first withdraws the candidate this challenge left waiting for the same test. Null when the challenge has no linked test or
 * the result is not a finished one (a capped time is no record).
 */
export function recordCandidate(
  tx: Database,
  c: { id: number; testId: number | null },
  test: { unit: string } | null,
  score: { userId: number; status: string; value: number; at: Date; timeZone: string | null },
) {
  if (c.testId === null || !test || score.status !== 'finished') return null;
  const unit = test.unit as TestUnit;
  const value = fromCanonical(score.value, unit);
  // A newer best replaces the candidate still waiting from this challenge: judges see one per athlete and test.
  const superseded = tx
    .delete(personalRecords)
    .where(
      and(
        eq(personalRecords.userId, score.userId),
        eq(personalRecords.testId, c.testId),
        eq(personalRecords.challengeId, c.id),
        eq(personalRecords.source, 'challenge'),
        eq(personalRecords.status, 'pending'),
      ),
    )
    .execute();
  const inserted = tx
    .insert(personalRecords)
    .values({
      userId: score.userId,
      testId: c.testId,
      value,
      rawValue: String(value),
      rawUnit: RAW_UNIT[unit],
      achievedOn: dayIn(score.timeZone, score.at),
      challengeId: c.id,
      source: 'challenge',
      status: 'pending',
      submittedAt: score.at,
    })
    .execute();
  return Promise.all([superseded, inserted]);
}
