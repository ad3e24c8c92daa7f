import { and, asc, count, desc, eq, inArray, isNull } from 'drizzle-orm';
import type { AppContext } from '#server/context.ts';
import { challengeEntries, challenges, challengeScores, kudos, scoreVideos, users } from '#server/db/schema.ts';
import type { Division, ScoreType } from '#domain/scoring/index.ts';
import { videoCheckOf } from '#domain/judging.ts';
import { loadChallenge, presentScore } from './challenge.ts';
import { rankOf } from '#server/lib/boards/rank-slices.ts';
import { placeOnBoard } from './places.ts';

// Scores as lists: an athlete's own submissions, and a challenge's score history for replay.

/** The most scores a replay plays. */
const HISTORY_LIMIT = 100_000;

export async function mySubmissions(ctx: AppContext, userId: number) {
  const db = ctx.database.db;
  const rows = await db
    .select({
      score: challengeScores,
      challenge: challenges,
      best: challengeEntries.scoreId,
      category: challengeEntries.category,
      division: challengeEntries.division,
      videoState: scoreVideos.state,
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
  const ids = rows.map((r) => r.score.id);
  // Kudos on each result (the follows area's table, kind 'score').
  const given = ids.length
    ? await db
        .select({ id: kudos.itemId, n: count() })
        .from(kudos)
        .where(and(eq(kudos.kind, 'score'), inArray(kudos.itemId, ids)))
        .groupBy(kudos.itemId)
    : [];
  const kudosOf = new Map(given.map((g) => [g.id, Number(g.n)]));
  const items = [];
  for (const r of rows) {
    const isBest = r.best === r.score.id;
    items.push({
      challenge: { id: r.challenge.id, title: r.challenge.title, score_type: r.challenge.scoreType as ScoreType },
      // A score with a video reads as the board shows it: Unverified until a judge has watched it.
      score: {
        ...presentScore(r.challenge, r.score, r.judgement),
        ...(r.videoState ? { video_check: videoCheckOf(r.videoState) } : {}),
      },
      is_best: isBest,
      rank: isBest ? await rankOf(db, r.challenge.id, r.score.sortKey, r.category ?? '') : null,
      place: isBest
        ? await placeOnBoard(db, r.challenge, { sortKey: r.score.sortKey, category: r.category ?? '', division: r.division as Division })
        : null,
      kudos: kudosOf.get(r.score.id) ?? 0,
    });
  }
  return { items };
}

export async function scoreHistory(ctx: AppContext, id: number) {
  const db = ctx.database.db;
  const c = await loadChallenge(db, id);
  const counted = and(eq(challengeScores.challengeId, id), isNull(challengeScores.deletedAt), eq(challengeScores.verification, 'verified'));
  const rows = await db
    .select({ score: challengeScores, name: users.displayName, category: challengeEntries.category })
    .from(challengeScores)
    .innerJoin(users, eq(users.id, challengeScores.userId))
    .leftJoin(
      challengeEntries,
      and(eq(challengeEntries.challengeId, challengeScores.challengeId), eq(challengeEntries.userId, challengeScores.userId)),
    )
    .where(counted)
    .orderBy(asc(challengeScores.submittedAt), asc(challengeScores.id))
    .limit(HISTORY_LIMIT);
  // Best first as the board ranks them, ordered by the database on the scores' sort key.
  const ranked = await db
    .select({ id: challengeScores.id })
    .from(challengeScores)
    .where(counted)
    .orderBy(asc(challengeScores.sortKey), asc(challengeScores.id))
    .limit(HISTORY_LIMIT);
  return {
    challenge_id: c.id,
    ranked: ranked.map((r) => r.id),
    items: rows.map((r) => ({
      athlete: { wp_user_id: r.score.userId, display_name: r.name },
      division: r.score.division as Division,
      category: r.category ?? '',
      score: presentScore(c, r.score),
    })),
  };
}
