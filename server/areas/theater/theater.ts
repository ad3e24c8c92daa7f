import { and, desc, eq, isNotNull, isNull, ne, or, sql } from 'drizzle-orm';
import type { AppContext } from '#server/context.ts';
import type { Database } from '#server/db/index.ts';
import { challenges, challengeScores, scoreVideos, users, videos, videoVotes } from '#server/db/schema.ts';
import { ApiError, notFound } from '#server/errors.ts';
import { formatScore, type EncodedScore, type ScoreType } from '#domain/scoring/index.ts';
import { THEATER_LIMIT, type VoteValue } from '#domain/theater.ts';
import { loadChallenge, NO_CHALLENGE, theaterChanged } from '../challenges/index.ts';
import { challengeRoom, publish } from '#server/lib/realtime/realtime-events.ts';
import { presentTheaterVideo, videoService } from '../videos/index.ts';

// The community theater: a challenge's scores with a public video link, ranked by spectators' votes.
// A link the athlete gave is already public where it lives. An uploaded video is private (its signed
// links are minted for the owner, administrators and judges, and it was uploaded for judging), so it
// is listed only once its athlete chooses to show it (`score_videos.theater_shown_at`); its theater
// links (theaterKind) open it only while it is still shown (`shownInTheater`, asked on every request).

export const NO_THEATER_SCORE = 'No video score with that id.';
export const OWN_SCORE_TEXT = 'You cannot vote on your own video.';

/** An upload its athlete shows in the theater, still there, processed and not hidden by moderators. */
const shownUpload = and(
  isNotNull(scoreVideos.theaterShownAt),
  isNotNull(scoreVideos.videoId),
  eq(videos.status, 'ready'),
  isNull(videos.hiddenAt),
);

/** A score the theater shows: live, not hidden by moderators, not rejected, with an external link or a shown upload. */
const shown = and(
  isNull(challengeScores.deletedAt),
  isNull(challengeScores.hiddenAt),
  ne(challengeScores.verification, 'rejected'),
  or(isNotNull(scoreVideos.externalUrl), shownUpload),
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
  const svc = videoService(ctx);
  const up = sql<number>`coalesce(sum(case when ${videoVotes.value} = 1 then 1 else 0 end), 0)::int`;
  const down = sql<number>`coalesce(sum(case when ${videoVotes.value} = -1 then 1 else 0 end), 0)::int`;
  const total = sql<number>`coalesce(sum(${videoVotes.value}), 0)::int`;
  const mine =
    viewerId === null
      ? sql<number | null>`null::int`
      : sql<number | null>`max(case when ${videoVotes.userId} = ${viewerId} then ${videoVotes.value} end)::int`;
  const rows = await db
    .select({ score: challengeScores, url: scoreVideos.externalUrl, video: videos, name: users.displayName, up, down, total, mine })
    .from(scoreVideos)
    .innerJoin(challengeScores, eq(challengeScores.id, scoreVideos.scoreId))
    .innerJoin(users, eq(users.id, challengeScores.userId))
    .leftJoin(videos, eq(videos.id, scoreVideos.videoId))
    .leftJoin(videoVotes, eq(videoVotes.scoreId, scoreVideos.scoreId))
    // A hidden challenge's theater (its creator and administrators) keeps to links: theater links of uploads stop there.
    .where(and(eq(scoreVideos.challengeId, c.id), c.hiddenAt ? and(shown, isNotNull(scoreVideos.externalUrl)) : shown))
    .groupBy(challengeScores.id, scoreVideos.scoreId, users.id, videos.id)
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
        video_url: r.url,
        video: r.url === null && r.video ? presentTheaterVideo(svc, r.video, viewerId ?? 0) : null,
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
    .leftJoin(videos, eq(videos.id, scoreVideos.videoId))
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

/** Whether the theater shows this uploaded video now: what a theater link is checked against on every request. */
export async function shownInTheater(db: Database, videoId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: scoreVideos.scoreId })
    .from(scoreVideos)
    .innerJoin(challengeScores, eq(challengeScores.id, scoreVideos.scoreId))
    .innerJoin(challenges, eq(challenges.id, scoreVideos.challengeId))
    .innerJoin(videos, eq(videos.id, scoreVideos.videoId))
    .where(and(eq(scoreVideos.videoId, videoId), shown, shownUpload, isNull(challenges.deletedAt), isNull(challenges.hiddenAt)));
  return row !== undefined;
}

/** The athlete shows the uploaded video of their own score in the challenge's theater, or withdraws it. */
export async function showInTheater(ctx: AppContext, athleteId: number, scoreId: number, show: boolean) {
  return ctx.database.db.transaction(async (tx) => {
    const [row] = await tx
      .select({ check: scoreVideos, score: challengeScores, status: videos.status, videoHidden: videos.hiddenAt })
      .from(scoreVideos)
      .innerJoin(challengeScores, eq(challengeScores.id, scoreVideos.scoreId))
      .innerJoin(challenges, eq(challenges.id, scoreVideos.challengeId))
      .leftJoin(videos, eq(videos.id, scoreVideos.videoId))
      .where(and(eq(scoreVideos.scoreId, scoreId), isNull(challengeScores.deletedAt), isNull(challenges.deletedAt)))
      .for('update', { of: scoreVideos });
    if (!row) throw notFound(NO_THEATER_SCORE);
    if (row.check.athleteId !== athleteId) throw new ApiError(403, 'Only the athlete whose score it is can show its video in the theater.');
    if (show) {
      const refused = showRefusal(row.check.videoId, row.status, row.score, row.videoHidden !== null);
      if (refused) throw new ApiError(422, refused);
    }
    const shownAt = show ? (row.check.theaterShownAt ?? ctx.now()) : null;
    if ((row.check.theaterShownAt === null) !== (shownAt === null)) {
      await tx.update(scoreVideos).set({ theaterShownAt: shownAt }).where(eq(scoreVideos.scoreId, scoreId));
      await theaterChanged(tx, { scoreId });
    }
    return { score_id: scoreId, shown: show };
  });
}

function showRefusal(
  videoId: string | null,
  status: string | null,
  score: { hiddenAt: Date | null; verification: string },
  videoHidden: boolean,
): string | null {
  if (!videoId || status === null) return 'This score has no uploaded video to show: a linked video is in the theater already.';
  if (status !== 'ready') return 'That video is not ready yet: show it once it has finished processing.';
  if (score.hiddenAt) return 'Moderators hid this score, so its video cannot be shown.';
  if (videoHidden) return 'Moderators hid this video, so it cannot be shown.';
  if (score.verification === 'rejected') return 'A judge found this score invalid, so its video cannot be shown.';
  return null;
}
