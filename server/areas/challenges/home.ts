import { and, asc, desc, eq, gte, isNull } from 'drizzle-orm';
import type { AppContext } from '#server/context.ts';
import { challengeScores, personalRecords, tests, users } from '#server/db/schema.ts';
import { formatScore, type Division, type EncodedScore, type ScoreType } from '#domain/scoring/index.ts';
import { discover } from './discovery.ts';

// The home page's live data: a few open challenges, today's best on each, the newest personal records.

export const HOME_OPEN_CHALLENGES = 6;
export const HOME_RECENT_RECORDS = 6;

function startOfUtcDay(now: Date): Date {
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()));
}

export async function homeFeed(ctx: AppContext) {
  const db = ctx.database.db;
  const now = ctx.now();
  const dayStart = startOfUtcDay(now);
  // Open public challenges, ending soonest first (challenges_public_idx), with their participant counts.
  const open = await discover(ctx, { status: 'open', limit: HOME_OPEN_CHALLENGES });

  // Today's best on each listed board: today's verified scores of one challenge are a range of
  // scores_challenge_time_idx, ranked by sort_key in SQL; one row per challenge comes back.
  const leaders = await Promise.all(
    open.items.map(async (c) => {
      const [row] = await db
        .select({ score: challengeScores, name: users.displayName })
        .from(challengeScores)
        .innerJoin(users, eq(users.id, challengeScores.userId))
        .where(
          and(
            eq(challengeScores.challengeId, c.id),
            gte(challengeScores.submittedAt, dayStart),
            isNull(challengeScores.deletedAt),
            eq(challengeScores.verification, 'verified'),
          ),
        )
        .orderBy(asc(challengeScores.sortKey), asc(challengeScores.submittedAt), asc(challengeScores.id))
        .limit(1);
      if (!row) return null;
      const encoded: EncodedScore = {
        status: row.score.status as EncodedScore['status'],
        value: row.score.value,
        tiebreakMs: row.score.tiebreakMs,
      };
      return {
        challenge: { id: c.id, title: c.title, score_type: c.score_type as ScoreType },
        athlete: { wp_user_id: row.score.userId, display_name: row.name },
        division: row.score.division as Division,
        display: formatScore(c.score_type as ScoreType, encoded, { repsPerRound: c.reps_per_round }),
        submitted_at: row.score.submittedAt.toISOString(),
      };
    }),
  );

  // The newest approved personal records (personal_records_status_idx, read backwards).
  const records = await db
    .select({ record: personalRecords, name: users.displayName, test: tests.name })
    .from(personalRecords)
    .innerJoin(users, eq(users.id, personalRecords.userId))
    .innerJoin(tests, eq(tests.id, personalRecords.testId))
    .where(eq(personalRecords.status, 'approved'))
    .orderBy(desc(personalRecords.submittedAt), desc(personalRecords.id))
    .limit(HOME_RECENT_RECORDS);

  return {
    open_challenges: open.items,
    todays_leaders: leaders.filter((l) => l !== null),
    recent_records: records.map((r) => ({
      id: r.record.id,
      athlete: { wp_user_id: r.record.userId, display_name: r.name },
      test_name: r.test,
      value: r.record.rawValue,
      unit: r.record.rawUnit,
      normalized_score: r.record.normalizedScore,
      achieved_on: r.record.achievedOn,
      submitted_at: r.record.submittedAt.toISOString(),
    })),
    generated_at: now.toISOString(),
  };
}
