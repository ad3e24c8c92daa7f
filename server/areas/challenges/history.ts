import { and, asc, desc, eq, isNull } from 'drizzle-orm';
import type { AppContext } from '#server/context.ts';
import { challengeEntries, challenges, challengeScores, scoreVideos, users } from '#server/db/schema.ts';
import type { Division, ScoreType } from '#domain/scoring/index.ts';
import { loadChallenge, presentScore } from './challenge.ts';
import { rankOf } from '#server/lib/boards/rank-slices.ts';

// Scores as lists: an athlete's own submissions, and a challenge's score history for replay.

export async function mySubmissions(ctx: AppContext, userId: number) {
  const db = ctx.database.db;
  const rows = await db
    .select({
      score: challengeScores,
      challenge: challenges,
      best: challengeEntries.scoreId,
      category: challengeEntries.category,
      judgement: {
        verdict: scoreVideos.verdict,
        penaltyPercent: scoreVideos.penaltyPercent,
        reason: scoreVideos.verdictReason,
        originalValue: scoreVideos.originalValue,
      },
    })
    .from(challengeScores)
    .innerJoin(challenges, eq(challenges.id, challengeScores.challengeId))
    .leftJoin(challengeEntries, and(eq(challengeEntries.challengeId, challengeScores.challengeId), eq(challengeEntries.userId, userId)))
    .leftJoin(scoreVideos, eq(scoreVideos.scoreId, challengeScores.id))
    .where(and(eq(challengeScores.userId, userId), isNull(challengeScores.deletedAt), isNull(challenges.deletedAt)))
    .orderBy(desc(challengeScores.submittedAt), desc(challengeScores.id))
    .limit(200);
  const items = [];
  for (const r of rows) {
    const isBest = r.best === r.score.id;
    items.push({
      challenge: { id: r.challenge.id, title: r.challenge.title, score_type: r.challenge.scoreType as ScoreType },
      score: presentScore(r.challenge, r.score, r.judgement),
      is_best: isBest,
      rank: isBest ? await rankOf(db, r.challenge.id, r.score.sortKey, r.category ?? '') : null,
    });
  }
  return { items };
}

export async function scoreHistory(ctx: AppContext, id: number) {
  const db = ctx.database.db;
  const c = await loadChallenge(db, id);
  const rows = await db
    .select({ score: challengeScores, name: users.displayName })
    .from(challengeScores)
    .innerJoin(users, eq(users.id, challengeScores.userId))
    .where(and(eq(challengeScores.challengeId, id), isNull(challengeScores.deletedAt), eq(challengeScores.verification, 'verified')))
    .orderBy(asc(challengeScores.submittedAt), asc(challengeScores.id))
    .limit(100_000);
  const ranked = [...rows]
    .sort((a, b) => (a.score.sortKey < b.score.sortKey ? -1 : a.score.sortKey > b.score.sortKey ? 1 : a.score.id - b.score.id))
    .map((r) => r.score.id);
  return {
    challenge_id: c.id,
    ranked,
    items: rows.map((r) => ({
      athlete: { wp_user_id: r.score.userId, display_name: r.name },
      division: r.score.division as Division,
      score: presentScore(c, r.score),
    })),
  };
}
