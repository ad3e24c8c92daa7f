import { and, desc, eq, isNotNull, isNull, ne, sql } from 'drizzle-orm';
import type { AppContext } from '../context.ts';
import type { Database } from '../db/index.ts';
import { challenges, challengeScores, scoreVideos, users, videoVotes } from '../db/schema.ts';
import { ApiError, notFound } from '../errors.ts';
import { formatScore, type EncodedScore, type ScoreType } from '../../domain/scoring/index.ts';
import { THEATER_LIMIT, type VoteValue } from '../../domain/theater.ts';
import { loadChallenge, NO_CHALLENGE } from './challenges/challenge.ts';
import { challengeRoom, publish } from './realtime/realtime-events.ts';

// The community theater: a challenge's scores with a public video link, ranked by spectators' votes.
// Uploaded videos are private (their signed links are minted for the owner, administrators and
// judges only, and the athlete uploaded them for judging, not for showing), so the theater lists
// scores whose athlete gave an external link (already public where it lives).

export const NO_THEATER_SCORE = 'No video score with that id.';
export const OWN_SCORE_TEXT = 'You cannot vote on your own video.';

/** A score the theater shows: live, not hidden by moderators, not rejected, with an external link. */
const shown = and(
  isNull(challengeScores.deletedAt),
  isNull(challengeScores.hiddenAt),
  ne(challengeScores.verification, 'rejected'),
  isNotNull(scoreVideos.externalUrl),
);

export interface Tally {
  score_id: number;
  up: number;
  down: number;
  total: number;
}

async function tallyOf(db: Database, scoreId: number): Promise<Tally> {
  const [row] = await db
    .select({
      up: sql<number>`count(*) filter (where ${videoVotes.value} = 1)::int`,
      down: sql<number>`count(*) filter (where ${videoVotes.value} = -1)::int`,
    })
    .from(videoVotes)
    .where(eq(videoVotes.scoreId, scoreId));
  const up = Number(row?.up ?? 0);
  const down = Number(row?.down ?? 0);
  return { score_id: scoreId, up, down, total: up - down };
}

/** A challenge's theater; a challenge hidden by moderators only for its creator and administrators, like its page. */
export async function theaterOf(ctx: AppContext, challengeId: number, viewer: { id: number; isAdmin: boolean } | null) {
  const db = ctx.database.db;
  const c = await loadChallenge(db, challengeId);
  if (c.hiddenAt && !(viewer && (viewer.id === c.creatorId || viewer.isAdmin))) throw notFound(NO_CHALLENGE);
  const viewerId = viewer?.id ?? null;
  const up = sql<number>`coalesce(sum(case when ${videoVotes.value} = 1 then 1 else 0 end), 0)::int`;
  const down = sql<number>`coalesce(sum(case when ${videoVotes.value} = -1 then 1 else 0 end), 0)::int`;
  const total = sql<number>`coalesce(sum(${videoVotes.value}), 0)::int`;
  const mine =
    viewerId === null
      ? sql<number | null>`null::int`
      : sql<number | null>`max(case when ${videoVotes.userId} = ${viewerId} then ${videoVotes.value} end)::int`;
  const rows = await db
    .select({ score: challengeScores, url: scoreVideos.externalUrl, name: users.displayName, up, down, total, mine })
    .from(scoreVideos)
    .innerJoin(challengeScores, eq(challengeScores.id, scoreVideos.scoreId))
    .innerJoin(users, eq(users.id, challengeScores.userId))
    .leftJoin(videoVotes, eq(videoVotes.scoreId, scoreVideos.scoreId))
    .where(and(eq(scoreVideos.challengeId, c.id), shown))
    .groupBy(challengeScores.id, scoreVideos.scoreId, users.id)
    .orderBy(desc(total), desc(up), challengeScores.sortKey, challengeScores.id)
    .limit(THEATER_LIMIT);
  return {
    challenge_id: c.id,
    items: rows.map((r) => {
      const encoded: EncodedScore = {
        status: r.score.status as EncodedScore['status'],
        value: r.score.value,
        tiebreakMs: r.score.tiebreakMs,
      };
      return {
        score_id: r.score.id,
        athlete: { wp_user_id: r.score.userId, display_name: r.name },
        display: formatScore(c.scoreType as ScoreType, encoded, { repsPerRound: c.repsPerRound }),
        verification: r.score.verification as 'verified' | 'unverified',
        video_url: r.url!,
        submitted_at: r.score.submittedAt.toISOString(),
        votes: { up: Number(r.up), down: Number(r.down), total: Number(r.total) },
        my_vote: viewerId === null || r.mine === null ? null : (Number(r.mine) as VoteValue),
        mine: viewerId === r.score.userId,
      };
    }),
  };
}

/** The score a vote is for, or 404 / 403. */
async function votable(db: Database, scoreId: number, voterId: number) {
  const [row] = await db
    .select({ id: challengeScores.id, userId: challengeScores.userId, challengeId: challengeScores.challengeId })
    .from(scoreVideos)
    .innerJoin(challengeScores, eq(challengeScores.id, scoreVideos.scoreId))
    .innerJoin(challenges, eq(challenges.id, scoreVideos.challengeId))
    .where(and(eq(scoreVideos.scoreId, scoreId), shown, isNull(challenges.deletedAt), isNull(challenges.hiddenAt)));
  if (!row) throw notFound(NO_THEATER_SCORE);
  if (row.userId === voterId) throw new ApiError(403, OWN_SCORE_TEXT);
  return row;
}

async function announce(tx: Database, challengeId: number, tally: Tally) {
  await publish(tx, [
    { to: { room: challengeRoom(challengeId) }, message: { type: 'theater_votes', challenge_id: challengeId, ...tally } },
  ]);
}

export async function castVote(ctx: AppContext, voterId: number, scoreId: number, value: VoteValue) {
  return ctx.database.db.transaction(async (tx) => {
    const s = await votable(tx, scoreId, voterId);
    const now = ctx.now();
    await tx
      .insert(videoVotes)
      .values({ scoreId, userId: voterId, challengeId: s.challengeId, value, updatedAt: now })
      .onConflictDoUpdate({ target: [videoVotes.scoreId, videoVotes.userId], set: { value, updatedAt: now } });
    const tally = await tallyOf(tx, scoreId);
    await announce(tx, s.challengeId, tally);
    return { ...tally, my_vote: value };
  });
}

export async function removeVote(ctx: AppContext, voterId: number, scoreId: number) {
  return ctx.database.db.transaction(async (tx) => {
    const s = await votable(tx, scoreId, voterId);
    const gone = await tx
      .delete(videoVotes)
      .where(and(eq(videoVotes.scoreId, scoreId), eq(videoVotes.userId, voterId)))
      .returning({ v: videoVotes.value });
    const tally = await tallyOf(tx, scoreId);
    if (gone.length) await announce(tx, s.challengeId, tally);
    return { ...tally, my_vote: null };
  });
}
